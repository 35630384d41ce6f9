import { join } from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '@web/lib/i18n/en';
import { hi } from '@web/lib/i18n/hi';
import { DESKTOP, PHONE, shotsOf } from '../support/browser';
import { fillRegistrationForm } from '../support/registration-form';
import { useE2EStack } from '../support/e2e';
import { FIXTURES, newAadhaar, newMobile, useCrops } from '../fixtures/registration-helpers';
import { adminPostOf, createLot, TEST_STOCK_PRODUCER } from '../fixtures/catalogue';

/**
 * The notice and consent box of the registration form, and the footer's required pages, at 360 px in Hindi
 * and at 1280 px in English (docs/product-rules.md#notice-and-consent, #required-pages). With SHOTS_DIR set,
 * screenshots of each land there. Needs `npm run build:web` first.
 */
const e2e = useE2EStack({ name: 'consent', adminEmail: 'e2e-consent@seed.local', adminPassword: 'e2e-consent-pass-1' });
const { url, newPage, pageErrors } = e2e;

const VIEWS = {
  hi: { viewport: PHONE, lang: 'hi', text: hi, isMobile: true },
  en: { viewport: DESKTOP, lang: 'en', text: en, isMobile: false },
} as const;
type View = (typeof VIEWS)[keyof typeof VIEWS];

const contexts: Partial<Record<keyof typeof VIEWS, BrowserContext>> = {};

const shot = shotsOf('consent');

/** The notice and grievance officer as the admin saves them (first in this file: the forms below show them). */
const EDITED = {
  title: 'Your data and this form',
  titleHi: 'आपकी जानकारी और यह फ़ॉर्म',
  contact: '0512-2345678, registrar@example.org',
} as const;

async function pageIn(view: View): Promise<Page> {
  const key = view.lang;
  contexts[key] ??= await e2e.browser.newContext({
    viewport: view.viewport,
    locale: view.lang === 'hi' ? 'hi-IN' : 'en-IN',
    timezoneId: 'Asia/Kolkata',
    isMobile: view.isMobile,
    hasTouch: view.isMobile,
  });
  contexts[key].setDefaultTimeout(15_000);
  const page = await newPage(contexts[key]);
  await page.addInitScript((lng) => localStorage.setItem('lang', lng), view.lang);
  return page;
}

beforeAll(async () => {
  const post = adminPostOf(e2e);
  const crop = await e2e.asAdmin('POST', '/api/crops', { cropName: 'Wheat', description: 'Wheat seed' });
  expect(crop.status, crop.text).toBe(201);
  useCrops({ Wheat: crop.json.cropID });
  const producer = await post('/api/producers', TEST_STOCK_PRODUCER);
  expect(producer.status, producer.text).toBe(201);
  // The stock the form's registrations are given their dates from.
  await createLot(post, {
    producerID: producer.json.producerID,
    cropID: crop.json.cropID,
    quantityAvailable: 100_000,
    pricePerUnit: 1,
  });
}, 120_000);

