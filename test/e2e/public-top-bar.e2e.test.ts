import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectInView, goInApp, PHONE, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';

/**
 * The public top bar and the home page as a farmer meets them: Find my letter from every public page
 * (a 360 px phone in Hindi, a laptop in English), the home and registration pages while registrations are
 * closed, and one language choice shared by the public and the staff pages. Needs `npm run build:web` first.
 * With SHOTS_DIR set, the screenshots are also copied there.
 */
const ADMIN_EMAIL = 'e2e-top-bar-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-top-bar-admin-pass-1';

const e2e = useE2EStack({ name: 'top-bar', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { url, newPage, pageErrors } = e2e;

const shot = shotsOf('top-bar', { fullPage: false });

const phoneHindi = () => e2e.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
async function laptopEnglish(): Promise<BrowserContext> {
  const ctx = await e2e.browser.newContext({ viewport: DESKTOP });
  await ctx.addInitScript(() => localStorage.setItem('lang', 'en'));
  return ctx;
}

/**
 * One tab of a Hindi phone and one of an English laptop, shared by the tests below (each opens its addresses in
 * it, by a load or inside the app): a context and its renderer are started once per device, not once per test.
 */
let phoneTab: Page | undefined;
let laptopTab: Page | undefined;
const phonePage = async () => (phoneTab ??= await newPage(await phoneHindi()));
const laptopPage = async () => (laptopTab ??= await newPage(await laptopEnglish()));
afterAll(async () => {
  await phoneTab?.context().close();
  await laptopTab?.context().close();
});

const setConfig = async (key: string, value: string) =>
  expect((await e2e.asAdmin('POST', '/api/config', { key, value })).status).toBe(200);

/** Where each item of the top bar sits, and whether anything sticks out of the bar or the page. */
function measureBar(p: Page) {
  return p.evaluate(() => {
    const header = document.querySelector('header')!;
    const items = [...header.querySelectorAll<HTMLElement>('a, button')].map((el) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return {
        name: el.getAttribute('aria-label') ?? el.textContent ?? '',
        top: Math.round(r.top),
        middle: Math.round(r.top + r.height / 2),
        right: Math.round(r.right),
        height: Math.round(r.height),
        lineHeight: Number.parseFloat(style.lineHeight) || 0,
        textOverflows: el.scrollWidth > el.clientWidth + 1,
      };
    });
    return {
      items,
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
      headerOverflow: header.scrollWidth - header.clientWidth,
    };
  });
}

describe('Find my letter in the top bar', () => {
  it('on a 360 px phone in Hindi: said in words beside the language switch, named and titled; nothing overflows or wraps', async () => {
    const p = await phonePage();
    await p.goto(url('/'));
    const link = p.locator('header').getByRole('link', { name: 'मेरा पत्र खोजें' });
    await link.waitFor();
    await expect(link.getAttribute('title')).resolves.toBe('मेरा पत्र खोजें');
    await expect(link.innerText()).resolves.toBe('मेरा पत्र खोजें');
    await p.getByTestId('home-register').waitFor();

    const bar = await measureBar(p);
    expect(bar.pageOverflow).toBeLessThanOrEqual(0);
    expect(bar.headerOverflow).toBeLessThanOrEqual(0);
    for (const item of bar.items) {
      expect(item.right, `${item.name} ends inside the screen`).toBeLessThanOrEqual(PHONE.width);
      expect(item.textOverflows, `${item.name} is not cut`).toBe(false);
      // One line of text each (a wrapped label would be at least two lines tall).
      expect(item.height, `${item.name} stays on one line`).toBeLessThan(Math.max(item.lineHeight, 20) * 2 + 12);
    }
    const byName = (name: string) => bar.items.find((i) => i.name === name);
    const switchMiddle = bar.items.find((i) => i.name.includes('English'))?.middle ?? -1;
    const iconMiddle = byName('मेरा पत्र खोजें')?.middle ?? -100;
    expect(Math.abs(iconMiddle - switchMiddle), 'the icon sits in the first row, with the language switch').toBeLessThanOrEqual(
      2,
    );
    const nav = await p
      .locator('header nav')
      .locator('a, button')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(nav).size, 'the navigation keeps one row').toBe(1);
    await shot(p, 'bar-phone-hi');

    await link.click();
    await p.waitForURL((u) => u.pathname === '/registration' && u.hash === '#find');
    await expect.poll(() => p.evaluate(() => document.activeElement === document.querySelector('#find input'))).toBe(true);
    await expectInView(p, '#find', PHONE.height, 'the box is in view');
    await shot(p, 'find-letter-from-bar-phone-hi');
  });

  it('is on every public page', async () => {
    const p = await phonePage();
    // Screens with an element of their own are reached inside the app (the bar must still be there once the
    // screen is); the two addresses of nothing are loaded.
    const screens: [string, string | null][] = [
      ['/about', '[data-testid="about-page"]'],
      ['/login', 'input[name="password"]'],
      ['/registration', '[data-testid="registration-submit"]'],
      ['/svs/appointment/not-a-real-code-000000', null],
      ['/lot/NO-SUCH-LOT', null],
    ];
    for (const [path, own] of screens) {
      if (own) {
        await goInApp(p, path);
        await p.locator(own).waitFor();
      } else await p.goto(url(path));
      await p.getByTestId('top-find-letter').waitFor();
      await expect(p.getByTestId('top-find-letter').getAttribute('href'), path).resolves.toBe('/registration#find');
    }
  });

  it('on a laptop in English: the text beside the navigation, in one row; from the registration page too', async () => {
    const p = await laptopPage();
    await p.goto(url('/registration'));
    await p.getByTestId('registration-submit').waitFor(); // the app has taken the form's page over (decision 0042)
    const link = p.locator('header').getByRole('link', { name: 'Find my letter' });
    await link.waitFor();
    await expect(link.innerText()).resolves.toBe('Find my letter');
    const bar = await measureBar(p);
    expect(bar.pageOverflow).toBeLessThanOrEqual(0);
    const middles = bar.items.map((i) => i.middle);
    expect(Math.max(...middles) - Math.min(...middles), 'one row').toBeLessThanOrEqual(2);
    await shot(p, 'bar-desktop-en');

    await link.click();
    await p.waitForURL((u) => u.pathname === '/registration' && u.hash === '#find');
    await expect.poll(() => p.evaluate(() => document.activeElement === document.querySelector('#find input'))).toBe(true);
  });
});

