import { UpdateCommand } from '@functions/lib/dynamo-commands';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docClient, tableName } from '@functions/lib/aws';
import { invoiceKey } from '@functions/sales/invoice-entity';
import { createProducerCropLot } from '../fixtures/catalogue';
import { registerFarmer, validFields } from '../fixtures/registration-helpers';
import { SAMPLE_PRODUCER } from '../fixtures/sample-catalogue';
import { DESKTOP, PHONE, goInApp, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';

/**
 * The printed bill of supply (docs/product-rules.md#bill-of-supply): in A4 and on a thermal strip (80 and 58 mm,
 * the staff's choice kept in the browser), every field Rule 49 asks for is in the printed page's text, the HSN
 * code being the crop's. Needs `npm run build:web` first; with SHOTS_DIR set, the screenshots are copied there.
 */
const ADMIN_EMAIL = 'e2e-bill-supply-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-bill-supply-pass-1';
const SUPPLIER = {
  InstituteName: 'Regional Seed Research Station',
  InstituteAddress: 'Krishi Bhavan, Ring Road, Karnal 132001, Haryana',
  InstituteGSTIN: '06AAACB2894G1ZR',
};
const HSN = '10019910';

const e2e = useE2EStack({ name: 'billsupply', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { url, pageErrors } = e2e;
const contexts: BrowserContext[] = [];

let invoiceNumber = '';
let lotID = 0;
let cropID = 0;
let billPath = '';
let bill: Record<string, any> = {};

const shot = shotsOf('bill-of-supply');

/** Signs in on the login page in either language (Enter submits the form). */
async function context(lang: 'hi' | 'en'): Promise<BrowserContext> {
  const ctx = await e2e.context({ viewport: lang === 'hi' ? PHONE : DESKTOP, lang, timeout: 15_000 });
  contexts.push(ctx);
  return ctx;
}

/**
 * The admin's page in `lang` (1280 px in English, 360 px in Hindi), opened on first use and moved to `path` inside
 * the app after that: one load of the app per language for the staff's screens. The Hindi one starts with the
 * 58 mm strip chosen in this browser.
 */
const staffPages = new Map<'hi' | 'en', Page>();
async function staffAt(lang: 'hi' | 'en', path: string): Promise<Page> {
  const open = staffPages.get(lang);
  if (open) {
    await goInApp(open, path);
    return open;
  }
  const ctx = await context(lang);
  if (lang === 'hi') await ctx.addInitScript(() => window.localStorage.setItem('billLayout', '58mm'));
  const p = await e2e.adminPage(ctx, path);
  staffPages.set(lang, p);
  return p;
}

/** The page's text as printed (print media), and how many pages its PDF has. */
async function printed(p: Page): Promise<{ text: string; pages: number }> {
  await p.emulateMedia({ media: 'print' });
  await p.waitForFunction(() => [...document.images].every((i) => i.complete));
  const text = await p.evaluate(() => document.body.innerText);
  const pdf = await p.pdf({ preferCSSPageSize: true, printBackground: true });
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
  return { text, pages };
}

/** Every field Rule 49 asks of a bill of supply, in the printed text. */
function expectRule49(text: string, lang: 'hi' | 'en', date: string) {
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toContain(lang === 'hi' ? 'आपूर्ति का बिल / Bill of Supply' : 'Bill of Supply / आपूर्ति का बिल');
  expect(flat).toContain(SUPPLIER.InstituteName);
  expect(flat).toContain(SUPPLIER.InstituteAddress);
  expect(flat).toMatch(new RegExp(`GSTIN:? ${SUPPLIER.InstituteGSTIN}`));
  expect(flat).toContain(invoiceNumber);
  expect(invoiceNumber.length).toBeLessThanOrEqual(16);
  expect(flat).toContain(date);
  expect(flat).toContain(bill.farmerName);
  expect(flat).toContain(bill.farmerAddress);
  expect(flat).toContain(`XXXX-XXXX-${bill.farmerAadhaarLast4}`);
  expect(flat).toMatch(new RegExp(`${lang === 'hi' ? 'HSN कोड / HSN code' : 'HSN code'}:? ${HSN}`));
  expect(flat).toContain(bill.lotCode);
  expect(flat).toContain(lang === 'hi' ? 'गेहूँ' : 'Wheat');
  expect(flat).toMatch(/\b40 (kg|किलो)/);
  expect(flat).toContain('₹1,400.00');
  expect(flat).toContain('One Thousand Four Hundred Rupees Only');
  expect(flat).toContain('एक हज़ार चार सौ रुपये मात्र');
  expect(flat).toContain('No tax is charged: supply of goods exempt from GST');
  expect(flat).toContain('कोई कर नहीं लिया गया: जीएसटी से छूट प्राप्त वस्तुओं की आपूर्ति');
}

/** The bill's date as the page writes it (the browser's own Intl, as the page uses). */
const shownDate = (p: Page, lang: 'hi' | 'en') =>
  p.evaluate(
    ([iso, l]) =>
      new Intl.DateTimeFormat(l === 'hi' ? 'hi-IN' : 'en-IN', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Asia/Kolkata',
      }).format(new Date(iso)),
    [bill.generatedOn as string, lang] as const,
  );

async function sale(): Promise<string> {
  const reg = await registerFarmer({ url: e2e.baseUrl }, validFields({ cropName: 'Wheat', cropId: cropID, bagsRequested: 1 }));
  expect(reg.status, reg.text).toBe(201);
  const made = await e2e.asAdmin('POST', '/api/sales/make', {
    lotID,
    registrationID: reg.json.data.id,
    year: reg.json.data.year,
    bags: 1,
    paymentMode: 'Cash',
  });
  expect(made.status, made.text).toBe(201);
  return made.json.invoiceNumber as string;
}

beforeAll(async () => {
  const current = await e2e.asAdmin('GET', '/api/settings');
  const saved = await e2e.asAdmin('PUT', '/api/settings', { ...current.json, ...SUPPLIER });
  expect(saved.status, saved.text).toBe(200);
  const made = await createProducerCropLot((path, body) => e2e.asAdmin('POST', path, body), {
    producer: SAMPLE_PRODUCER,
    crop: { cropName: 'Wheat', cropNameHi: 'गेहूँ', hsnCode: HSN },
    lot: { quantityAvailable: 400, pricePerUnit: 35 },
  });
  lotID = made.lot.lotID;
  cropID = made.cropID;
  invoiceNumber = await sale();
  bill = (await e2e.asAdmin('GET', `/api/invoices/by-number/${invoiceNumber}`)).json;
  billPath = `/bill/${invoiceNumber}?t=${bill.verifyToken}`;
}, 120_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
});

describe('the printed bill of supply', () => {
  it('at 1280 px in English, staff print it on A4 (one copy a page) and on 80 and 58 mm strips (one strip)', async () => {
    const p = await staffAt('en', `/bill/${invoiceNumber}`);
    await p.getByTestId('bill-copy').first().waitFor();
    const date = await shownDate(p, 'en');

    const a4 = await printed(p);
    expectRule49(a4.text, 'en', date);
    expect(a4.pages).toBe(2); // the original and the guard's copy
    await shot(p, 'a4-print-1280-en');

    for (const [choice, width] of [
      ['80 mm', '80mm'],
      ['58 mm', '58mm'],
    ] as const) {
      await p.emulateMedia({ media: 'screen' });
      await p.getByRole('button', { name: choice, exact: true }).click();
      await p.locator(`[data-testid="bill-thermal"][data-layout="${width}"]`).waitFor();
      const strip = await printed(p);
      expectRule49(strip.text, 'en', date);
      expect(strip.pages, width).toBe(1);
      expect(await p.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      await shot(p, `thermal-${width}-print-en`);
    }

    // The choice is kept in this browser.
    await p.emulateMedia({ media: 'screen' });
    await p.reload();
    await p.locator('[data-testid="bill-thermal"][data-layout="58mm"]').waitFor();
    await p.getByRole('button', { name: 'A4', exact: true }).click();
    await p.getByTestId('bill-copy').first().waitFor();
    await p.emulateMedia({ media: 'screen' });
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it("at 360 px in Hindi, the farmer's copy from the QR prints every field on A4, with no layout choice", async () => {
    const p = await e2e.newPage(await context('hi'));
    await p.goto(url(billPath));
    await p.getByTestId('bill-copy').first().waitFor();
    expect(await p.getByTestId('bill-thermal').count()).toBe(0);
    expect(await p.getByRole('button', { name: '80 मिमी' }).count()).toBe(0);
    await shot(p, 'a4-screen-360-hi');
    const a4 = await printed(p);
    expectRule49(a4.text, 'hi', await shownDate(p, 'hi'));
    expect(a4.pages).toBe(1);
    await shot(p, 'a4-print-360-hi');
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('at 360 px in Hindi, staff print the 58 mm strip', async () => {
    const p = await staffAt('hi', `/bill/${invoiceNumber}`);
    await p.locator('[data-testid="bill-thermal"][data-layout="58mm"]').waitFor();
    await shot(p, 'thermal-58mm-screen-360-hi');
    const strip = await printed(p);
    expectRule49(strip.text, 'hi', await shownDate(p, 'hi'));
    expect(strip.pages).toBe(1);
    await shot(p, 'thermal-58mm-print-360-hi');
    await p.emulateMedia({ media: 'screen' });
    expect(pageErrors).toEqual([]);
  }, 90_000);
});

describe('bills made before bills of supply', () => {
  it('at 1280 px in English, print as they did: no supply title, supplier block, HSN code, words or tax line', async () => {
    const number = await sale();
    await docClient().send(
      new UpdateCommand({ TableName: tableName(), Key: invoiceKey(number), UpdateExpression: 'REMOVE supplier, hsnCode' }),
    );
    const p = await staffAt('en', `/bill/${number}`);
    await p.getByRole('button', { name: 'A4', exact: true }).click();
    await p.getByTestId('bill-copy').first().waitFor();
    await expect.poll(() => p.locator('main').textContent()).toContain(number);
    const { text, pages } = await printed(p);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('National Seed Research Institute');
    expect(flat).toContain('Bill / Invoice');
    expect(flat).toContain(number);
    for (const absent of ['Bill of Supply', SUPPLIER.InstituteName, 'GSTIN', 'HSN', 'Amount in words', 'No tax is charged'])
      expect(flat).not.toContain(absent);
    expect(pages).toBe(2);
    await shot(p, 'old-bill-a4-print-1280-en');
    await p.emulateMedia({ media: 'screen' });
    expect(pageErrors).toEqual([]);
  }, 90_000);
});

describe('the screens that feed the bill of supply', () => {
  it('at 1280 px in English, Settings refuses a GSTIN with a wrong check character and the crop form presets wheat 1001', async () => {
    const p = await staffAt('en', '/admin/settings');
    const gstin = p.locator('input[name="InstituteGSTIN"]');
    await gstin.waitFor();
    expect(await gstin.inputValue()).toBe(SUPPLIER.InstituteGSTIN);
    await gstin.fill('06aaacb2894g1zq');
    expect(await gstin.inputValue()).toBe('06AAACB2894G1ZQ');
    await p.locator('form button[type="submit"]').click();
    await p.getByText('The last character does not match: check the GSTIN for a typing mistake').waitFor();
    await gstin.scrollIntoViewIfNeeded();
    await shot(p, 'settings-gstin-refused-1280-en', false);
    await gstin.fill(SUPPLIER.InstituteGSTIN);
    await p.locator('form button[type="submit"]').click();
    await p.getByText('Settings saved.').waitFor();

    await goInApp(p, '/admin/crops');
    const form = p.locator('form[aria-label="Add crop"]');
    await form.locator('input[name="cropName"]').fill('गेहूं');
    await form.locator('input[name="cropName"]').press('Tab');
    await expect.poll(() => form.locator('input[name="hsnCode"]').inputValue()).toBe('1001');
    await form.locator('input[name="hsnCode"]').fill('10019');
    await form.locator('button[type="submit"]').click();
    await form.getByText('HSN code: 4, 6 or 8 digits').waitFor();
    await shot(p, 'crop-form-hsn-refused-1280-en');
    await form.locator('input[name="hsnCode"]').fill('100199');
    await form.locator('button[type="submit"]').click();
    const row = p.locator('tr', { hasText: 'गेहूं' });
    await row.getByText(/HSN 100199/).waitFor();
    await shot(p, 'crops-list-hsn-1280-en');
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('at 360 px in Hindi, Settings says what is wrong with a GSTIN in Hindi', async () => {
    const p = await staffAt('hi', '/admin/settings');
    const gstin = p.locator('input[name="InstituteGSTIN"]');
    await gstin.waitFor();
    await gstin.fill('45AAACB2894G1ZR');
    await p.locator('form button[type="submit"]').click();
    await p.getByText('पहले दो अंक कोई राज्य कोड नहीं हैं (01 से 38, 97 या 99)').waitFor();
    await gstin.scrollIntoViewIfNeeded();
    await shot(p, 'settings-gstin-refused-360-hi', false);
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
