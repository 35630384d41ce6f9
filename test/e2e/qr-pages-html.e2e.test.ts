import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';
import { newAadhaar, newMobile, registerFarmer, validFields } from '../fixtures/registration-helpers';
import { createProducerCropLot } from '../fixtures/catalogue';

/**
 * The QR pages as the server's HTML (docs/decisions/0030-qr-pages-as-html.md): with JavaScript switched off, at
 * 360 px in Hindi and at 1280 px in English, the bill, the credit note, the lot and the letter show their content;
 * the bill prints on A4. With JavaScript on, an anonymous reader's first view fetches no script file; the letter's
 * app-only actions load the app on demand, and a signed-in staff member gets the app's bill. Needs
 * `npm run build:web` first. With SHOTS_DIR set, the screenshots are also written there.
 */
const ADMIN_EMAIL = 'e2e-qrhtml-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-qrhtml-admin-pass-1';
const e2e = useE2EStack({ name: 'qr-pages-html', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { url, newPage } = e2e;

const bill = { number: '', token: '' };
const cancelled = { number: '', token: '' };
let lotCode = '';
let letterCode = '';
let cropID = 0;
let lotID = 0;

const shot = shotsOf('qrhtml');

async function context(viewport: { width: number; height: number }, javaScript: boolean): Promise<BrowserContext> {
  const phone = viewport.width < 600;
  const ctx = await e2e.browser.newContext({
    viewport,
    javaScriptEnabled: javaScript,
    locale: phone ? 'hi-IN' : 'en-IN',
    timezoneId: 'Asia/Kolkata',
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
  });
  ctx.setDefaultTimeout(20_000);
  return ctx;
}

async function sale(name: string) {
  const r = await registerFarmer(
    { url: url('') },
    validFields({
      Name: name,
      cropName: 'Wheat',
      cropId: cropID,
      bagsRequested: 1,
      mobile: newMobile(),
      adharNumber: newAadhaar(7),
    }),
  );
  expect(r.status, r.text).toBe(201);
  const made = await e2e.asAdmin('POST', '/api/sales/make', {
    lotID,
    registrationID: r.json.data.id,
    year: r.json.data.year,
    bags: 1,
    paymentMode: 'Cash',
  });
  expect(made.status, made.text).toBe(201);
  const view = await e2e.asAdmin('GET', `/api/invoices/by-number/${made.json.invoiceNumber}`);
  return {
    number: made.json.invoiceNumber as string,
    token: view.json.verifyToken as string,
    invoiceID: made.json.invoiceID as number,
  };
}

beforeAll(async () => {
  const made = await createProducerCropLot((path, body) => e2e.asAdmin('POST', path, body), {
    producer: { name: 'Kisan Beej Utpadak', aadhaarNumber: '734512340091', contactNumber: '9876543210', address: 'Kalyanpur' },
    crop: { cropName: 'Wheat' },
    lot: { quantityAvailable: 2000, pricePerUnit: 32.5 },
  });
  cropID = made.cropID;
  lotID = made.lot.lotID;
  lotCode = made.lot.lotCode;
  Object.assign(bill, await sale('Ramesh Yadav'));
  const toCancel = await sale('Sunita Devi');
  const c = await e2e.asAdmin('POST', `/api/invoices/${toCancel.invoiceID}/cancel`, { reason: 'Wrong farmer selected' });
  expect(c.status, c.text).toBe(201);
  Object.assign(cancelled, toCancel);
  const letter = await registerFarmer(
    { url: url('') },
    validFields({ Name: 'कमला देवी', cropName: 'Wheat', cropId: cropID, bagsRequested: 1 }),
  );
  expect(letter.status, letter.text).toBe(201);
  letterCode = letter.json.data.uniqueCode;
}, 180_000);

/** No page is wider than the phone. */
async function expectPhoneWide(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, what).toBeLessThanOrEqual(PHONE.width);
}

const billPath = (b: { number: string; token: string }, lang?: 'en') =>
  `/bill/${b.number}?t=${b.token}${lang ? `&lang=${lang}` : ''}`;

describe('without JavaScript', () => {
  it('shows every QR page at 360 px in Hindi', async () => {
    const ctx = await context(PHONE, false);
    const page = await newPage(ctx);
    await page.goto(url(billPath(bill)));
    await expect(page.getByTestId('bill-number').textContent()).resolves.toBe(bill.number);
    await expect(page.getByTestId('copy-label').textContent()).resolves.toBe('डुप्लीकेट प्रति / Duplicate Copy');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('hi');
    await expectPhoneWide(page, 'the bill');
    await shot(page, 'bill-360-hi-nojs');

    await page.goto(url(billPath(cancelled)));
    await expect(page.getByTestId('bill-cancelled-mark').isVisible()).resolves.toBe(true);
    await shot(page, 'bill-cancelled-360-hi-nojs');
    await page.getByTestId('bill-credit-note').click();
    await page.waitForURL(/\/credit-note\//);
    await expect(page.getByTestId('credit-note-reason').textContent()).resolves.toBe('Wrong farmer selected');
    await shot(page, 'credit-note-360-hi-nojs');

    await page.goto(url(`/lot/${lotCode}`));
    await expect(page.getByTestId('public-lot').textContent()).resolves.toContain(lotCode);
    await expectPhoneWide(page, 'the lot');
    await shot(page, 'lot-360-hi-nojs');

    await page.goto(url(`/svs/appointment/${letterCode}`));
    await expect(page.getByTestId('appointment-id').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('appointment-letter').textContent()).resolves.toContain('कमला देवी');
    // The buttons that need a script are not offered without one.
    await expect(page.getByTestId('letter-pdf').isVisible()).resolves.toBe(false);
    await expectPhoneWide(page, 'the letter');
    await shot(page, 'letter-360-hi-nojs');
    await ctx.close();
  });

  it('shows every QR page at 1280 px in English, and the language link switches', async () => {
    const ctx = await context(DESKTOP, false);
    const page = await newPage(ctx);
    await page.goto(url(billPath(bill)));
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(/lang=en/);
    await expect(page.getByTestId('copy-label').textContent()).resolves.toBe('Duplicate Copy');
    await expect(page.getByTestId('bill-total').textContent()).resolves.toMatch(/^₹/);
    await expect(page.getByTestId('bill-check').textContent()).resolves.toContain('Bill verified');
    await shot(page, 'bill-1280-en-nojs');
    await page.goto(url(`/bill/${bill.number}?lang=en`));
    await expect(page.getByTestId('bill-check').textContent()).resolves.toContain('Not verified');
    await shot(page, 'bill-summary-1280-en-nojs');
    await page.goto(url(`/lot/${lotCode}?lang=en`));
    await expect(page.getByTestId('public-lot').textContent()).resolves.toContain('Lot details');
    await shot(page, 'lot-1280-en-nojs');
    await page.goto(url(`/svs/appointment/${letterCode}?lang=en`));
    await expect(page.getByTestId('appointment-letter').textContent()).resolves.toContain('Your details');
    await shot(page, 'letter-1280-en-nojs');
    await page.goto(url('/bill/INV0001-999999?lang=en'));
    await expect(page.getByTestId('page-error').textContent()).resolves.toContain('Not found');
    await shot(page, 'not-found-1280-nojs');
    await ctx.close();
  });

  it('prints the bill and the letter on A4 without the top bar', async () => {
    const ctx = await context(DESKTOP, false);
    const page = await newPage(ctx);
    await page.emulateMedia({ media: 'print' });
    await page.goto(url(billPath(bill, 'en')));
    await expect(page.locator('header.top').isVisible()).resolves.toBe(false);
    await expect(page.getByTestId('bill-number').isVisible()).resolves.toBe(true);
    await shot(page, 'bill-print-a4-en');
    const pdf = await page.pdf({ format: 'A4' });
    // One A4 page: the bill fits on it.
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    await page.goto(url(`/svs/appointment/${letterCode}?lang=en`));
    await shot(page, 'letter-print-a4-en');
    const letterPdf = await page.pdf({ format: 'A4' });
    expect(letterPdf.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    await ctx.close();
  });
});

describe('with JavaScript', () => {
  it("an anonymous reader's first view fetches no script file; the letter's cancel loads the app and opens its dialog", async () => {
    const ctx = await context(PHONE, true);
    const page = await newPage(ctx);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(url(billPath(bill)));
    await page.waitForLoadState('load');
    await expect(page.getByTestId('copy-label').textContent()).resolves.toBe('डुप्लीकेट प्रति / Duplicate Copy');
    await page.goto(url(`/svs/appointment/${letterCode}`));
    await page.waitForLoadState('load');
    await expect(page.getByTestId('letter-pdf').isVisible()).resolves.toBe(true);
    expect(scripts).toEqual([]);
    await page.getByTestId('letter-cancel').click();
    await page.getByRole('dialog').waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    await shot(page, 'letter-cancel-dialog-360-hi');
    await ctx.close();
  });

  it('a language chosen in the app opens the page in it', async () => {
    const ctx = await context(DESKTOP, true);
    await ctx.addInitScript(() => localStorage.setItem('lang', 'en'));
    const page = await newPage(ctx);
    await page.goto(url(`/lot/${lotCode}`));
    await page.waitForURL(/lang=en/);
    await expect(page.getByTestId('public-lot').textContent()).resolves.toContain('Lot details');
    await ctx.close();
  });

  it("a signed-in staff member gets the app's bill, with the staff copies", async () => {
    const ctx = await context(DESKTOP, true);
    await ctx.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
    });
    const page = await e2e.adminPage(ctx, billPath(bill));
    await expect.poll(() => page.getByTestId('copy-label').allTextContents()).toContain('Original 1st Copy');
    await shot(page, 'bill-staff-app-1280-en');
    await ctx.close();
  });
});
