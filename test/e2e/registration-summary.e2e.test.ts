import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inLanguage } from '@shared/bilingual';
import { MSG_AADHAAR, MSG_ALREADY_REGISTERED, MSG_FORM_INVALID, MSG_MOBILE, MSG_REQUIRED } from '@shared/schemas/registration';
import { DESKTOP, PHONE, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';
import { fillRegistrationForm } from '../support/registration-form';
import { FIXTURES, newAadhaar, newMobile, registerFarmer, validFields } from '../fixtures/registration-helpers';
import { adminPostOf, stockCrop } from '../fixtures/catalogue';

/**
 * The public form opens empty, with hints, and a refused submit shows where the farmer looks: the focus on
 * the first field with a problem, and a summary just above the Submit button listing each problem as a link
 * to its field, announced by a live region; a server refusal (409) goes in the same summary. On a 360 px
 * phone in Hindi and at 1280 px in English. Needs `npm run build:web` first. With SHOTS_DIR set, the
 * screenshots are copied there too.
 */
const ADMIN_EMAIL = 'e2e-regsum-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-regsum-admin-pass-1';

const e2e = useE2EStack({ name: 'regsum', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { url, pageErrors } = e2e;
let wheatId = 0;

const shot = shotsOf('registration-summary');

const layouts = [
  {
    lang: 'hi',
    device: '360 px phone',
    viewport: PHONE,
    phone: true,
    labels: { Name: 'किसान का नाम', district: 'जिला', adharNumber: 'आधार नंबर (12 अंक)', mobile: 'मोबाइल नंबर (10 अंक)' },
    required: MSG_REQUIRED,
    aadhaar: MSG_AADHAAR,
    mobile: MSG_MOBILE,
    hint: 'जैसा आधार कार्ड पर लिखा है',
  },
  {
    lang: 'en',
    device: '1280 px desktop',
    viewport: DESKTOP,
    phone: false,
    labels: {
      Name: 'Farmer name',
      district: 'District',
      adharNumber: 'Aadhaar number (12 digits)',
      mobile: 'Mobile number (10 digits)',
    },
    required: 'आवश्यक / Required',
    aadhaar: '12 अंकों का नंबर दर्ज करें / Enter the 12-digit number',
    mobile: '10 अंकों का नंबर दर्ज करें / Enter the 10-digit number',
    hint: 'As written on your Aadhaar card',
  },
] as const;

type Layout = (typeof layouts)[number];

/** One page per layout, kept for the file: each test opens the form anew in it (a context of its own costs more). */
const pages = new Map<Layout, Page>();
async function visitor(l: Layout): Promise<Page> {
  let p = pages.get(l);
  if (!p) {
    const ctx = await e2e.browser.newContext({
      viewport: l.viewport,
      locale: 'hi-IN',
      timezoneId: 'Asia/Kolkata',
      ...(l.phone ? { isMobile: true, hasTouch: true } : {}),
    });
    ctx.setDefaultTimeout(15_000);
    await ctx.addInitScript((lng) => window.localStorage.setItem('lang', lng), l.lang);
    p = await e2e.newPage(ctx);
    pages.set(l, p);
  }
  return p;
}

/** Opens the app's form once its crops are in (the district field waits for its list itself: chooseDistrict). */
async function openForm(p: Page) {
  await p.goto(url('/registration'));
  await p.locator('#reg-Name').waitFor();
  await p.waitForFunction(() => ((document.querySelector('#reg-cropId') as HTMLSelectElement | null)?.options.length ?? 0) > 1);
}

const focusedId = (p: Page) => p.evaluate(() => document.activeElement?.id ?? '');

/** Whether the element is wholly on screen. */
const onScreen = (p: Page, selector: string) =>
  p.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });

/** The gap in px between the summary's bottom and the Submit button's top (the summary is just above it). */
const gapAboveSubmit = (p: Page) =>
  p.evaluate(() => {
    const summary = document.querySelector('[data-testid="registration-summary"]')!.getBoundingClientRect();
    const submit = document.querySelector('[data-testid="registration-submit"]')!.getBoundingClientRect();
    return submit.top - summary.bottom;
  });

const summaryItems = (p: Page) => p.getByTestId('registration-summary-list').locator('li').allTextContents();

/** Marks the live region before a submit: after it, the summary must be inside that same, watched region. */
async function markLiveRegion(p: Page) {
  await p.evaluate(() => {
    const region = document.querySelector('form [aria-live="assertive"]') as HTMLElement;
    region.dataset.watched = 'yes';
  });
}
const announced = (p: Page) =>
  p.getByTestId('registration-summary').evaluate((el) => {
    const region = el.closest('[aria-live="assertive"]') as HTMLElement | null;
    return region?.dataset.watched === 'yes';
  });

beforeAll(async () => {
  const r = await e2e.asAdmin('POST', '/api/crops', { cropName: 'Wheat', description: 'Wheat seed' });
  expect([200, 201]).toContain(r.status);
  wheatId = r.json.cropID;
  await stockCrop(adminPostOf(e2e), wheatId);
}, 120_000);

afterAll(async () => {
  for (const p of pages.values()) await p.context().close();
});

describe('the registration form opens empty and shows a refusal where the farmer looks', () => {
  it.each(layouts)(
    'refuses an empty form with only Aadhaar, mobile and the file, focusing the first missing field ($lang, $device)',
    async (l) => {
      const p = await visitor(l);
      await openForm(p);
      const tag = `${l.lang}-${l.phone ? 'phone' : 'desktop'}`;
      // Nothing typed or chosen for the farmer: every field empty, every select on "Choose", the consent box
      // unticked; hints under the fields.
      await p.locator('#reg-consent').waitFor();
      const values = await p.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('form input:not([type=file]), form select')].map(
          (el) => [el.id, el instanceof HTMLInputElement && el.type === 'checkbox' ? (el.checked ? 'ticked' : '') : el.value],
        ),
      );
      expect(values.length).toBeGreaterThanOrEqual(11);
      for (const [id, value] of values) expect(value, id).toBe('');
      await expect(p.locator('#reg-Name-helper-text').textContent()).resolves.toBe(l.hint);
      await expect(p.locator('#reg-bagsRequested').count()).resolves.toBe(0);
      await p.locator('#reg-cropId').selectOption({ label: 'Wheat' });
      await expect(p.locator('#reg-bagsRequested').inputValue()).resolves.toBe(''); // the quantity is chosen too
      await p.locator('#reg-cropId').selectOption('');
      await shot(p, `registration-empty-${tag}`);

      let sent = 0;
      const count = (r: Request) => {
        if (r.method() === 'POST' && /\/svsregistration(\/upload-url)?$/.test(new URL(r.url()).pathname)) sent++;
      };
      p.on('request', count);
      await p.locator('#reg-adharNumber').fill(newAadhaar(5));
      await p.locator('#reg-mobile').fill(newMobile());
      await p.getByTestId('registration-file').setInputFiles(join(FIXTURES, 'aadhaar-sample.png'));
      await markLiveRegion(p);
      await p.getByTestId('registration-submit').click();

      await expect.poll(() => focusedId(p)).toBe('reg-Name');
      await expect(onScreen(p, '#reg-Name')).resolves.toBe(true);
      await expect(p.getByTestId('registration-alert').textContent()).resolves.toBe(inLanguage(MSG_FORM_INVALID, l.lang));
      const items = await summaryItems(p);
      // Name, father's name, category, gender, village, block, sub-district, district, crop, consent: in the form's order.
      expect(items).toHaveLength(10);
      expect(items[0]).toBe(`${l.labels.Name}: ${l.required}`);
      expect(items).toContain(`${l.labels.district}: ${l.required}`);
      expect(items.join('\n')).not.toContain(l.labels.adharNumber);
      await expect(announced(p)).resolves.toBe(true);
      const gap = await gapAboveSubmit(p);
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(gap).toBeLessThanOrEqual(40);
      expect(sent).toBe(0);
      p.off('request', count);

      // A link of the summary takes the farmer to its field.
      await p
        .getByTestId('registration-summary-list')
        .getByRole('link', { name: `${l.labels.district}:` })
        .click();
      await expect.poll(() => focusedId(p)).toBe('reg-district');
      await expect(onScreen(p, '#reg-district')).resolves.toBe(true);

      await p.getByTestId('registration-summary').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(p, `registration-summary-${tag}`, false);
    },
    90_000,
  );

  it.each(layouts)(
    'lists an 11-digit Aadhaar and a 9-digit mobile in the summary, then the server’s 409 ($lang, $device)',
    async (l) => {
      const p = await visitor(l);
      const aadhaar = newAadhaar(6);
      const registered = await registerFarmer(
        { url: e2e.baseUrl },
        validFields({ cropName: 'Wheat', cropId: wheatId, adharNumber: aadhaar }),
      );
      expect(registered.status).toBe(201);
      // The form the test above refused, as the farmer goes on with it (every field is filled anew below).
      if (new URL(p.url()).pathname !== '/registration') await openForm(p);
      const tag = `${l.lang}-${l.phone ? 'phone' : 'desktop'}`;
      await fillRegistrationForm(p, {
        name: 'सुनीता देवी',
        fatherName: 'रामसेवक',
        aadhaar: aadhaar.slice(0, 11),
        mobile: newMobile().slice(0, 9),
        village: 'बिठूर',
        block: 'कल्याणपुर',
        subDistrict: 'कानपुर सदर',
        district: 'Kanpur Nagar',
        crop: 'Wheat',
        bags: '1',
        file: join(FIXTURES, 'aadhaar-sample.png'),
      });
      await p.getByTestId('registration-submit').click();
      await expect.poll(() => focusedId(p)).toBe('reg-adharNumber');
      await expect(summaryItems(p)).resolves.toEqual([
        `${l.labels.adharNumber}: ${l.aadhaar}`,
        `${l.labels.mobile}: ${l.mobile}`,
      ]);
      await shot(p, `registration-summary-numbers-${tag}`, false);

      // Corrected, but this Aadhaar number is already registered for wheat: the server's refusal, in the same place.
      // Someone other than the farmer registered: another mobile.
      const mobile = newMobile();
      await p.locator('#reg-adharNumber').fill(aadhaar);
      await p.locator('#reg-mobile').fill(mobile);
      await markLiveRegion(p);
      await p.getByTestId('registration-submit').click();
      const alert = p.getByTestId('registration-alert');
      await expect.poll(() => alert.textContent()).toBe(inLanguage(MSG_ALREADY_REGISTERED, l.lang));
      await expect(p.getByTestId('registration-summary-list').count()).resolves.toBe(0);
      await expect(announced(p)).resolves.toBe(true);
      await expect.poll(() => focusedId(p)).toBe('registration-summary');
      await expect(onScreen(p, '[data-testid="registration-summary"]')).resolves.toBe(true);
      const gap = await gapAboveSubmit(p);
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(gap).toBeLessThanOrEqual(40);
      await p.getByTestId('registration-find-link').waitFor();
      // Told how to find the letter, not its number; Find my letter asks for the mobile only (then a code sent to
      // it), filled with the one just typed.
      expect(await alert.textContent()).not.toContain(String(registered.json.data.id));
      await expect(p.locator('#find input').nth(0).inputValue()).resolves.toBe(mobile);
      await expect(p.locator('#find input').count()).resolves.toBe(1);
      await shot(p, `registration-summary-409-${tag}`, false);
      expect(pageErrors).toEqual([]);
    },
    90_000,
  );
});