describe('admins edit the notice and the grievance officer', () => {
  it('saves the notice in both languages on the Content blocks screen and the officer in Settings; the server serves them', async () => {
    const ctx = await e2e.browser.newContext({ viewport: DESKTOP, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
    ctx.setDefaultTimeout(15_000);
    const admin = await e2e.adminPage(ctx, '/admin/settings');
    await admin.locator('[name="GrievanceOfficerName"]').waitFor();
    await admin.locator('[name="GrievanceOfficerName"]').fill('Dr. Asha Verma, Registrar');
    await admin.locator('[name="GrievanceOfficerContact"]').fill('0512-2345678, registrar@example.org');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Settings saved.').waitFor();
    await shot(admin, 'settings-grievance-officer-en-1280');

    await admin.goto(url('/admin/cms/blocks'));
    const form = admin.locator('form');
    await form.locator('input[name="slug"]').fill('privacy-notice');
    await form.locator('input[name="title"]').fill(EDITED.title);
    await form.locator('textarea[name="body"]').fill('We collect your name and Aadhaar.\n\nWe keep the scan for 30 days.');
    await form.locator('input[name="titleHi"]').fill(EDITED.titleHi);
    await form.locator('textarea[name="bodyHi"]').fill('हम आपका नाम और आधार लेते हैं।\n\nस्कैन 30 दिन रखी जाती है।');
    await shot(admin, 'cms-notice-block-en-1280');
    await form.getByRole('button', { name: 'Save' }).click();
    await admin.locator('tr[data-block-slug="privacy-notice"]').waitFor();
    await ctx.close();

    // The settings are kept a few seconds by the server: the notice's answer (which the app reads when the form
    // is reached inside it) and the form's own page (which carries the notice) show them once that has passed.
    // Read outside the browser; the form in each language shows them below ('the notice and the consent box').
    await expect
      .poll(
        async () => {
          const notice = await e2e.asAdmin('GET', '/api/home/pages/privacy-notice');
          const page = await fetch(url('/registration')).then((r) => r.text());
          return [
            notice.json.title,
            notice.json.titleHi,
            notice.json.grievanceOfficerContact,
            page.includes(EDITED.titleHi),
            page.includes(EDITED.contact),
          ];
        },
        { timeout: 60_000, interval: 500 },
      )
      .toEqual([EDITED.title, EDITED.titleHi, EDITED.contact, true, true]);
  }, 120_000);
});

describe('the notice and the consent box', () => {
  for (const view of Object.values(VIEWS)) {
    it(`refuses the form without consent, saying so, then registers with it (${view.lang}, ${view.viewport.width} px)`, async () => {
      const page = await pageIn(view);
      await page.goto(url('/registration'));
      const notice = page.getByTestId('notice');
      await notice.waitFor();
      const notices = await e2e.asAdmin('GET', '/api/home/pages/privacy-notice');
      const title = view.lang === 'hi' ? notices.json.titleHi : notices.json.title;
      // The notice and officer as the admin edited them (above), in the form's language.
      expect(title).toBe(view.lang === 'hi' ? EDITED.titleHi : EDITED.title);
      await expect(notice.getByRole('heading').textContent()).resolves.toBe(title);
      await expect(page.getByTestId('notice-grievance').textContent()).resolves.toContain(notices.json.grievanceOfficerContact);
      await expect(page.getByTestId('notice-grievance').textContent()).resolves.toContain('registrar@example.org');
      await shot(page, `registration-notice-edited-${view.lang}-${view.viewport.width}`);

      await fillRegistrationForm(page, {
        name: view.lang === 'hi' ? 'कमला देवी' : 'Kamla Devi',
        fatherName: view.lang === 'hi' ? 'रामलाल' : 'Ram Lal',
        aadhaar: newAadhaar(7),
        mobile: newMobile(),
        village: 'बिठूर',
        block: 'कल्याणपुर',
        subDistrict: 'कानपुर सदर',
        district: 'Kanpur Nagar',
        crop: 'Wheat',
        bags: '1',
        file: join(FIXTURES, 'aadhaar-sample.pdf'),
      });
      await page.locator('#reg-consent').uncheck();
      await page.getByTestId('registration-submit').click();

      const error = page.getByTestId('consent-error');
      await error.waitFor();
      await expect(error.textContent()).resolves.toBe(view.text.sitePages.consentError);
      await expect(page.getByTestId('registration-summary-list').textContent()).resolves.toContain(
        view.text.sitePages.consentShort,
      );
      // The refusal moves the focus to the box.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('reg-consent');
      await notice.locator('summary').click();
      await shot(page, `registration-consent-refused-${view.lang}-${view.viewport.width}`);

      await page.locator('#reg-consent').check();
      await expect(error.count()).resolves.toBe(0);
      const submitted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/svsregistration');
      await page.getByTestId('registration-submit').click();
      // The form's language goes with it: the farmer's messages speak it.
      expect((await submitted).postDataJSON()).toMatchObject({ lang: view.lang, consent: true });
      await page.getByTestId('appointment-letter').waitFor({ timeout: 30_000 });
      await page.close();
    });
  }
});

/**
 * The footer is drawn by the app's site layout (one component) on its pages and by the server's page document on
 * the bill, lot and letter: the server's footer, in both languages, is checked on those pages' HTML in
 * test/integration/qr-pages-html.test.ts ('the footer of the bill, lot and letter pages'). The browser checks
 * the app's: opened at home (a first view the app takes over) and at the form (the server's form the app takes
 * over; '#find' is the same page), and on each required page as the footer's own links lead to it.
 */
describe('the footer of every public page', () => {
  const LINKS = [
    ['/privacy', 'privacy'],
    ['/terms', 'terms'],
    ['/contact', 'contact'],
    ['/accessibility', 'accessibility'],
    ['/sitemap', 'sitemap'],
  ] as const;

  /** The footer's links, in order, as the page shows them. */
  const expectFooterLinks = async (page: Page, view: View, name: string) => {
    const footer = page.getByRole('navigation', { name: view.text.sitePages.footerLabel });
    await footer.waitFor();
    const links = await footer.getByRole('link').evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.textContent]));
    expect(links, name).toEqual(LINKS.map(([href, key]) => [href, view.text.sitePages[key]]));
  };

  for (const view of Object.values(VIEWS)) {
    it(`links the required pages on the form and at home, and opens each from the footer in the page's language (${view.lang}, ${view.viewport.width} px); in English an unknown single name goes home`, async () => {
      const page = await pageIn(view);
      await page.goto(url('/registration'));
      // The registration form's own page is taken over by the app (decision 0042): the app's footer, then.
      await page.getByTestId('registration-submit').waitFor();
      await expectFooterLinks(page, view, 'registration');
      for (const [href, key] of LINKS) {
        const footer = page.getByRole('navigation', { name: view.text.sitePages.footerLabel });
        await footer.getByRole('link', { name: view.text.sitePages[key], exact: true }).click();
        await page.waitForURL((u) => u.pathname === href);
        // The page before stays on screen while the next one's code arrives: wait for the new page's heading.
        const heading = page.locator('main h1');
        if (key === 'sitemap') {
          await expect.poll(() => heading.textContent()).toBe(view.text.sitePages.sitemap);
          const listed = await page.locator('main li a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
          expect(listed).toEqual(expect.arrayContaining(['/', '/registration', '/draw', ...LINKS.map(([h]) => h)]));
        } else {
          const slug = {
            privacy: 'privacy-policy',
            terms: 'terms-of-use',
            contact: 'contact',
            accessibility: 'accessibility-statement',
          }[key];
          const text = (await e2e.asAdmin('GET', `/api/home/pages/${slug}`)).json;
          await expect.poll(() => heading.textContent()).toBe(view.lang === 'hi' ? text.titleHi : text.title);
          await expect(page.getByTestId('page-grievance').textContent()).resolves.toContain(text.grievanceOfficerName);
        }
        await expect.poll(() => page.title()).toContain(await heading.textContent());
        await expectFooterLinks(page, view, key);
        await shot(page, `page-${key}-${view.lang}-${view.viewport.width}`);
      }
      // Home, opened anew; in English by an unknown single name, which is sent home.
      if (view.lang === 'en') {
        await page.goto(url('/no-such-page'));
        await page.waitForURL((u) => u.pathname === '/');
      } else await page.goto(url('/'));
      await expectFooterLinks(page, view, 'home');
      await shot(page, `home-footer-${view.lang}-${view.viewport.width}`);
      await page.close();
    });
  }

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});

