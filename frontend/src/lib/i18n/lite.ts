import { useMemo, useSyncExternalStore } from 'react';

/**
 * The part of i18next + react-i18next this app uses, in a few hundred bytes instead of ~17 KB gzip on every
 * page (docs/decisions/0011-public-bundle.md): one namespace, nested keys with '.', `{{name}}`
 * interpolation without escaping, English as the fallback language, the key itself when a text is
 * missing, and `useTranslation()` returning `{ t, i18n: { language } }`.
 *
 * The web build resolves `react-i18next` to this file (frontend/vite.config.ts), so screens keep importing
 * `useTranslation` from 'react-i18next' and tsc keeps checking every key against en.ts through i18next's
 * types (CustomTypeOptions in ./index.ts). lite.test.ts checks that this gives the same text as i18next for
 * every key of both languages and that screens import nothing else from react-i18next or i18next.
 */
type Bundle = Record<string, unknown>;
export type TOptions = Record<string, unknown>;

const FALLBACK = 'en';
const bundles = new Map<string, Bundle>();
let language = '';
/** Bumped by every change of language or messages: what useTranslation re-renders on. */
let version = 0;
const listeners = new Set<() => void>();

function changed() {
  version++;
  for (const l of listeners) l();
}

/** Adds groups of messages to a language; a group already there gets the texts added to it (parts share groups). */
export function addMessages(lng: string, messages: Bundle): void {
  const merged: Bundle = { ...bundles.get(lng) };
  for (const group in messages) {
    const more = messages[group];
    merged[group] = typeof more == 'object' ? { ...(merged[group] as Bundle), ...more } : more;
  }
  bundles.set(lng, merged);
  changed();
}

export function hasMessages(lng: string): boolean {
  return bundles.has(lng);
}

export function getLanguage(): string {
  return language;
}

/** Switches the language (its messages must be in) and re-renders every translated component. */
export function setLanguage(lng: string): void {
  if (lng === language) return;
  language = lng;
  changed();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function lookup(bundle: Bundle | undefined, key: string): string | undefined {
  let v: unknown = bundle;
  for (const part of key.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Bundle)[part];
  }
  return typeof v === 'string' ? v : undefined;
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/** The text of `key` (or of the first key found, for a list) in `lng`, else English, else the key. */
export function translate(lng: string, key: string | readonly string[], options?: TOptions): string {
  const keys = typeof key === 'string' ? [key] : key;
  let text: string | undefined;
  for (const k of keys) {
    text = lookup(bundles.get(lng), k) ?? (lng === FALLBACK ? undefined : lookup(bundles.get(FALLBACK), k));
    if (text !== undefined) break;
  }
  if (text === undefined) return keys[keys.length - 1] ?? '';
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const v = options?.[name.trim()];
    // As i18next: a value not given leaves the placeholder, null prints nothing.
    return v === undefined ? placeholder : v === null ? '' : String(v);
  });
}

/** react-i18next's hook, as the screens use it. */
export function useTranslation() {
  // The third argument serves the first views drawn at build time (src/first-view).
  const v = useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  return useMemo(() => {
    const lng = language;
    return {
      t: (key: string | readonly string[], options?: TOptions) => translate(lng, key, options),
      i18n: { language: lng },
    };
    // `v` (the store's version) stands for the language and its messages, which live outside React.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [v]);
}
