import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProducerCropLot } from '../fixtures/catalogue';
import { registerFarmer, validFields } from '../fixtures/registration-helpers';
import { SAMPLE_PRODUCER } from '../fixtures/sample-catalogue';
import { DESKTOP, PHONE, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';

/**
 * Crop names in the page's language (docs/product-rules.md#crop-names-in-the-pages-language): the registration
 * form's crop list, the appointment letter, the bill and the lot page show a crop's Hindi name on Hindi pages
 * and its English name on English pages; the staff crop form takes the Hindi name. Needs `npm run build:web`.
 */
const ADMIN_EMAIL = 'e2e-crop-names-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-crop-names-pass-1';
const CHICKPEA = { cropName: 'Chickpea', cropNameHi: 'चना' };

const e2e = useE2EStack({ name: 'cropnames', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { url, pageErrors } = e2e;
const contexts: BrowserContext[] = [];

let lotCode = '';
let letterCode = '';
let billPath = '';

const shot = shotsOf('crop-names');

async function visitor(lang: 'hi' | 'en'): Promise<Page> {
  const phone = lang === 'hi';
  const ctx = await e2e.browser.newContext({
    viewport: phone ? PHONE : DESKTOP,
    locale: phone ? 'hi-IN' : 'en-IN',
    timezoneId: 'Asia/Kolkata',
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
  });
  ctx.setDefaultTimeout(15_000);
  await ctx.addInitScript((lng) => window.localStorage.setItem('lang', lng), lang);
  contexts.push(ctx);
  return e2e.newPage(ctx);
}

/** The crop select's option labels, once the crops have loaded. */
async function cropOptions(p: Page): Promise<string[]> {
  await p.goto(url('/registration'));
  await p.waitForFunction(() => ((document.querySelector('#reg-cropId') as HTMLSelectElement | null)?.options.length ?? 0) > 1);
  return p.locator('#reg-cropId option').allTextContents();
}

/** The crop's name stands on its own in `area` in the shown language, and the other language's name nowhere. */
async function showsCropName(area: Locator, shown: string, hidden: string) {
  await area.getByText(shown, { exact: true }).first().waitFor();
  expect(await area.getByText(hidden, { exact: true }).count()).toBe(0);
}

beforeAll(async () => {
  const made = await createProducerCropLot((path, body) => e2e.asAdmin('POST', path, body), {
    producer: SAMPLE_PRODUCER,
    crop: CHICKPEA,
    lot: { quantityAvailable: 300, pricePerUnit: 90 },
  });
  lotCode = made.lot.lotCode;
  const reg = await registerFarmer(
    { url: e2e.baseUrl },
    validFields({ cropName: 'Chickpea', cropId: made.cropID, bagsRequested: 3 }),
  );
  expect(reg.status, reg.text).toBe(201);
  letterCode = reg.json.data.uniqueCode;
  const sale = await e2e.asAdmin('POST', '/api/sales/make', {
    lotID: made.lot.lotID,
    registrationID: reg.json.data.id,
    year: reg.json.data.year,
    bags: 3,
    paymentMode: 'Cash',
  });
  expect(sale.status, sale.text).toBe(201);
  const bill = await e2e.asAdmin('GET', `/api/invoices/by-number/${sale.json.invoiceNumber}`);
  billPath = `/bill/${sale.json.invoiceNumber}?t=${bill.json.verifyToken}`;
}, 120_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
});

describe('crop names in the page language', () => {
  it('at 360 px in Hindi: the form, the letter, the bill and the lot page show the Hindi name', async () => {
    const p = await visitor('hi');
    const options = await cropOptions(p);
    expect(options).toContain(CHICKPEA.cropNameHi);
    expect(options).not.toContain(CHICKPEA.cropName);
    await p.locator('#reg-cropId').selectOption({ label: CHICKPEA.cropNameHi });
    await p.locator('#reg-cropId').scrollIntoViewIfNeeded();
    await shot(p, 'form-crop-select-360-hi');

    await p.goto(url(`/svs/appointment/${letterCode}`));
    await showsCropName(p.getByTestId('appointment-letter'), CHICKPEA.cropNameHi, CHICKPEA.cropName);
    await shot(p, 'letter-360-hi');

    await p.goto(url(billPath));
    await showsCropName(p.getByTestId('bill-copy').first(), CHICKPEA.cropNameHi, CHICKPEA.cropName);
    await shot(p, 'bill-360-hi');

    await p.goto(url(`/lot/${lotCode}`));
    await showsCropName(p.locator('main'), CHICKPEA.cropNameHi, CHICKPEA.cropName);
    await shot(p, 'lot-360-hi');
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('at 1280 px in English: the same pages show the English name', async () => {
    const p = await visitor('en');
    const options = await cropOptions(p);
    expect(options).toContain(CHICKPEA.cropName);
    expect(options).not.toContain(CHICKPEA.cropNameHi);
    await p.locator('#reg-cropId').selectOption({ label: CHICKPEA.cropName });
    await shot(p, 'form-crop-select-1280-en');

    await p.goto(url(`/svs/appointment/${letterCode}`));
    await showsCropName(p.getByTestId('appointment-letter'), CHICKPEA.cropName, CHICKPEA.cropNameHi);
    await shot(p, 'letter-1280-en');

    await p.goto(url(billPath));
    await showsCropName(p.getByTestId('bill-copy').first(), CHICKPEA.cropName, CHICKPEA.cropNameHi);
    await shot(p, 'bill-1280-en');

    await p.goto(url(`/lot/${lotCode}`));
    await showsCropName(p.locator('main'), CHICKPEA.cropName, CHICKPEA.cropNameHi);
    await shot(p, 'lot-1280-en');
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('staff screens in Hindi show the Hindi name: registrations, bills and lots', async () => {
    const p = await e2e.signedInPage((await visitor('hi')).context());
    await p.setViewportSize(DESKTOP);
    await p.goto(url('/admin/registrations'));
    await showsCropName(p.locator('table'), CHICKPEA.cropNameHi, CHICKPEA.cropName);
    await shot(p, 'staff-registrations-1280-hi');

    // The other screens through the sidebar: navigation inside the app, no new page load.
    const nav = p.getByRole('navigation', { name: 'प्रशासन अनुभाग' });
    await nav.getByRole('link', { name: 'बिल', exact: true }).click();
    await p.waitForURL((u) => u.pathname === '/admin/invoices');
    await showsCropName(p.locator('table'), CHICKPEA.cropNameHi, CHICKPEA.cropName);

    await nav.getByRole('link', { name: 'लॉट', exact: true }).click();
    await p.waitForURL((u) => u.pathname === '/admin/lots');
    await showsCropName(p.locator('table'), CHICKPEA.cropNameHi, CHICKPEA.cropName);
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('the crop form at 1280 px in English takes and saves the Hindi name, and Hindi pages then show it', async () => {
    const p = await e2e.adminPage((await visitor('en')).context(), '/admin/crops');
    await p.getByRole('heading', { name: 'Crops' }).first().waitFor();

    const form = p.getByRole('form', { name: 'Add crop' });
    await form.getByLabel('Crop name').fill('Mustard');
    const hindi = form.getByLabel('Hindi name');
    await hindi.fill('सरसों');
    await form.getByText('Optional: pages in Hindi show it; when empty they show the crop name').waitFor();
    await shot(p, 'crop-form-filled-1280-en');
    await form.getByRole('button', { name: 'Save', exact: true }).click();

    const row = p.locator('tr', { hasText: 'Mustard' });
    await row.getByText('सरसों').waitFor();
    const saved = await e2e.asAdmin('GET', '/api/crops?search=mustard');
    expect(saved.json.map((c: { cropName: string; cropNameHi: string }) => [c.cropName, c.cropNameHi])).toEqual([
      ['Mustard', 'सरसों'],
    ]);
    await shot(p, 'crop-form-saved-1280-en');

    // An edit shows the stored Hindi name in its field.
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => hindi.inputValue()).toBe('सरसों');

    // Another crop's Hindi name too long for the limit is refused under its field.
    await p.getByRole('button', { name: 'Cancel' }).click();
    await form.getByLabel('Crop name').fill('Barley');
    await hindi.evaluate((el: HTMLInputElement) => el.removeAttribute('maxlength'));
    await hindi.fill('ज'.repeat(201));
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.getByText('Hindi name: max 200 chars').waitFor();
    expect((await e2e.asAdmin('GET', '/api/crops?search=barley')).json).toEqual([]);

    // The form's list takes the dropdown's Hindi names (the first test shows it on a Hindi page).
    const dropdown = await e2e.asAdmin('GET', '/api/crops/dropdown');
    expect(dropdown.json.find((c: { name: string }) => c.name === 'Mustard')).toMatchObject({ nameHi: 'सरसों' });
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
