import type { Page } from 'playwright-core';

/**
 * Moves a page where the app is already loaded to `path` as the app's own links do (a history entry and the
 * popstate its router listens to), without loading and running the app's bundle again: the screen at `path`
 * mounts and reads its data as after a click on a link. `path` is the site's path, with its query if any.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}
