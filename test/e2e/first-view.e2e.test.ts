import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { en } from '@web/lib/i18n/en';
import { hi } from '@web/lib/i18n/hi';
import { PHONE, screenshot } from '../support/browser';
import { useE2EStack } from '../support/e2e';
import { LANGUAGE_COOKIE } from '@shared/routes';

/**
 * `/` carries its first view in the HTML (frontend/first-views.ts): the page shows before the app's code has run,
 * in the visitor's language (the cookie the app sets with the choice), and the app replaces it with its own first
 * render without anything moving. The view cannot be used in place of the app (inert, hidden from assistive
 * technology, no ids). `/registration`'s first view is the working form itself, drawn by the registrations
 * function in the same language (test/e2e/registration-first-view.e2e.test.ts). Needs `npm run build:web` first.
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

/** A phone whose visitor chose `lang` (the app keeps the choice in localStorage and in the site's cookie), or none. */
async function phone(o: { javaScript?: boolean; chose?: 'hi' | 'en'; cookie?: boolean } = {}) {
  const ctx = await e2e.browser.newContext({ viewport: PHONE, javaScriptEnabled: o.javaScript ?? true });
  if (o.chose) {
    const lang = o.chose;
    if (o.javaScript !== false) await ctx.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
    if (o.cookie !== false) await ctx.addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: url('/') }]);
  }
  return ctx;
}

/**
 * One phone without JavaScript for every look at the HTML alone (no cookie first, then the cookie the app set),
 * and the Hindi phone whose swap is watched goes on to choose English: two tabs fewer than one per test.
 */
let noScript: BrowserContext | undefined;
let hindiPhone: BrowserContext | undefined;
afterAll(async () => {
  await noScript?.close();
  await hindiPhone?.close();
});

describe('the first view in the HTML', () => {
  for (const { path, heading, englishHeading, second } of PAGES) {
    it(`${path}: shows the page without JavaScript, unusable in place of the app, with the link to the simple form`, async () => {
      noScript = await phone({ javaScript: false });
      const ctx = noScript;
      {
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
        await screenshot(page, 'first-view-home-no-js', { fullPage: false });
        await page.close();
      }
    });

    for (const lang of ['hi', 'en'] as const) {
      it(`${path} in ${lang}: is replaced by the app's own first render at the same place`, async () => {
        const ctx = await phone(lang === 'en' ? { chose: 'en' } : {});
        if (lang === 'hi') hindiPhone = ctx;
        try {
          const page = await e2e.newPage(ctx);
          const swap = await openWatchingTheSwap(page, path, second);
          expect(swap.view?.every(Boolean), 'the first view had the heading and the second element').toBe(true);
          expect(swap.app).toEqual(swap.view);
          await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
            lang === 'en' ? englishHeading : heading,
          );
          expect(await page.locator('html').getAttribute('lang')).toBe(lang);
          expect(await page.locator('.first-view').count()).toBe(0);
          expect(await page.locator('h1').count()).toBe(1);
        } finally {
          if (lang !== 'hi') await ctx.close();
        }
      });
    }
  }

  it('a visitor who chose English before the cookie existed gets the English page, and the English first views from then on', async () => {
    const ctx = await phone({ chose: 'en', cookie: false });
    try {
      for (const { path, englishHeading } of [...PAGES, { path: '/registration', englishHeading: en.registration.title }]) {
        const page = await e2e.newPage(ctx);
        await page.goto(url(path));
        await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(englishHeading);
        await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
        await page.close();
      }
      expect((await ctx.cookies(url('/'))).find((c) => c.name === LANGUAGE_COOKIE)?.value).toBe('en');
      // The phone without JavaScript of the first test, now with this visitor's cookie.
      const plain = noScript ?? (noScript = await phone({ javaScript: false }));
      {
        await plain.addCookies(await ctx.cookies(url('/')));
        const page = await plain.newPage();
        await page.goto(url('/'));
        expect(await page.locator('#root > .first-view h1').textContent()).toBe(en.home.instituteTitle);
        expect(await page.locator('html').getAttribute('lang')).toBe('en');
        // The registration form, drawn by the function, in the cookie's language.
        await page.goto(url('/registration'));
        expect(await page.locator('h1').textContent()).toBe(en.registration.title);
        expect(await page.locator('html').getAttribute('lang')).toBe('en');
        await page.close();
      }
    } finally {
      await ctx.close();
    }
  });

  it('the language switch keeps the choice for the site: the next / opens with the English view', async () => {
    // The Hindi phone of the swap above, its page still open on / (a new phone when that test did not run).
    const ctx = hindiPhone ?? (hindiPhone = await phone());
    try {
      const page = ctx.pages()[0] ?? (await e2e.newPage(ctx));
      if (page.url() === 'about:blank') await page.goto(url('/'));
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('hi');
      await page.getByTestId('language-switch').click();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
      const cookie = (await ctx.cookies(url('/'))).find((c) => c.name === LANGUAGE_COOKIE);
      expect(cookie?.value).toBe('en');
      expect(cookie?.sameSite).toBe('Lax');
      const html = await (await fetch(url('/'), { headers: { cookie: `${LANGUAGE_COOKIE}=en` } })).text();
      expect(html).toContain('<div class="first-view" lang="en"');
      expect(html).toContain(`>${en.home.instituteTitle}</h1>`);
    } finally {
      await ctx.close();
      hindiPhone = undefined;
    }
  });

  it('is only in the HTML of /, not of other addresses of the app; /registration is the form', async () => {
    expect(await (await fetch(url('/'))).text()).toContain('class="first-view"');
    const form = await (await fetch(url('/registration'))).text();
    expect(form).not.toContain('class="first-view"');
    expect(form).toContain('<form id="registration-form" method="post"');
    for (const path of ['/about', '/admin', '/login', '/index.html']) {
      const html = await (await fetch(url(path), { headers: { cookie: `${LANGUAGE_COOKIE}=en` } })).text();
      expect(html, path).toContain('<div id="root"></div>');
    }
  });

  it('the pages raised no errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
