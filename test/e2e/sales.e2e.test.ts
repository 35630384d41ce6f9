import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startLocalStack, type RunningLocalStack } from '../../infra/local/stack';
import { FIXTURES } from '../fixtures/registration-helpers';
import { DESKTOP, PHONE, handleDialogs, launchBrowser, screenshot } from '../support/browser';

/**
 * Selling seed as the counter does it, in headless Chromium against the local stack: a farmer registers on
 * the public form, staff sign in, open the registration, issue seeds, land on Bills, filter, open the bill
 * (two copies for staff, one 'Duplicate Copy' with a masked mobile for a visitor), and see the dashboard
 * move. Needs `npm run build:web` first (served from frontend/dist).
 */
const ADMIN_EMAIL = 'e2e-sales-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-sales-pass-1';
const FARMER = { name: 'सुरेश कुमार', aadhaar: '456712348901', mobile: '9876501234' };
const PRICE = 32.5;

let stack: RunningLocalStack;
let browser: Browser;
let dataDir: string;
let staff: BrowserContext;
let staffPage: Page;
let adminToken: string;
let lot: { lotID: number; lotCode: string };
let invoiceNumber = '';
const pageErrors: string[] = [];

const url = (path: string) => `${stack.url}${path}`;

async function apiCall(method: string, path: string, body?: unknown) {
  const res = await fetch(url(path), {
    method,
    headers: { 'content-type': 'application/json', ...(adminToken ? { authorization: `Bearer ${adminToken}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

async function newPage(ctx: BrowserContext): Promise<Page> {
  const p = await ctx.newPage();
  p.on('pageerror', (e) => pageErrors.push(e.message));
  return p;
}

const text = async (p: Page, testId: string) => ((await p.getByTestId(testId).first().textContent()) ?? '').trim();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'seed-e2e-sales-'));
  process.env.LOG_LEVEL ??= 'silent';
  stack = await startLocalStack({
    port: 0,
    dataDir,
    dynamoPort: 0,
    s3Port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    s3Endpoint: inject('s3Endpoint'),
    uploadsBucket: inject('uploadsBucket'),
    tableName: `e2e-sales-${randomUUID()}`,
    staticDir: 'frontend/dist',
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
  });
  adminToken = (await apiCall('POST', '/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).json.token;
  const producer = await apiCall('POST', '/api/producers', { name: 'Ram Prasad Seeds', aadhaarNumber: '734512340987', contactNumber: '9876543210', address: 'Kalyanpur, Kanpur' });
  expect(producer.status).toBe(201);
  const wheat = await apiCall('POST', '/api/crops', { cropName: 'Wheat', description: 'HD-2967 foundation seed' });
  expect(wheat.status).toBe(201);
  const made = await apiCall('POST', '/api/lots', { producerID: producer.json.producerID, cropID: wheat.json.cropID, quantityAvailable: 500, pricePerUnit: PRICE, isSubsidized: true });
  expect(made.status).toBe(201);
  lot = made.json;
  browser = await launchBrowser();
  staff = await browser.newContext({ viewport: DESKTOP, timezoneId: 'Asia/Kolkata' });
  staff.setDefaultTimeout(15_000);
  staffPage = await newPage(staff);
  handleDialogs(staffPage);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('selling seed at the counter', () => {
  it('a farmer registers on the public form', async () => {
    const ctx = await browser.newContext({ viewport: PHONE, locale: 'hi-IN', timezoneId: 'Asia/Kolkata', isMobile: true, hasTouch: true });
    const p = await newPage(ctx);
    await p.goto(url('/registration'));
    await p.locator('#reg-Name').fill(FARMER.name);
    await p.locator('#reg-fatherName').fill('रमेश कुमार');
    await p.locator('#reg-adharNumber').fill(FARMER.aadhaar);
    await p.locator('#reg-mobile').fill(FARMER.mobile);
    await p.locator('#reg-category').selectOption('OBC');
    await p.locator('#reg-gender').selectOption('पुरुष');
    await p.locator('#reg-village').fill('बिठूर');
    await p.locator('#reg-block').fill('कल्याणपुर');
    await p.locator('#reg-subDistrict').fill('कानपुर सदर');
    await p.locator('#reg-district').selectOption('Kanpur Nagar');
    await p.locator('#reg-cropId').selectOption({ label: 'Wheat' });
    await p.locator('#reg-bagsRequested').selectOption('2');
    await p.getByTestId('registration-file').setInputFiles(join(FIXTURES, 'aadhaar-sample.pdf'));
    await p.getByTestId('registration-submit').click();
    await p.getByTestId('registration-success').waitFor();
    await ctx.close();
  });

  it('staff sign in and see the dashboard before the sale', async () => {
    await staffPage.goto(url('/login'));
    await staffPage.locator('input[name="email"]').fill(ADMIN_EMAIL);
    await staffPage.locator('input[name="password"]').fill(ADMIN_PASSWORD);
    await staffPage.getByRole('button', { name: 'Sign in' }).click();
    await staffPage.waitForURL((u) => u.pathname !== '/login');
    await staffPage.goto(url('/admin'));
    await staffPage.getByTestId('tile-sales').waitFor();
    expect(await text(staffPage, 'registrations-today')).toContain('1');
    expect(await text(staffPage, 'registrations-total')).toBe('1');
    expect(await text(staffPage, 'tile-sales')).toContain('All sales');
    expect(await text(staffPage, 'sales-total')).toBe('Total: ₹0.00 (0)');
    expect(await text(staffPage, 'crops-total')).toBe('1');
    expect(await text(staffPage, 'producers-total')).toBe('1');
    await screenshot(staffPage, 'sales-dashboard-before');
  });

  it('opens the unbilled registration and issues seeds; the Bills page follows', async () => {
    await staffPage.goto(url('/admin/registrations'));
    const row = staffPage.locator('tr[data-billed="no"]').first();
    await row.waitFor();
    await row.locator('td').nth(2).click();
    const dialog = staffPage.getByRole('dialog');
    await dialog.getByText('Issue Seeds').first().waitFor();
    await expect(dialog.textContent()).resolves.toContain(FARMER.name);
    const button = dialog.getByRole('button', { name: 'Issue Seeds' });
    // No lot chosen yet: the button stays off.
    await expect(button.isDisabled()).resolves.toBe(true);
    await dialog.locator(`select[name="lotID"] option[value="${lot.lotID}"]`).waitFor({ state: 'attached' });
    await dialog.locator('select[name="lotID"]').selectOption(String(lot.lotID));
    await expect(dialog.locator('input[name="quantity"]').inputValue()).resolves.toBe('2');
    await expect(dialog.locator('input[name="paymentMode"][value="Cash"]').isChecked()).resolves.toBe(true);
    await dialog.locator('input[name="quantity"]').fill('0');
    await expect(button.isDisabled()).resolves.toBe(true);
    await dialog.locator('input[name="quantity"]').fill('2');
    await expect(button.isEnabled()).resolves.toBe(true);
    await expect(dialog.getByTestId('issue-summary').textContent()).resolves.toBe('80 kg × ₹32.50/kg = ₹2,600.00');
    await screenshot(staffPage, 'sales-issue-seeds-dialog', { fullPage: false });

    const confirm = staffPage.waitForEvent('dialog');
    await button.click();
    expect((await confirm).message()).toBe('Are you sure payment is done?');
    await staffPage.waitForURL((u) => u.pathname === '/admin/invoices');
    await staffPage.locator('tr[data-invoice-number]').first().waitFor();
    invoiceNumber = (await staffPage.locator('tr[data-invoice-number]').first().getAttribute('data-invoice-number'))!;
    expect(invoiceNumber).toMatch(/^INV\d{4}-000001$/);
    expect(await text(staffPage, 'bills-count')).toBe('Results: 1');
    expect(await text(staffPage, 'bills-sum')).toBe('Filtered total: ₹2,600.00');
    expect(await text(staffPage, 'bills-showing')).toBe('Showing 1–1 of 1');
    await expect(staffPage.getByTestId('mode-cash').count()).resolves.toBe(1);
    await expect(staffPage.getByRole('button', { name: 'Prev' }).isDisabled()).resolves.toBe(true);
    await expect(staffPage.getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true);
    await screenshot(staffPage, 'sales-bills-list');
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

    await staffPage.goto(url(`/admin/invoices?number=${invoiceNumber}`));
    await staffPage.locator(`tr[data-invoice-number="${invoiceNumber}"]`).waitFor();
    await expect(staffPage.locator('input[name="number"]').inputValue()).resolves.toBe(invoiceNumber);
  });

  it('opens the bill in a new tab with two copies for staff, and its QR image', async () => {
    const [bill] = await Promise.all([staff.waitForEvent('page'), staffPage.getByRole('link', { name: 'View' }).first().click()]);
    await bill.waitForURL((u) => u.pathname === `/bill/${invoiceNumber}`);
    await bill.getByTestId('bill-copy').nth(1).waitFor();
    const labels = await bill.getByTestId('copy-label').allTextContents();
    expect(labels).toHaveLength(2);
    expect(labels[0]).toContain('Original 1st Copy');
    expect(labels[1]).toContain('Copy for guard');
    expect(await text(bill, 'bill-contact')).toBe(FARMER.mobile);
    expect(await text(bill, 'bill-total')).toBe('₹2,600.00');
    expect(await text(bill, 'bill-staff')).toMatch(/^Bill generated by Super Admin \(ID \d+\) on /);
    const body = (await bill.locator('main').textContent()) ?? '';
    expect(body).toContain('Scan to verify online');
    expect(body).toContain(lot.lotCode);
    expect(body).toContain('XXXX-XXXX-8901');
    await bill.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth === 512));
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

  it('shows a visitor one Duplicate Copy with the mobile masked, and Not found for an unknown bill', async () => {
    const visitor = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const p = await newPage(visitor);
    await p.goto(url(`/bill/${invoiceNumber}`));
    await p.getByTestId('bill-copy').waitFor();
    const labels = await p.getByTestId('copy-label').allTextContents();
    expect(labels).toHaveLength(1);
    expect(labels[0]).toContain('Duplicate Copy');
    expect(await text(p, 'bill-contact')).toBe('XXXXXX1234');
    await expect(p.getByTestId('bill-staff').count()).resolves.toBe(0);
    await screenshot(p, 'sales-bill-visitor-phone');
    await p.goto(url('/bill/INV2627-999999'));
    await p.getByTestId('bill-error').waitFor();
    expect(await text(p, 'bill-error')).toContain('not found');
    await screenshot(p, 'sales-bill-not-found-phone');
    await visitor.close();
  });

  it('moves the dashboard tiles', async () => {
    await staffPage.goto(url('/admin'));
    await staffPage.getByTestId('tile-sales').waitFor();
    await expect.poll(() => text(staffPage, 'sales-total')).toBe('Total: ₹2,600.00 (1)');
    expect(await text(staffPage, 'sales-today')).toBe('Today: ₹2,600.00 (1)');
    expect(await text(staffPage, 'registrations-today')).toContain('1');
    await expect(staffPage.getByTestId('sparkline').count()).resolves.toBe(4);
    await screenshot(staffPage, 'sales-dashboard-after');
    expect(pageErrors).toEqual([]);
  });
});