describe('Submit clicked with a mouse on a phone-sized screen', () => {
  it('registers on the first click: the notice comes with the form, however slow it is (hi, 360 px, no touch)', async () => {
    const ctx = await e2e.browser.newContext({ viewport: PHONE, locale: 'hi-IN', timezoneId: 'Asia/Kolkata' });
    ctx.setDefaultTimeout(15_000);
    const page = await newPage(ctx);
    await page.addInitScript(() => localStorage.setItem('lang', 'hi'));
    // A slow network: the notice's text comes after everything else. The form opened from a link carries it in
    // its page; reached inside the app (from the home page), the form waits for it. The notice's answer is held
    // until every other request of the page has been answered and none has been sent for a second (instead of a
    // fixed 4 s delay): by then the form has all it needs but the notice, and must not show its Submit yet.
    let noticeSent = false;
    let sendNotice = () => {};
    const noticeMayGo = new Promise<void>((resolve) => {
      sendNotice = resolve;
    });
    const isNotice = (r: Request) => new URL(r.url()).pathname === '/api/home/pages/privacy-notice';
    await page.route('**/api/home/pages/privacy-notice', async (route) => {
      await noticeMayGo;
      await route.continue();
      noticeSent = true;
    });
    const others = new Set<Request>();
    let lastActivity = Date.now();
    page.on('request', (r) => {
      if (!isNotice(r)) others.add(r);
      lastActivity = Date.now();
    });
    const settled = (r: Request) => {
      others.delete(r);
      lastActivity = Date.now();
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    await page.goto(url('/'));
    await page.getByTestId('home-register').click();
    await page.waitForURL((u) => u.pathname === '/registration');
    await expect
      .poll(() => others.size === 0 && Date.now() - lastActivity >= 1_000, { interval: 100, message: 'the page settles' })
      .toBe(true);
    expect(await page.getByTestId('registration-submit').count(), 'Submit waits for the notice').toBe(0);
    sendNotice();
    await page.getByTestId('registration-submit').waitFor();
    expect(noticeSent).toBe(true);
    expect(await page.getByTestId('notice').count()).toBe(1);
    await fillRegistrationForm(page, {
      name: 'कमला देवी',
      fatherName: 'रामलाल',
      aadhaar: newAadhaar(7),
      mobile: newMobile(),
      village: 'बिठूर',
      block: 'कल्याणपुर',
      subDistrict: 'कानपुर सदर',
      district: 'Kanpur Nagar',
      crop: 'Wheat',
      bags: '1',
      file: join(FIXTURES, 'aadhaar-sample.pdf'),
    });
    // The farmer scrolls to the bottom and aims at Submit: nothing comes in above it any more.
    await page.mouse.move(180, 400);
    await page.mouse.wheel(0, 3_000);
    const submit = page.getByTestId('registration-submit');
    await expect.poll(() => page.evaluate(() => window.scrollY + innerHeight >= document.body.scrollHeight - 1)).toBe(true);
    const aim = (await submit.boundingBox())!;
    await page.mouse.click(aim.x + aim.width / 2, aim.y + aim.height / 2);
    await page.waitForURL((u) => u.pathname.startsWith('/svs/appointment/'), { timeout: 10_000 });
    await ctx.close();
  });
});
