import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '@web/lib/i18n/en';
import { hi } from '@web/lib/i18n/hi';
import { PHONE, screenshot } from '../support/browser';
import { useE2EStack } from '../support/e2e';

/**
 * `/` and `/registration` carry their first view in the HTML (frontend/first-views.ts): the page shows before the
 * app's code has run, and the app replaces it with its own first render without anything moving. The view cannot
 * be used in place of the app (inert, hidden from assistive technology, no ids). Needs `npm run build:web` first.
 */
const e2e = useE2EStack({ name: 'first-view', adminEmail: 'e2e-first-view@seed.local', adminPassword: 'e2e-first-view-pass-1' });
const { url, pageErrors } = e2e;

const PAGES = [
  {
    path: '/',
    heading: hi.home.instituteTitle,
    englishHeading: en.home.instituteTitle,
    second: 'main a[href="/registration#find"]',
  },
  { path: '/registration', heading: hi.registration.title, englishHeading: en.registration.title, second: 'main input' },
] as const;

type Box = { x: number; y: number; width: number; height: number };

/**
 * Where the heading and a second element of the page are drawn in the first view (as the HTML arrives) and in the
 * app's first render (the moment the app has replaced the view, before anything else changes).
 */
async function openWatchingTheSwap(page: Page, path: string, second: string) {
  await page.addInitScript((selector: string) => {
    const rect = (el: Element | null) => {
      const r = el?.getBoundingClientRect();
      return r && { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const at = () => [rect(document.querySelector('h1')), rect(document.querySelector(selector))];
    const seen: { view?: unknown; app?: unknown } = {};
    (window as unknown as { __swap: typeof seen }).__swap = seen;
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const root = document.getElementById('root')!;
      if (root.querySelector('.first-view')) seen.view = at();
      new MutationObserver((_, observer) => {
        if (root.querySelector('.first-view') || !root.querySelector('h1')) return;
        seen.app = at();
        observer.disconnect();
      }).observe(root, { childList: true, subtree: true });
    });
  }, second);
  await page.goto(url(path));
  await page.waitForFunction(() => (window as unknown as { __swap: { app?: unknown } }).__swap.app !== undefined);
  return page.evaluate(() => (window as unknown as { __swap: { view?: (Box | undefined)[]; app?: (Box | undefined)[] } }).__swap);
}

describe('the first view in the HTML', () => {
  for (const { path, heading, second } of PAGES) {
    it(`${path}: shows the page without JavaScript, unusable in place of the app, with the link to the simple form`, async () => {
      const ctx = await e2e.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
      try {
        const page = await e2e.newPage(ctx);
        await page.goto(url(path));
        const view = page.locator('#root > .first-view');
        await expect(view.locator('h1').textContent()).resolves.toBe(heading);
        expect(await view.locator('h1').isVisible()).toBe(true);
        expect(await view.getAttribute('inert')).toBe('');
        expect(await view.getAttribute('aria-hidden')).toBe('true');
        expect(await view.locator('[id], [for], [data-testid]').count()).toBe(0);
        expect(await page.getByRole('heading').count()).toBe(0);
        expect(await page.getByRole('link', { name: 'सरल फ़ॉर्म खोलें' }).isVisible()).toBe(true);
        await screenshot(page, `first-view${path === '/' ? '-home' : path.replace('/', '-')}-no-js`, { fullPage: false });
      } finally {
        await ctx.close();
      }
    });

    it(`${path}: is replaced by the app's own first render at the same place`, async () => {
      const ctx = await e2e.browser.newContext({ viewport: PHONE });
      try {
        const page = await e2e.newPage(ctx);
        const swap = await openWatchingTheSwap(page, path, second);
        expect(swap.view?.every(Boolean), 'the first view had the heading and the second element').toBe(true);
        expect(swap.app).toEqual(swap.view);
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(heading);
        expect(await page.locator('.first-view').count()).toBe(0);
        expect(await page.locator('h1').count()).toBe(1);
      } finally {
        await ctx.close();
      }
    });
  }

  it('a visitor who chose English gets the English page, with no Hindi view left', async () => {
    const ctx = await e2e.browser.newContext({ viewport: PHONE });
    try {
      await ctx.addInitScript(() => window.localStorage.setItem('lang', 'en'));
      for (const { path, englishHeading } of PAGES) {
        const page = await e2e.newPage(ctx);
        await page.goto(url(path));
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(englishHeading);
        expect(await page.locator('.first-view').count()).toBe(0);
        await page.close();
      }
    } finally {
      await ctx.close();
    }
  });

  it('is only in the HTML of / and /registration, not of other addresses of the app', async () => {
    for (const path of ['/', '/registration']) expect(await (await fetch(url(path))).text()).toContain('class="first-view"');
    for (const path of ['/registration/', '/about', '/admin', '/login', '/index.html']) {
      const html = await (await fetch(url(path))).text();
      expect(html, path).toContain('<div id="root"></div>');
    }
  });

  it('the pages raised no errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
