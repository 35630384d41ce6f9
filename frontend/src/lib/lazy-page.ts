import { createElement, lazy, useSyncExternalStore, type ComponentType } from 'react';

/**
 * A screen whose code is fetched on first use (React.lazy), with `preload` to start the fetch earlier (the
 * current page's screen, at start-up, next to its messages). While any screen's code is on its way,
 * usePageLoading() is true: the site header shows a progress bar over the page being left, which React
 * keeps on screen because the router's navigations are transitions. Once the code is in, the screen renders
 * straight away (no Suspense round), which is how the first page renders after main.tsx preloaded it.
 */
type PageModule = { default: ComponentType };

export interface LazyPage {
  Component: ComponentType;
  preload: () => Promise<PageModule>;
}

let pending = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let promise: Promise<PageModule> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () => {
    if (!promise) {
      pending++;
      emit();
      promise = load()
        .then((m) => {
          loaded = m.default;
          return m;
        })
        .finally(() => {
          pending--;
          emit();
        });
    }
    return promise;
  };
  const Lazy = lazy(preload);
  const Component = () => createElement(loaded ?? Lazy);
  return { Component, preload };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while a screen's code is being fetched. */
export function usePageLoading(): boolean {
  // The third argument serves the first views drawn at build time (src/first-view).
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}
