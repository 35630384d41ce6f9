/**
 * A page's code fetched ahead of the visit, by name: startup.ts registers the public pages' loaders, and a
 * feature warms the next page (the letter while the registration is sent) without importing the app shell,
 * which imports the feature.
 */
const loaders = new Map<string, () => Promise<unknown>>();

export function registerPageLoader(name: string, load: () => Promise<unknown>): void {
  loaders.set(name, load);
}

/** Starts fetching the page's code; never throws (the visit fetches it again if this failed). */
export function preloadPage(name: string): void {
  void loaders
    .get(name)?.()
    .catch(() => undefined);
}
