import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProducerCropLot } from '../fixtures/catalogue';
import { registerFarmer, validFields, useCrops } from '../fixtures/registration-helpers';
import { SAMPLE_PRODUCER, SAMPLE_WHEAT } from '../fixtures/sample-catalogue';
import { DESKTOP, PHONE, goInApp, handleDialogs, screenshot } from '../support/browser';
import { useE2EStack } from '../support/e2e';

/**
 * Selling seed as the counter does it, in headless Chromium against the local stack: a farmer has registered
 * (through the API: the public form is the registration tests' subject), staff press Issue seeds on the
 * registration, issue, see the bill's number, filter Bills, open the bill (two copies for staff, one 'Duplicate
 * Copy' with a masked mobile for a visitor), and see the dashboard move. Staff start signed in (the login page
 * is admin-shell's subject). What the visitor's bill page says in each case (number alone, token, a tampered
 * code, an unknown number) is the server's page, checked in test/integration/qr-pages-html.test.ts.
 * Needs `npm run build:web` first (served from frontend/dist).
 */
const ADMIN_EMAIL = 'e2e-sales-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-sales-pass-1';
const FARMER = { name: 'सुरेश कुमार', aadhaar: '456712348902', mobile: '9876501234' };
const PRICE = 32.5;

let staff: BrowserContext;
let staffPage: Page;
let lot: { lotID: number; lotCode: string };
let invoiceNumber = '';

const e2e = useE2EStack({ name: 'sales', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, streams: true });
const { url, newPage, pageErrors } = e2e;

/** A new seller account, signed in in its own browser context (a page not yet opened at any address). */
async function signedInSeller(fullName: string): Promise<{ ctx: BrowserContext; page: Page }> {
  const email = `e2e-seller-${randomUUID().slice(0, 8)}@seed.local`;
  const made = await e2e.asAdmin('POST', '/api/admin/users', {
    fullName,
    email,
    password: 'seller-pass-1',
    isActive: true,
    roleIds: [3],
  });
  expect(made.status).toBe(201);
  const ctx = await e2e.browser.newContext({ viewport: DESKTOP, timezoneId: 'Asia/Kolkata' });
  const page = await e2e.signedInPage(ctx, { email, password: 'seller-pass-1' });
  return { ctx, page };
}

/** The Issue Seeds dialog of one unbilled registration, opened from the registrations page, with this lot chosen. */
async function issueDialogWithLot(p: Page, o: { registrationID: number; farmer: string; lotID: number }) {
  await goInApp(p, `/admin/registrations?id=${o.registrationID}`);
  const row = p.locator('tr[data-billed="no"]', { hasText: o.farmer });
  await row.waitFor();
  await row.getByRole('button', { name: 'Issue seeds' }).click();
  const dialog = p.getByRole('dialog');
  await dialog.locator(`select[name="lotID"] option[value="${o.lotID}"]`).waitFor({ state: 'attached' });
  await dialog.locator('select[name="lotID"]').selectOption(String(o.lotID));
  return dialog;
}

const text = async (p: Page, testId: string) => ((await p.getByTestId(testId).first().textContent()) ?? '').trim();

beforeAll(async () => {
  const made = await createProducerCropLot((path, body) => e2e.asAdmin('POST', path, body), {
    producer: SAMPLE_PRODUCER,
    crop: SAMPLE_WHEAT,
    lot: { quantityAvailable: 500, pricePerUnit: PRICE, isSubsidized: true },
  });
  useCrops({ Wheat: made.cropID });
  lot = made.lot;
  // The farmer registers (with a scan of the Aadhaar card, for 2 bags); the farmer record and the dashboard's
  // count follow from the table's stream.
  const reg = await registerFarmer(
    { url: e2e.baseUrl },
    validFields({
      Name: FARMER.name,
      adharNumber: FARMER.aadhaar,
      mobile: FARMER.mobile,
      cropName: 'Wheat',
      cropId: made.cropID,
      bagsRequested: 2,
    }),
  );
  expect(reg.status, reg.text).toBe(201);
  await e2e.stack.drainStreams();
  staff = await e2e.browser.newContext({ viewport: DESKTOP, timezoneId: 'Asia/Kolkata' });
  staff.setDefaultTimeout(15_000);
  staffPage = await e2e.signedInPage(staff);
  handleDialogs(staffPage);
}, 120_000);