describe('registrations closed', () => {
  beforeAll(async () => {
    await setConfig('Is_SVS_Form_On', 'false');
    await setConfig('RegistrationOpensNext', '2027-03-15');
  });
  afterAll(async () => {
    await setConfig('Is_SVS_Form_On', 'true');
    await setConfig('RegistrationOpensNext', '');
  });

  const badgeShown = (p: Page) =>
    p
      .locator('header')
      .getByText(/^(नया|New)$/)
      .isVisible();
  const registrationKnown = (p: Page) =>
    expect.poll(() => p.evaluate(() => document.documentElement.hasAttribute('data-registration-closed'))).toBe(true);

  it('a 360 px phone in Hindi: no Register button or New badge; when registrations open next, on home and the form', async () => {
    // A new phone: the one above holds the home summary and the form's status of open registrations in its cache.
    const ctx = await phoneHindi();
    const p = await newPage(ctx);
    await p.goto(url('/'));
    const closed = p.getByTestId('home-registration-closed');
    await closed.waitFor();
    await expect(closed.textContent()).resolves.toContain('अभी पंजीकरण बंद है।');
    const next = p.getByTestId('registration-opens-next');
    await next.waitFor();
    await expect(next.textContent()).resolves.toMatch(/^अगला पंजीकरण शुरू होगा: सोमवार, 15 मार्च 2027$/);
    await expect(p.getByTestId('home-register').count()).resolves.toBe(0);
    await expect(p.getByTestId('home-find-letter').isVisible()).resolves.toBe(true);
    await registrationKnown(p);
    await expect(badgeShown(p)).resolves.toBe(false);
    await expect(p.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
    await shot(p, 'home-closed-phone-hi');

    await goInApp(p, '/registration');
    await p.getByText('पंजीकरण बंद है', { exact: true }).waitFor();
    await expect(p.getByTestId('registration-opens-next').textContent()).resolves.toBe(
      'अगला पंजीकरण शुरू होगा: सोमवार, 15 मार्च 2027',
    );
    await registrationKnown(p);
    await expect(badgeShown(p)).resolves.toBe(false);
    await shot(p, 'registration-closed-phone-hi');
    await ctx.close();
  });

  it('a laptop in English: the date in English; a short text as typed; nothing announced says so', async () => {
    const ctx = await laptopEnglish();
    const p = await newPage(ctx);
    await p.goto(url('/'));
    await expect(p.getByTestId('registration-opens-next').textContent()).resolves.toBe(
      'Registration opens next: Monday, 15 March 2027',
    );
    await expect(p.getByTestId('home-registration-closed').textContent()).resolves.toContain(
      'Registrations are closed at present.',
    );
    await expect(p.getByTestId('home-register').count()).resolves.toBe(0);
    await registrationKnown(p);
    await expect(badgeShown(p)).resolves.toBe(false);
    await shot(p, 'home-closed-desktop-en');

    // The form's page inside the app: the home page's closed notice gives way to the form's.
    await goInApp(p, '/registration');
    await p.getByTestId('home-registration-closed').waitFor({ state: 'detached' });
    await expect(p.getByTestId('registration-opens-next').textContent()).resolves.toBe(
      'Registration opens next: Monday, 15 March 2027',
    );
    await shot(p, 'registration-closed-desktop-en');

    await ctx.close();

    // New laptops for each later text: a browser holds the answers it had for a while (their Cache-Control).
    await setConfig('RegistrationOpensNext', 'after the rabi harvest');
    const typed = await laptopEnglish();
    const q = await newPage(typed);
    await q.goto(url('/registration'));
    await expect(q.getByTestId('registration-opens-next').textContent()).resolves.toBe(
      'Registration opens next: after the rabi harvest',
    );
    await typed.close();

    await setConfig('RegistrationOpensNext', '');
    const none = await laptopEnglish();
    const r = await newPage(none);
    await r.goto(url('/'));
    await expect(r.getByTestId('registration-opens-next').textContent()).resolves.toBe(
      'The date registration opens next will be announced here.',
    );
    await shot(r, 'home-closed-not-announced-desktop-en');
    await none.close();
  });

  it('once open again, the home page shows Register and the New badge, and no closed notice', async () => {
    await setConfig('Is_SVS_Form_On', 'true');
    const ctx = await phoneHindi();
    const p = await newPage(ctx);
    await p.goto(url('/'));
    await expect.poll(() => p.getByTestId('home-register').isVisible()).toBe(true);
    await expect(p.getByTestId('home-registration-closed').count()).resolves.toBe(0);
    await expect(badgeShown(p)).resolves.toBe(true);
    await ctx.close();
    await setConfig('Is_SVS_Form_On', 'false');
  });
});

describe('one language for public and staff pages', () => {
  /** A laptop that has not been to the site: its first visit, then the choices made on it, in one tab. */
  let visitor: Page;
  afterAll(() => visitor?.context().close());

  it('a first visit keeps the defaults: Hindi on public pages, English on sign-in', async () => {
    visitor = await newPage(await e2e.browser.newContext({ viewport: DESKTOP }));
    const p = visitor;
    await p.goto(url('/login'));
    await p.getByRole('button', { name: 'Sign in' }).waitFor();
    await expect(p.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
    await p.goto(url('/'));
    await p.getByTestId('hero').locator('h1', { hasText: 'राष्ट्रीय बीज अनुसंधान संस्थान' }).waitFor();
  });

  it('English chosen on the home page stays English on sign-in and staff pages; Hindi chosen on a staff page stays on the home page', async () => {
    const p = visitor;
    // The home page as the first visit left it (no language chosen yet).
    await p.getByTestId('hero').waitFor();
    await expect(p.evaluate(() => document.documentElement.lang)).resolves.toBe('hi');
    await p.getByTestId('language-switch').click();
    await expect.poll(() => p.evaluate(() => document.documentElement.lang)).toBe('en');

    await p.goto(url('/login?next=%2Fadmin%2Fregistrations'));
    await p.getByRole('button', { name: 'Sign in' }).waitFor();
    await expect(p.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
    await e2e.submitSignIn(p);
    await p.waitForURL((u) => u.pathname === '/admin/registrations');
    await p.getByTestId('language-switch').waitFor();
    await expect(p.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
    await shot(p, 'staff-english-after-home');

    await p.getByTestId('language-switch').click();
    await expect.poll(() => p.evaluate(() => document.documentElement.lang)).toBe('hi');
    // Another staff screen by the menu, then the home page loaded afresh: the choice holds across loads.
    await p.locator('nav a[href="/admin/settings"]:visible').click();
    await p.getByRole('heading', { name: 'सेटिंग्स' }).waitFor();
    await shot(p, 'staff-hindi');

    await p.goto(url('/'));
    await p.getByTestId('hero').locator('h1', { hasText: 'राष्ट्रीय बीज अनुसंधान संस्थान' }).waitFor();
    await expect(p.evaluate(() => document.documentElement.lang)).resolves.toBe('hi');
  });
});

describe('the page', () => {
  it('raised no errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
