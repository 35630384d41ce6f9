import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProducerCropLot } from '../fixtures/catalogue';
import { newAadhaar, newMobile, registerFarmer, useCrops, validFields } from '../fixtures/registration-helpers';
import { SAMPLE_PRODUCER, SAMPLE_WHEAT } from '../fixtures/sample-catalogue';
import { DESKTOP, PHONE, goInApp, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';

/**
 * Cancelling a bill by credit note in headless Chromium against the local stack: an admin cancels a bill from
 * the Bills screen (reason dialog, its warning), the bill's QR link opened signed out shows CANCELLED with the
 * credit note, the credit note's page opens and prints on A4, a seller's request reaches the admin, who
 * approves it. 360 px in Hindi and 1280 px in English. Needs `npm run build:web` first.
 */
const ADMIN_EMAIL = 'e2e-credit-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-credit-pass-1';

const e2e = useE2EStack({ name: 'credit-notes', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { url, newPage, pageErrors } = e2e;

interface Bill {
  invoiceID: number;
  invoiceNumber: string;
  farmer: string;
}
let cropID: number;
let lotID: number;
let admin: Page;
const bills: Bill[] = [];

const shot = shotsOf('credit-notes');

const context = (viewport: { width: number; height: number }, lang: 'hi' | 'en') => e2e.context({ viewport, lang });

async function signedIn(
  lang: 'hi' | 'en',
  viewport: { width: number; height: number } = DESKTOP,
  who?: { email: string; password: string },
): Promise<Page> {
  const ctx = await e2e.context({ viewport, lang });
  return e2e.signedInPage(ctx, who);
}

/** A registered farmer billed one bag through the API. */
async function billed(farmer: string): Promise<Bill> {
  const r = await registerFarmer(
    { url: url('') },
    validFields({
      cropName: 'Wheat',
      cropId: cropID,
      bagsRequested: 1,
      name: farmer,
      mobile: newMobile(),
      adharNumber: newAadhaar(7),
    }),
  );
  expect(r.status, r.text).toBe(201);
  const reg = r.json.data as { id: number; year: number };
  const sale = await e2e.asAdmin('POST', '/api/sales/make', {
    lotID,
    registrationID: reg.id,
    year: reg.year,
    bags: 1,
    bagSizeKg: 40,
    paymentMode: 'Cash',
  });
  expect(sale.status, sale.text).toBe(201);
  return { invoiceID: sale.json.invoiceID, invoiceNumber: sale.json.invoiceNumber, farmer };
}

const billRow = (p: Page, number: string) => p.locator(`tr[data-invoice-number="${number}"]`);

beforeAll(async () => {
  const made = await createProducerCropLot((path, body) => e2e.asAdmin('POST', path, body), {
    producer: SAMPLE_PRODUCER,
    crop: SAMPLE_WHEAT,
    lot: { quantityAvailable: 2000, pricePerUnit: 32.5 },
  });
  cropID = made.cropID;
  lotID = made.lot.lotID;
  useCrops({ Wheat: cropID });
  for (const farmer of ['Ramesh Yadav', 'Sunita Devi', 'Mohan Lal']) bills.push(await billed(farmer));
  admin = await signedIn('en');
}, 180_000);

describe('cancelling a bill by credit note', () => {
  let creditNote = '';

  it('an admin cancels a bill from the Bills screen, with a reason and a clear warning', async () => {
    const [bill] = bills;
    await admin.goto(url('/admin/invoices'));
    const row = billRow(admin, bill!.invoiceNumber);
    await row.waitFor();
    await row.getByTestId('row-cancel').click();
    const dialog = admin.getByRole('dialog');
    await expect(dialog.getByTestId('cancel-warning').textContent()).resolves.toContain(
      'This cannot be undone: a credit note will be issued',
    );
    // Too short a reason is not sent.
    await dialog.getByTestId('cancel-reason').fill('no');
    await dialog.getByTestId('cancel-confirm').click();
    await expect(dialog.isVisible()).resolves.toBe(true);
    await dialog.getByTestId('cancel-reason').fill('Wrong farmer selected at the counter');
    await shot(admin, 'cancel-dialog-1280-en', false);
    await dialog.getByTestId('cancel-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    const notice = admin.getByText(/cancelled: credit note CN\d{4}-\d{6}/);
    await notice.waitFor();
    creditNote = /CN\d{4}-\d{6}/.exec((await notice.textContent()) ?? '')![0];
    await row.getByTestId('bill-status-cancelled').waitFor();
    await expect(row.getByTestId('row-cancel').count()).resolves.toBe(0);
    await shot(admin, 'bills-list-cancelled-1280-en');

    // The status filter.
    await admin.locator('select[name="status"]').selectOption('cancelled');
    await admin.getByRole('button', { name: 'Search' }).click();
    await admin.waitForFunction(() => document.querySelectorAll('tr[data-invoice-number]').length === 1);
    await billRow(admin, bill!.invoiceNumber).waitFor();
  });

  // One visitor's page at each size: the QR link's cancelled bill, the credit note it links to, and the summary.
  it("the bill's QR link, opened signed out, shows CANCELLED with the credit note, which opens from the mark and prints on A4 with its QR code (360 px Hindi, 1280 px English)", async () => {
    const [bill] = bills;
    const staffView = await e2e.asAdmin('GET', `/api/invoices/by-number/${bill!.invoiceNumber}`);
    const qrLink = `/bill/${bill!.invoiceNumber}?t=${staffView.json.verifyToken}`;

    const phone = await newPage(await context(PHONE, 'hi'));
    await phone.goto(url(qrLink));
    await phone.getByTestId('bill-cancelled').waitFor();
    await expect(phone.getByTestId('bill-cancelled-mark').textContent()).resolves.toBe('रद्द / CANCELLED');
    await expect(phone.getByTestId('bill-credit-note').textContent()).resolves.toBe(creditNote);
    await expect(phone.getByTestId('bill-cancel-reason').textContent()).resolves.toContain(
      'Wrong farmer selected at the counter',
    );
    await shot(phone, 'bill-cancelled-360-hi');
    // The mark is printed with the copy.
    await phone.emulateMedia({ media: 'print' });
    await expect(phone.getByTestId('bill-cancelled').isVisible()).resolves.toBe(true);
    await phone.emulateMedia({ media: 'screen' });
    // The credit note's own link (its QR code), in Hindi on the phone.
    await phone.goto(url(`/credit-note/${creditNote}?t=${staffView.json.creditNoteToken}`));
    await phone.getByTestId('credit-note').waitFor();
    await expect(phone.locator('h1').textContent()).resolves.toContain('क्रेडिट नोट');
    await shot(phone, 'credit-note-360-hi');

    const page = await newPage(await context(DESKTOP, 'en'));
    await page.goto(url(qrLink));
    await page.getByTestId('bill-cancelled').waitFor();
    await expect(page.getByTestId('bill-cancelled-mark').textContent()).resolves.toBe('CANCELLED');
    await expect(page.getByTestId('bill-cancelled-on').textContent()).resolves.toMatch(/^Cancelled on /);
    await shot(page, 'bill-cancelled-1280-en');
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('bill-cancelled').isVisible()).resolves.toBe(true);
    await shot(page, 'bill-cancelled-print-a4-en');
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(DESKTOP);

    // The credit note opens from the mark.
    await page.getByTestId('bill-credit-note').click();
    await page.waitForURL((u) => u.pathname === `/credit-note/${creditNote}`);
    await page.getByTestId('credit-note').waitFor();
    await expect(page.getByTestId('credit-note-number').textContent()).resolves.toBe(creditNote);
    await expect(page.getByTestId('credit-note-bill').textContent()).resolves.toBe(bill!.invoiceNumber);
    await expect(page.getByTestId('credit-note-amount').textContent()).resolves.toBe('₹1,300.00');
    await expect(page.getByTestId('credit-note-reason').textContent()).resolves.toBe('Wrong farmer selected at the counter');
    await expect(page.locator('body').textContent()).resolves.toContain(staffView.json.farmerName);
    // The supplier of the bill of supply it cancels heads the note.
    await expect(page.getByTestId('credit-note-supplier').textContent()).resolves.toContain(staffView.json.supplier.name);
    await page.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
    await shot(page, 'credit-note-1280-en');
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.emulateMedia({ media: 'print' });
    // One A4 page: the note fits in its height, and the Print button is not printed.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThanOrEqual(1123);
    await expect(page.getByRole('button', { name: 'Print' }).isVisible()).resolves.toBe(false);
    await shot(page, 'credit-note-print-a4-en');
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(DESKTOP);

    // Without the token: the summary still says it is cancelled and names the credit note.
    await page.goto(url(`/bill/${bill!.invoiceNumber}`));
    await page.getByTestId('bill-summary').waitFor();
    await expect(page.getByTestId('bill-credit-note').textContent()).resolves.toBe(creditNote);
  });

  it("a seller's request appears for the admin, who approves it", async () => {
    const bill = bills[1]!;
    const email = `e2e-seller-${randomUUID().slice(0, 8)}@seed.local`;
    const made = await e2e.asAdmin('POST', '/api/admin/users', {
      fullName: 'Counter Seller',
      email,
      password: 'seller-pass-1',
      isActive: true,
      roleIds: [3],
    });
    expect(made.status, made.text).toBe(201);
    const seller = await signedIn('hi', PHONE, { email, password: 'seller-pass-1' });
    await seller.goto(url('/admin/invoices'));
    const row = billRow(seller, bill.invoiceNumber);
    await row.waitFor();
    await row.getByTestId('row-cancel').click();
    const dialog = seller.getByRole('dialog');
    await dialog.getByTestId('cancel-reason').fill('किसान ने गलत मात्रा बताई / wrong quantity');
    await shot(seller, 'request-dialog-360-hi', false);
    await dialog.getByTestId('cancel-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await seller.getByText('अनुरोध भेजा गया').waitFor();
    // Sellers do not see the requests.
    await expect(seller.getByTestId('cancel-requests').count()).resolves.toBe(0);

    // Bills opened anew (from the dashboard) lists the request.
    await goInApp(admin, '/admin');
    await admin.getByTestId('tile-sales').waitFor();
    await goInApp(admin, '/admin/invoices');
    const request = admin.locator(`tr[data-request-invoice="${bill.invoiceNumber}"]`);
    await request.waitFor();
    await expect(request.textContent()).resolves.toContain('wrong quantity');
    await expect(request.textContent()).resolves.toContain('Counter Seller');
    await shot(admin, 'requests-1280-en');
    await request.getByTestId('request-approve').click();
    const approve = admin.getByRole('dialog');
    // The seller's reason is where the admin starts.
    await expect(approve.getByTestId('cancel-reason').inputValue()).resolves.toBe('किसान ने गलत मात्रा बताई / wrong quantity');
    await approve.getByTestId('cancel-reason').fill('Approved: wrong quantity');
    await approve.getByTestId('cancel-confirm').click();
    await approve.waitFor({ state: 'detached' });
    await request.waitFor({ state: 'detached' });
    await billRow(admin, bill.invoiceNumber).getByTestId('bill-status-cancelled').waitFor();

    // In Hindi at 360 px, the admin's screen with the list.
    const adminPhone = await signedIn('hi', PHONE);
    await adminPhone.goto(url('/admin/invoices'));
    await billRow(adminPhone, bill.invoiceNumber).getByTestId('bill-status-cancelled').waitFor();
    await shot(adminPhone, 'bills-list-360-hi');
  });

  it("the bill page's Cancel bill opens the Bills screen's dialog for that bill", async () => {
    const bill = bills[2]!;
    await goInApp(admin, `/bill/${bill.invoiceNumber}`);
    await admin.getByTestId('bill-cancel').click();
    const dialog = admin.getByRole('dialog');
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain(`Cancel bill ${bill.invoiceNumber}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });
});