describe('selling seed at the counter', () => {
  it('staff see the dashboard before the sale', async () => {
    await staffPage.goto(url('/admin'));
    await staffPage.getByTestId('tile-sales').waitFor();
    expect(await text(staffPage, 'registrations-today')).toContain('1');
    expect(await text(staffPage, 'registrations-total')).toBe('1');
    expect(await text(staffPage, 'tile-sales')).toContain('All sales');
    expect(await text(staffPage, 'sales-total')).toBe('₹0.00');
    expect(await text(staffPage, 'crops-total')).toBe('1');
    expect(await text(staffPage, 'producers-total')).toBe('1');
    await screenshot(staffPage, 'sales-dashboard-before');
  });

  it("issues seeds from the row's Issue seeds button; the bill's number shows, and the Bills page lists it", async () => {
    await goInApp(staffPage, '/admin/registrations');
    const row = staffPage.locator('tr[data-billed]', { hasText: FARMER.name });
    await expect(row.getAttribute('data-billed')).resolves.toBe('no');
    await row.getByRole('button', { name: 'Issue seeds' }).click();
    const dialog = staffPage.getByRole('dialog');
    await dialog.getByText('Issue Seeds').first().waitFor();
    await expect(dialog.textContent()).resolves.toContain(FARMER.name);
    const button = dialog.getByRole('button', { name: 'Issue Seeds' });
    // The one lot with stock for the 2 bags is chosen already; with no lot chosen the button stays off.
    await expect.poll(() => dialog.locator('select[name="lotID"]').inputValue()).toBe(String(lot.lotID));
    await dialog.locator('select[name="lotID"]').selectOption('');
    await expect(button.isDisabled()).resolves.toBe(true);
    await dialog.locator('select[name="lotID"]').selectOption(String(lot.lotID));
    await expect(dialog.locator('input[name="quantity"]').inputValue()).resolves.toBe('2');
    await expect(dialog.locator('input[name="paymentMode"][value="Cash"]').isChecked()).resolves.toBe(true);
    await dialog.locator('input[name="quantity"]').fill('0');
    await expect(button.isDisabled()).resolves.toBe(true);
    // Beyond the sale limit (1 to 10) or the lot's stock: the field says why, and there is no total.
    for (const bad of ['100000', '11', '2.5']) {
      await dialog.locator('input[name="quantity"]').fill(bad);
      await dialog.getByText('Enter a whole number from 1 to 10.').waitFor();
      await expect(dialog.getByTestId('issue-summary').count()).resolves.toBe(0);
      await expect(button.isDisabled()).resolves.toBe(true);
    }
    await screenshot(staffPage, 'sales-issue-seeds-invalid-qty', { fullPage: false });
    // Above the 2 bags registered for: refused, unless the admin ticks the override (the server records it).
    await dialog.locator('input[name="quantity"]').fill('3');
    await dialog.getByText('At most 2 bags: what the farmer registered for.').waitFor();
    await expect(button.isDisabled()).resolves.toBe(true);
    const override = dialog.getByLabel('Sell more than the farmer registered for (admin approval, recorded on the bill)');
    await override.check();
    await expect(button.isEnabled()).resolves.toBe(true);
    await screenshot(staffPage, 'sales-issue-seeds-admin-override', { fullPage: false });
    await override.uncheck();
    await expect(button.isDisabled()).resolves.toBe(true);
    await dialog.locator('input[name="quantity"]').fill('2');
    await expect(override.count()).resolves.toBe(0);
    await expect(button.isEnabled()).resolves.toBe(true);
    await expect(dialog.getByTestId('issue-summary').textContent()).resolves.toBe('80 kg × ₹32.50/kg = ₹2,600.00');
    await screenshot(staffPage, 'sales-issue-seeds-dialog', { fullPage: false });

    const confirm = staffPage.waitForEvent('dialog');
    await button.click();
    expect((await confirm).message()).toBe('Amount ₹2,600.00 (Cash). Are you sure payment is done?');
    // The counter stays on the Registrations page, told the bill's number.
    const notice = staffPage.getByTestId('issued-notice');
    await notice.waitFor();
    expect(new URL(staffPage.url()).pathname).toBe('/admin/registrations');
    await expect.poll(() => row.getAttribute('data-billed')).toBe('yes');
    // A billed registration's row answers with its bill's number instead of issuing again.
    const alerted = staffPage.waitForEvent('dialog');
    await row.locator('td').nth(2).click();
    const alert = await alerted;
    await expect.poll(() => staffPage.getByRole('dialog').count()).toBe(0);
    // Bills by the sidebar's link, as the counter goes there: the notice of the sale unmounts on the way (its
    // scrolling effect once returned the browser's scroll promise, and the screen failed).
    await staffPage.getByRole('link', { name: 'Bills' }).first().click();
    await staffPage.locator('tr[data-invoice-number]').first().waitFor();
    invoiceNumber = (await staffPage.locator('tr[data-invoice-number]').first().getAttribute('data-invoice-number'))!;
    expect(invoiceNumber).toMatch(/^INV\d{4}-000001$/);
    expect(alert.message()).toBe(`Bill already generated, Bill Number ${invoiceNumber}`);
    expect(await notice.count()).toBe(0);
    expect(await text(staffPage, 'bills-count')).toBe('Results: 1');
    expect(await text(staffPage, 'bills-sum')).toBe('Filtered total: ₹2,600.00');
    expect(await text(staffPage, 'bills-showing')).toBe('Showing 1–1 of 1');
    await expect.poll(() => staffPage.getByTestId('mode-cash').count()).toBe(1);
    await expect(staffPage.getByRole('button', { name: 'Prev' }).isDisabled()).resolves.toBe(true);
    await expect(staffPage.getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true);
    await screenshot(staffPage, 'sales-bills-list');
  });

  it('keeps every column and the row actions reachable at 1280 px and on a 360 px phone', async () => {
    /** The control is inside the window and nothing covers its middle (it can be clicked where it is). */
    const reachable = (el: Element) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return r.left >= 0 && r.right <= window.innerWidth && r.width > 0 && !!hit && (el === hit || el.contains(hit));
    };
    // One page: Bills at 1280 px then at 360 px, Registrations at 360 px then at 1280 px (the window resized).
    const bills = async (viewport: typeof DESKTOP | typeof PHONE) => {
      await staffPage.setViewportSize(viewport);
      const tag = viewport === DESKTOP ? 'desktop' : 'phone';
      const bill = staffPage.locator(`tr[data-invoice-number="${invoiceNumber}"]`);
      await bill.waitFor();
      const heads = await staffPage.locator('thead th').allTextContents();
      expect(heads).toEqual([
        'Invoice no.',
        'Date',
        'Farmer',
        'Lot',
        'Crop',
        'Qty (kg)',
        'Total',
        'Status',
        'Created by',
        'Actions',
      ]);
      for (const name of ['View', 'QR'])
        await expect(bill.getByRole(name === 'View' ? 'link' : 'button', { name }).evaluate(reachable)).resolves.toBe(true);
      if (viewport === DESKTOP) {
        // The whole table fits the laptop's content area, and every filter shows its label and a whole date.
        await expect(
          staffPage.locator('main .MuiTableContainer-root').evaluate((el) => el.scrollWidth - el.clientWidth),
        ).resolves.toBeLessThanOrEqual(0);
        for (const name of ['from', 'to', 'paymentMode']) {
          await expect(
            staffPage.locator(`[name="${name}"]`).evaluate((el) => (el as HTMLElement).getBoundingClientRect().width),
          ).resolves.toBeGreaterThanOrEqual(140);
        }
      }
      await expect(
        staffPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).resolves.toBeLessThanOrEqual(0);
      await screenshot(staffPage, `sales-bills-${tag}`, { fullPage: false });
    };
    const registrations = async (viewport: typeof DESKTOP | typeof PHONE) => {
      await staffPage.setViewportSize(viewport);
      const tag = viewport === DESKTOP ? 'desktop' : 'phone';
      const reg = staffPage.locator('tr[data-billed="yes"]').first();
      await reg.waitFor();
      const regHeads = await staffPage.locator('thead th').allTextContents();
      for (const h of [
        'ID / Year',
        'Name / Father',
        'Aadhaar / Mobile',
        'Village / District',
        'Crop / Qty',
        'Status / Appointment',
        'Registered on',
        'Billed',
        'Actions',
      ])
        expect(regHeads).toContain(h);
      // The search form (with its Status filter) fills a phone's first screen: the row is scrolled to first.
      await reg.scrollIntoViewIfNeeded();
      await expect(reg.getByRole('link', { name: 'View' }).evaluate(reachable)).resolves.toBe(true);
      await expect(reg.getByRole('button', { name: /Actions for registration/ }).evaluate(reachable)).resolves.toBe(true);
      if (viewport === DESKTOP) {
        await expect(reg.locator('td').nth(3).evaluate(reachable)).resolves.toBe(true); // Status / Appointment
      }
      await expect(
        staffPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).resolves.toBeLessThanOrEqual(0);
      await screenshot(staffPage, `sales-registrations-${tag}`, { fullPage: false });
    };
    await bills(DESKTOP);
    await bills(PHONE);
    await goInApp(staffPage, '/admin/registrations');
    await registrations(PHONE);
    await registrations(DESKTOP);
  });

  it('refuses search filters the server would refuse, in plain words, leaving no rows of older filters', async () => {
    // On Registrations still, where the layouts' walk ended.
    expect(new URL(staffPage.url()).pathname).toBe('/admin/registrations');
    await staffPage.locator('tr[data-billed]').first().waitFor();
    await staffPage.locator('input[name="id"]').fill('abc');
    await staffPage.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => staffPage.getByTestId('registrations-error').textContent())
      .toBe('ID must be a whole number, e.g. 18.');
    await expect.poll(() => staffPage.locator('tr[data-billed]').count()).toBe(0);
    expect(await text(staffPage, 'registrations-total')).toBe('—');
    await screenshot(staffPage, 'sales-registrations-bad-id', { fullPage: false });
    await staffPage.locator('input[name="id"]').fill('');
    await staffPage.locator('input[name="from"]').fill('2026-12-01T10:00');
    await staffPage.locator('input[name="to"]').fill('2026-11-01T10:00');
    await staffPage.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => staffPage.getByTestId('registrations-error').textContent()).toBe('"From" must not be after "To".');
    await expect.poll(() => staffPage.locator('tr[data-billed]').count()).toBe(0);
    await staffPage.getByRole('button', { name: 'Reset' }).click();
    await staffPage.locator('tr[data-billed]').first().waitFor();
    await expect.poll(() => staffPage.getByTestId('registrations-error').count()).toBe(0);

    await goInApp(staffPage, '/admin/invoices');
    await staffPage.locator('tr[data-invoice-number]').first().waitFor();
    await staffPage.locator('input[name="from"]').fill('2026-12-01');
    await staffPage.locator('input[name="to"]').fill('2026-11-01');
    await staffPage.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => staffPage.getByTestId('bills-error').textContent()).toBe('"From" must not be after "To".');
    await expect.poll(() => staffPage.locator('tr[data-invoice-number]').count()).toBe(0);
    expect(await text(staffPage, 'bills-showing')).toBe('—');
    await staffPage.locator('input[name="from"]').fill('');
    await staffPage.locator('input[name="to"]').fill('');
    await staffPage.locator('input[name="year"]').fill('1999');
    await staffPage.locator('input[name="year"]').press('Enter');
    await expect.poll(() => staffPage.getByTestId('bills-error').textContent()).toBe('Year must be between 2000 and 3000.');
    await staffPage.locator('input[name="year"]').fill('');
    await staffPage.locator('input[name="year"]').press('Enter');
    await staffPage.locator('tr[data-invoice-number]').first().waitFor();
    await expect.poll(() => staffPage.getByTestId('bills-error').count()).toBe(0);
  });

  it('shows India dates and times on a staff device in New York', async () => {
    // Expected texts made here, in India's zone, from what the API returns.
    const ws = (v: string) => v.replace(/\s+/g, ' ').trim();
    const indiaDateTime = (iso: string) =>
      ws(
        new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(
          new Date(iso),
        ),
      );
    const indiaDate = (iso: string) =>
      ws(new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(new Date(iso)));
    const calendarDay = (day: string) =>
      ws(new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`)));
    const reg = (await e2e.asAdmin('GET', '/api/registrations?take=25')).json.items[0];
    const bill = (await e2e.asAdmin('GET', `/api/invoices?number=${invoiceNumber}`)).json.items[0];
    const crop = (await e2e.asAdmin('GET', '/api/crops')).json[0];
    expect(reg.appointmentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const ny = await e2e.browser.newContext({ viewport: DESKTOP, timezoneId: 'America/New_York' });
    ny.setDefaultTimeout(15_000);
    const p = await e2e.adminPage(ny, '/admin/farmers');
    await expect(p.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).resolves.toBe('America/New_York');

    // The farmer's registrations: the appointment is the calendar day of the letter, not the day before.
    const row = p.locator('tr', { hasText: FARMER.name }).first();
    await row.getByRole('button', { name: 'Regs' }).click();
    const regs = p.getByRole('dialog');
    const cell = regs.locator('tbody tr').first().locator('td').nth(4);
    await cell.waitFor();
    expect(ws((await cell.textContent()) ?? '')).toBe(calendarDay(reg.appointmentDate));
    await screenshot(p, 'sales-ny-farmer-regs', { fullPage: false });
    await p.keyboard.press('Escape');

    // Registrations: the same day, and the registration time in India.
    await goInApp(p, '/admin/registrations');
    const r = p.locator('tr[data-billed]').first();
    await r.waitFor();
    // The day is the cell's first line under the status chip.
    expect(ws((await r.locator('td').nth(3).locator(':scope > span').first().textContent()) ?? '')).toBe(
      calendarDay(reg.appointmentDate),
    );
    expect(ws((await r.locator('td').nth(6).innerText()) ?? '')).toBe(indiaDateTime(reg.created).replace(', ', ' '));

    // Bills: the bill's India date and time; Crops: India creation time.
    await goInApp(p, '/admin/invoices');
    const b = p.locator(`tr[data-invoice-number="${invoiceNumber}"]`);
    await b.waitFor();
    expect(ws((await b.locator('td').nth(1).innerText()) ?? '')).toBe(indiaDateTime(bill.generatedOn).replace(', ', ' '));
    expect(ws((await b.locator('td').nth(1).innerText()) ?? '')).toContain(indiaDate(bill.generatedOn));
    await goInApp(p, '/admin/crops');
    const c = p.locator(`tr[data-crop-id="${crop.cropID}"]`);
    await c.waitFor();
    expect(ws((await c.locator('td').nth(3).textContent()) ?? '')).toBe(indiaDateTime(crop.createdOn));
    await ny.close();
  });

  it('filters the Bills list (Enter searches, payment mode, ?number=)', async () => {
    await staffPage.locator('select[name="paymentMode"]').selectOption('Online');
    await staffPage.getByRole('button', { name: 'Search' }).click();
    await staffPage.getByText('No bills').waitFor();
    expect(await text(staffPage, 'bills-count')).toBe('Results: 0');
    expect(await text(staffPage, 'bills-sum')).toBe('Filtered total: ₹0.00');
    await screenshot(staffPage, 'sales-bills-empty');
    await staffPage.locator('select[name="paymentMode"]').selectOption('');
    await staffPage.locator('input[name="lotCode"]').fill(lot.lotCode);
    await staffPage.locator('input[name="lotCode"]').press('Enter');
    await staffPage.locator(`tr[data-invoice-number="${invoiceNumber}"]`).waitFor();
    expect(await text(staffPage, 'bills-count')).toBe('Results: 1');

    await goInApp(staffPage, '/admin');
    await staffPage.getByTestId('tile-sales').waitFor();
    await goInApp(staffPage, `/admin/invoices?number=${invoiceNumber}`);
    await staffPage.locator(`tr[data-invoice-number="${invoiceNumber}"]`).waitFor();
    await expect(staffPage.locator('input[name="number"]').inputValue()).resolves.toBe(invoiceNumber);
  });

  it("opens the bill in a new tab, saying 'Loading…' until it comes, with two copies for staff, and its QR image", async () => {
    // The bill's answer is held until the tab has been seen loading (no fixed delay).
    let answer = () => {};
    const seen = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await staff.route('**/api/invoices/by-number/**', async (route) => {
      await seen;
      await route.continue();
    });
    const [bill] = await Promise.all([staff.waitForEvent('page'), staffPage.getByRole('link', { name: 'View' }).first().click()]);
    await bill.waitForURL((u) => u.pathname === `/bill/${invoiceNumber}`);
    await expect(bill.getByTestId('bill-loading').textContent()).resolves.toContain('Loading…');
    answer();
    await bill.getByTestId('bill-copy').nth(1).waitFor();
    await staff.unroute('**/api/invoices/by-number/**');
    const labels = await bill.getByTestId('copy-label').allTextContents();
    expect(labels).toHaveLength(2);
    expect(labels[0]).toContain('Original 1st Copy');
    expect(labels[1]).toContain('Copy for guard');
    expect(await text(bill, 'bill-contact')).toBe(FARMER.mobile);
    expect(await text(bill, 'bill-total')).toBe('₹2,600.00');
    // The bill opens in the site's language (Hindi here), whose line for staff gives the English after the Hindi.
    expect(await text(bill, 'bill-staff')).toMatch(
      /^बिल बनाया: Super Admin \(ID \d+\), .* \/ Bill generated by Super Admin \(ID \d+\) on /,
    );
    const body = (await bill.locator('main').textContent()) ?? '';
    expect(body).toContain('Scan to verify online');
    expect(body).toContain(lot.lotCode);
    expect(body).toContain(`XXXX-XXXX-${FARMER.aadhaar.slice(-4)}`);
    await bill.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth === 512));
    // The printed QR code carries the bill's token (what lets its reader see more than that the bill exists).
    const token = (await e2e.asAdmin('GET', `/api/invoices/by-number/${invoiceNumber}`)).json.verifyToken as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    for (const src of await bill.locator('figure img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src))) {
      expect(new URL(src).searchParams.get('t')).toBe(token);
    }
    await screenshot(bill, 'sales-bill-staff');
    // Printing: one copy per A4 page.
    await bill.emulateMedia({ media: 'print' });
    const pdf = await bill.pdf({ format: 'A4', preferCSSPageSize: true });
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
    expect(pages).toBe(2);
    await bill.close();

    const [qr] = await Promise.all([staff.waitForEvent('page'), staffPage.getByRole('button', { name: 'QR' }).first().click()]);
    await qr.waitForURL((u) => u.protocol === 'blob:');
    await qr.waitForFunction(() => document.images.length === 1 && document.images[0].naturalWidth === 512);
    await qr.close();
  });

  // The browser shows the two views a visitor's phone gets (the summary and the duplicate copy); the page for a
  // tampered code and for an unknown number, and the same two views' content, are the server's answer, checked
  // in test/integration/qr-pages-html.test.ts (and drawn at 1280 px by test/e2e/qr-pages-html.e2e.test.ts).
  it("shows a visitor by number alone only that the bill exists; with the QR code's token one Duplicate Copy with the mobile masked", async () => {
    const visitor = await e2e.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const p = await newPage(visitor);
    await p.goto(url(`/bill/${invoiceNumber}`));
    await p.getByTestId('bill-summary').waitFor();
    // The number alone proves nothing about a paper bill.
    expect(await text(p, 'bill-check')).toContain('Not verified');
    expect(await text(p, 'bill-check')).not.toContain('Bill verified');
    expect(await text(p, 'bill-number')).toBe(invoiceNumber);
    expect(await text(p, 'bill-total')).toBe('₹2,600.00');
    const summary = (await p.locator('main').textContent()) ?? '';
    expect(summary).toContain(lot.lotCode);
    for (const personal of [FARMER.name, FARMER.mobile.slice(-4), FARMER.aadhaar.slice(-4)])
      expect(summary).not.toContain(personal);
    await expect(p.getByTestId('bill-copy').count()).resolves.toBe(0);
    await screenshot(p, 'sales-bill-summary-phone');

    const token = (await e2e.asAdmin('GET', `/api/invoices/by-number/${invoiceNumber}`)).json.verifyToken as string;
    await p.goto(url(`/bill/${invoiceNumber}?t=${token}`));
    await p.getByTestId('bill-copy').waitFor();
    const labels = await p.getByTestId('copy-label').allTextContents();
    expect(labels).toHaveLength(1);
    expect(labels[0]).toContain('Duplicate Copy');
    expect(await text(p, 'bill-check')).toContain(`Bill ${invoiceNumber} was issued by the institute and is valid`);
    expect(await text(p, 'bill-contact')).toBe('XXXXXX1234');
    await expect(p.getByTestId('bill-staff').count()).resolves.toBe(0);
    await screenshot(p, 'sales-bill-visitor-phone');
    await visitor.close();
  });

  it('moves the dashboard tiles', async () => {
    await goInApp(staffPage, '/admin');
    await staffPage.getByTestId('tile-sales').waitFor();
    await expect.poll(() => text(staffPage, 'sales-total')).toBe('₹2,600.00');
    expect(await text(staffPage, 'sales-today')).toBe('Today: ₹2,600.00 (bills: 1)');
    expect(await text(staffPage, 'registrations-today')).toContain('1');
    await expect.poll(() => staffPage.getByTestId('sparkline').count()).toBe(4);
    await screenshot(staffPage, 'sales-dashboard-after');
    expect(pageErrors).toEqual([]);
  });
});

describe('the rarer paths of the counter screens', () => {
  let lot2: { lotID: number; lotCode: string };
  beforeAll(async () => {
    const first = (await e2e.asAdmin('GET', `/api/lots/${lot.lotID}`)).json;
    const made = await e2e.asAdmin('POST', '/api/lots', {
      producerID: first.producerID,
      cropID: first.cropID,
      quantityAvailable: 1000,
      pricePerUnit: PRICE,
    });
    expect(made.status).toBe(201);
    lot2 = made.json;
  });

  it('pages through the Bills list: Prev and Next at the ends, a new page size back to page 1', async () => {
    // Eleven more bills, made through the API as other counters would (tracked: the test's end waits for them).
    await e2e.work.track(
      (async () => {
        for (let i = 0; i < 11; i++) {
          const reg = await registerFarmer({ url: e2e.baseUrl }, validFields({ cropName: 'Wheat', bagsRequested: 1 }));
          expect(reg.status, reg.text).toBe(201);
          const sale = await e2e.asAdmin('POST', '/api/sales/make', {
            lotID: lot2.lotID,
            registrationID: reg.json.data.id,
            year: reg.json.data.year,
            bags: 1,
            bagSizeKg: 40,
            paymentMode: i % 2 ? 'Online' : 'Cash',
          });
          expect(sale.status, JSON.stringify(sale.json)).toBe(201);
        }
      })(),
    );
    await staffPage.setViewportSize(DESKTOP);
    await goInApp(staffPage, '/admin/invoices');
    const prev = staffPage.getByRole('button', { name: 'Prev' });
    const next = staffPage.getByRole('button', { name: 'Next' });
    await expect.poll(() => text(staffPage, 'bills-showing')).toBe('Showing 1–10 of 12');
    expect(await text(staffPage, 'bills-count')).toBe('Results: 12');
    await expect(staffPage.locator('tr[data-invoice-number]').count()).resolves.toBe(10);
    await expect(prev.isDisabled()).resolves.toBe(true);
    await expect(next.isEnabled()).resolves.toBe(true);
    await expect(staffPage.getByTestId('mode-online').count()).resolves.toBeGreaterThan(0);

    await next.click();
    await expect.poll(() => text(staffPage, 'bills-showing')).toBe('Showing 11–12 of 12');
    await expect.poll(() => staffPage.locator('tr[data-invoice-number]').count()).toBe(2);
    await expect(next.isDisabled()).resolves.toBe(true);
    await expect(prev.isEnabled()).resolves.toBe(true);
    await screenshot(staffPage, 'sales-bills-page-2');

    await staffPage.locator('select[name="take"]').selectOption('25');
    await expect.poll(() => text(staffPage, 'bills-showing')).toBe('Showing 1–12 of 12');
    await expect.poll(() => staffPage.locator('tr[data-invoice-number]').count()).toBe(12);
    await expect(prev.isDisabled()).resolves.toBe(true);
    await expect(next.isDisabled()).resolves.toBe(true);
    // 1 + 11 bills: ₹2,600 + 11 × 40 kg × ₹32.50.
    expect(await text(staffPage, 'bills-sum')).toBe('Filtered total: ₹16,900.00');
  });

  it("shows the server's refusal when issuing seeds fails, and keeps the dialog", async () => {
    const reg = await registerFarmer(
      { url: e2e.baseUrl },
      validFields({ cropName: 'Wheat', bagsRequested: 1, Name: 'Refused Farmer' }),
    );
    expect(reg.status).toBe(201);
    const dialog = await issueDialogWithLot(staffPage, {
      registrationID: reg.json.data.id,
      farmer: 'Refused Farmer',
      lotID: lot2.lotID,
    });
    // The stock runs out between choosing the lot and confirming: the server refuses.
    await staffPage.route('**/api/sales/make', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: `Not enough stock in lot ${lot2.lotCode}: 0 kg left` }),
      }),
    );
    const alerts: string[] = [];
    const onDialog = (d: import('playwright-core').Dialog) => alerts.push(d.message());
    staffPage.on('dialog', onDialog);
    await dialog.getByRole('button', { name: 'Issue Seeds' }).click();
    await expect.poll(() => alerts.length).toBe(2);
    expect(alerts[0]).toMatch(/^Amount ₹[\d,]+\.\d\d \(Cash\)\. Are you sure payment is done\?$/);
    expect(alerts[1]).toBe(`Not enough stock in lot ${lot2.lotCode}: 0 kg left`);
    staffPage.off('dialog', onDialog);
    await staffPage.unroute('**/api/sales/make');
    expect(new URL(staffPage.url()).pathname).toBe('/admin/registrations');
    await expect(dialog.isVisible()).resolves.toBe(true);
    await staffPage.keyboard.press('Escape');
  });

  it("gives a seller 'Your sales' (after 'Failed to load summary' and a working Retry), and no override above what the farmer registered for", async () => {
    const reg = await registerFarmer(
      { url: e2e.baseUrl },
      validFields({ cropName: 'Wheat', bagsRequested: 1, Name: 'One Bag Farmer' }),
    );
    expect(reg.status, reg.text).toBe(201);
    const { ctx, page: p } = await signedInSeller('Counter Seller');

    await p.route('**/api/dashboard/summary', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await p.goto(url('/admin'));
    await p.getByTestId('dashboard-error').waitFor();
    expect(await text(p, 'dashboard-error')).toContain('Failed to load summary');
    await screenshot(p, 'sales-dashboard-failed', { fullPage: false });
    await p.unroute('**/api/dashboard/summary');
    await p.getByTestId('dashboard-error').getByRole('button', { name: 'Retry' }).click();
    await p.getByTestId('tile-sales').waitFor();
    expect(await text(p, 'tile-sales')).toContain('Your sales');
    expect(await text(p, 'sales-total')).toBe('₹0.00');
    await expect(p.getByTestId('dashboard-error').count()).resolves.toBe(0);

    // The same seller at the counter: above the 1 bag registered for, refused, with no override offered.
    const dialog = await issueDialogWithLot(p, { registrationID: reg.json.data.id, farmer: 'One Bag Farmer', lotID: lot2.lotID });
    const button = dialog.getByRole('button', { name: 'Issue Seeds' });
    await dialog.locator('input[name="quantity"]').fill('3');
    await dialog.getByText('At most 1 bag: what the farmer registered for.').waitFor();
    await expect(button.isDisabled()).resolves.toBe(true);
    await expect(dialog.locator('input[name="overRequested"]').count()).resolves.toBe(0);
    await expect(dialog.getByTestId('issue-summary').count()).resolves.toBe(0);
    await screenshot(p, 'sales-issue-seeds-seller-limit', { fullPage: false });
    await dialog.locator('input[name="quantity"]').fill('1');
    await expect(button.isEnabled()).resolves.toBe(true);
    await ctx.close();
    expect(pageErrors).toEqual([]);
  });
});
