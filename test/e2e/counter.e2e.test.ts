import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrop, createLot, createProducer } from '../fixtures/catalogue';
import { registerFarmer, useCrops, validFields } from '../fixtures/registration-helpers';
import { SAMPLE_PRODUCER, SAMPLE_WHEAT } from '../fixtures/sample-catalogue';
import { DESKTOP, PHONE, handleDialogs, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';

/**
 * The counter's day on the Registrations screen, in headless Chromium against the local stack: staff sign in
 * to their work, find a farmer by the mobile number as it is written, press Issue seeds on the row, get the
 * fitting lot preselected, and after the sale stay on the screen with the bill's number, Print and View.
 * Needs `npm run build:web` first (served from frontend/dist).
 */
const ADMIN_EMAIL = 'e2e-counter-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-counter-pass-1';
const SELLER = { email: 'e2e-counter-seller@seed.local', password: 'counter-seller-1' };
const MOBILE = '9876543210';
const PRICE = 31.25;

const e2e = useE2EStack({ name: 'counter', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { url, newPage, pageErrors } = e2e;

let lots: { newest: number; tooSmall: number; fitting: number };
let farmer: { id: number; name: string; aadhaar: string };
let billedId = 0;
let staff: BrowserContext;
let page: Page;

const shot = shotsOf('counter', { fullPage: false });

async function signIn(p: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  await p.goto(url('/login'));
  await e2e.submitSignIn(p, email, password);
  await p.waitForURL((u) => u.pathname !== '/login');
}

const rowOf = (p: Page, id: number) =>
  p.locator('tbody tr', { has: p.locator('td').first().getByText(String(id), { exact: true }) });

beforeAll(async () => {
  const post = (path: string, body: Record<string, unknown>) => e2e.asAdmin('POST', path, body);
  const { producerID } = await createProducer(post, SAMPLE_PRODUCER);
  const { cropID } = await createCrop(post, SAMPLE_WHEAT);
  useCrops({ Wheat: cropID });
  // Made newest year first: the preselected lot is the oldest with enough stock, not the first made.
  const newest = await createLot(post, { producerID, cropID, year: 2026, quantityAvailable: 500, pricePerUnit: PRICE });
  const tooSmall = await createLot(post, { producerID, cropID, year: 2025, quantityAvailable: 50, pricePerUnit: PRICE });
  const fitting = await createLot(post, { producerID, cropID, year: 2025, quantityAvailable: 500, pricePerUnit: PRICE });
  lots = { newest: newest.lotID, tooSmall: tooSmall.lotID, fitting: fitting.lotID };

  const billed = await registerFarmer({ url: e2e.baseUrl }, validFields({ Name: 'Billed Farmer', bagsRequested: 1 }));
  expect(billed.status, billed.text).toBe(201);
  billedId = billed.json.data.id;
  const sale = await e2e.asAdmin('POST', '/api/sales/make', {
    lotID: lots.newest,
    registrationID: billedId,
    year: billed.json.data.year,
    bags: 1,
    bagSizeKg: 40,
    paymentMode: 'Cash',
  });
  expect(sale.status, sale.text).toBe(201);
  // Two bags of 40 kg: 80 kg, more than the 50 kg lot holds.
  const fields = validFields({
    Name: 'Counter Farmer',
    mobile: `+91 ${MOBILE.slice(0, 5)} ${MOBILE.slice(5)}`,
    bagsRequested: 2,
  });
  const reg = await registerFarmer({ url: e2e.baseUrl }, fields);
  expect(reg.status, reg.text).toBe(201);
  farmer = { id: reg.json.data.id, name: 'Counter Farmer', aadhaar: String(fields.adharNumber) };
  for (let i = 0; i < 3; i++) {
    const other = await registerFarmer({ url: e2e.baseUrl }, validFields({ Name: `Other Farmer ${i}`, bagsRequested: 1 }));
    expect(other.status, other.text).toBe(201);
  }
  const seller = await e2e.asAdmin('POST', '/api/admin/users', {
    fullName: 'Counter Seller',
    email: SELLER.email,
    password: SELLER.password,
    isActive: true,
    roleIds: [3],
  });
  expect(seller.status, seller.text).toBe(201);

  staff = await e2e.browser.newContext({ viewport: DESKTOP, timezoneId: 'Asia/Kolkata' });
  staff.setDefaultTimeout(15_000);
  // The bill page's print dialog is recorded instead of opened.
  await staff.addInitScript(() => {
    window.print = () => {
      (window as unknown as { printed: boolean }).printed = true;
    };
  });
  page = await newPage(staff);
  handleDialogs(page);
}, 120_000);

afterAll(() => staff?.close());

describe('signing in', () => {
  it('lands an admin on the dashboard', async () => {
    await signIn(page);
    expect(new URL(page.url()).pathname).toBe('/admin');
    await page.getByTestId('tile-sales').waitFor();
    await shot(page, 'signin-admin-dashboard-1280-en');
  });

  it('lands a seller on Today at the counter', async () => {
    const ctx = await e2e.browser.newContext({ viewport: DESKTOP, timezoneId: 'Asia/Kolkata' });
    const p = await newPage(ctx);
    await signIn(p, SELLER.email, SELLER.password);
    expect(new URL(p.url()).pathname).toBe('/admin/today');
    await p.getByRole('heading', { name: 'Today at the counter' }).waitFor();
    await p.getByTestId('today-day').waitFor();
    await shot(p, 'signin-seller-today-1280-en');
    await ctx.close();
  });
});

describe('the Registrations screen at 1280 px', () => {
  it('finds the registrations of a mobile number typed as "+91 98765 43210"', async () => {
    await page.goto(url('/admin/registrations'));
    await page.locator('tr[data-billed]').first().waitFor();
    await expect.poll(() => page.locator('tr[data-billed]').count()).toBe(5);
    const mobile = page.locator('input[name="mobile"]');
    await mobile.pressSequentially('+91 98765 43210');
    await expect(mobile.inputValue()).resolves.toBe(MOBILE);
    const searched = page.waitForRequest((r) => r.url().includes('/api/registrations?') && r.url().includes(`mobile=${MOBILE}`));
    await page.getByRole('button', { name: 'Search' }).click();
    await searched;
    await expect.poll(() => page.locator('tr[data-billed]').count()).toBe(1);
    await expect(rowOf(page, farmer.id).textContent()).resolves.toContain(MOBILE);
    await expect(page.getByTestId('registrations-total').textContent()).resolves.toBe('Showing 1–1 of 1');
    await shot(page, 'search-by-mobile-1280-en');

    // A number that cannot be read as 10 digits is caught before the search.
    await mobile.fill('98765 4321');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => page.getByTestId('registrations-error').textContent())
      .toBe('Mobile: enter the 10-digit mobile number.');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => page.locator('tr[data-billed]').count()).toBe(5);

    // An Aadhaar number typed in groups, with a space and a hyphen, keeps its 12 digits and finds the farmer.
    const aadhaar = page.locator('input[name="aadhaar"]');
    const a = farmer.aadhaar;
    await aadhaar.pressSequentially(`${a.slice(0, 4)} ${a.slice(4, 8)}-${a.slice(8)}`);
    await expect(aadhaar.inputValue()).resolves.toBe(a);
    // The box is wide enough to show all 12 digits, so the clerk can check them.
    const clipped = await aadhaar.evaluate((el: HTMLInputElement) => el.scrollWidth > el.clientWidth);
    expect(clipped).toBe(false);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('tr[data-billed]').count()).toBe(1);
    await expect(rowOf(page, farmer.id).count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => page.locator('tr[data-billed]').count()).toBe(5);
  });

  it('shows the whole table, the Mobile column included, within 1280 px beside the sidebar', async () => {
    const box = page.locator('main .MuiTableContainer-root');
    await expect(box.evaluate((el) => el.scrollWidth - el.clientWidth)).resolves.toBeLessThanOrEqual(0);
    const heads = await page.locator('thead th').allTextContents();
    expect(heads).toContain('Aadhaar / Mobile');
    const column = heads.indexOf('Aadhaar / Mobile');
    // Every mobile number is drawn whole, inside the table's box and not under the pinned columns.
    const cells = page.locator('tbody tr').locator(`td:nth-child(${column + 1})`);
    for (const cell of await cells.all()) {
      const fits = await cell.evaluate((td) => {
        const number = td.querySelectorAll('span')[1];
        const numberBox = number.getBoundingClientRect();
        const container = td.closest('.MuiTableContainer-root')!.getBoundingClientRect();
        const billed = td.parentElement!.children[td.parentElement!.children.length - 2].getBoundingClientRect();
        return (
          /^\d{10}$/.test(number.textContent ?? '') &&
          number.scrollWidth <= number.clientWidth &&
          numberBox.right <= Math.min(container.right, billed.left)
        );
      });
      expect(fits).toBe(true);
    }
    await expect(page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBeLessThanOrEqual(0);
    await shot(page, 'registrations-table-1280-en');
  });

  it('offers Issue seeds on unbilled rows and in their menu, not on billed ones', async () => {
    const unbilled = rowOf(page, farmer.id);
    const billed = rowOf(page, billedId);
    await expect(unbilled.getAttribute('data-billed')).resolves.toBe('no');
    await expect(billed.getAttribute('data-billed')).resolves.toBe('yes');
    await expect(unbilled.getByRole('button', { name: 'Issue seeds' }).isVisible()).resolves.toBe(true);
    await expect(billed.getByRole('button', { name: 'Issue seeds' }).count()).resolves.toBe(0);

    await billed.getByRole('button', { name: /Actions for registration/ }).click();
    await page.getByRole('menuitem', { name: 'View Appointment' }).waitFor();
    await expect(page.getByRole('menuitem', { name: 'Issue seeds' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await unbilled.getByRole('button', { name: /Actions for registration/ }).click();
    const menuItems = await page.getByRole('menuitem').allTextContents();
    expect(menuItems).toEqual(['Issue seeds', 'View Aadhaar', 'View Appointment', 'SMS sent', 'Cancel registration']);
    await shot(page, 'row-menu-issue-seeds-1280-en');
    await page.getByRole('menuitem', { name: 'Issue seeds' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /Issue Seeds — Counter Farmer/ }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('opens Issue Seeds with the fitting lot preselected, issues, and stays with the bill number, Print and View', async () => {
    const row = rowOf(page, farmer.id);
    await row.getByRole('button', { name: 'Issue seeds' }).click();
    const dialog = page.getByRole('dialog');
    const lot = dialog.locator('select[name="lotID"]');
    // The oldest lot with stock for the 80 kg registered for: not the 50 kg one, not the newer year's.
    await expect.poll(() => lot.inputValue()).toBe(String(lots.fitting));
    await dialog.getByText('The oldest lot with enough stock for the quantity registered for. You can choose another.').waitFor();
    await expect(dialog.getByTestId('issue-summary').textContent()).resolves.toBe('80 kg × ₹31.25/kg = ₹2,500.00');
    await expect(dialog.getByRole('button', { name: 'Issue Seeds' }).isEnabled()).resolves.toBe(true);
    await shot(page, 'issue-dialog-preselected-1280-en');
    // The clerk may choose another lot; the one too small says so.
    await lot.selectOption(String(lots.tooSmall));
    await dialog.getByText('Only 50 kg left in this lot.').waitFor();
    await expect(dialog.getByRole('button', { name: 'Issue Seeds' }).isDisabled()).resolves.toBe(true);
    await lot.selectOption(String(lots.fitting));

    const confirmed = page.waitForEvent('dialog');
    await dialog.getByRole('button', { name: 'Issue Seeds' }).click();
    expect((await confirmed).message()).toMatch(/^Amount ₹[\d,]+\.\d\d \(Cash\)\. Are you sure payment is done\?$/);
    const notice = page.getByTestId('issued-notice');
    await notice.waitFor();
    const text = (await notice.textContent()) ?? '';
    const invoiceNumber = /Bill number (INV\d{4}-\d{6})/.exec(text)?.[1];
    expect(invoiceNumber, text).toBeTruthy();
    expect(text).toContain(`Seed issued to Counter Farmer (registration ${farmer.id}/`);
    expect(new URL(page.url()).pathname).toBe('/admin/registrations');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // The row is billed now, with no Issue seeds.
    await expect.poll(() => row.getAttribute('data-billed')).toBe('yes');
    await expect(row.getByRole('button', { name: 'Issue seeds' }).count()).resolves.toBe(0);
    // The notice is in view (not under the app bar), whatever the page's scroll.
    await expect(notice.evaluate((el) => el.getBoundingClientRect().top >= 64)).resolves.toBe(true);
    await shot(page, 'issued-notice-1280-en');

    const [printed] = await Promise.all([staff.waitForEvent('page'), notice.getByRole('link', { name: 'Print bill' }).click()]);
    await printed.waitForURL((u) => u.pathname === `/bill/${invoiceNumber}` && u.searchParams.get('print') === '1');
    await printed.getByTestId('bill-copy').nth(1).waitFor();
    await printed.waitForFunction(() => (window as unknown as { printed?: boolean }).printed === true);
    await printed.close();

    const [viewed] = await Promise.all([staff.waitForEvent('page'), notice.getByRole('link', { name: 'View bill' }).click()]);
    await viewed.waitForURL((u) => u.pathname === `/bill/${invoiceNumber}` && !u.searchParams.has('print'));
    await viewed.getByTestId('bill-copy').first().waitFor();
    await expect(viewed.getByTestId('bill-total').first().textContent()).resolves.toBe('₹2,500.00');
    await expect(viewed.evaluate(() => (window as unknown as { printed?: boolean }).printed ?? false)).resolves.toBe(false);
    await viewed.close();

    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => page.getByTestId('issued-notice').count()).toBe(0);
  });
});

describe('the issue action on a 360 px phone in Hindi', () => {
  it('shows बीज जारी करें on an unbilled row and opens the dialog with the lot preselected', async () => {
    const reg = await registerFarmer({ url: e2e.baseUrl }, validFields({ Name: 'फोन किसान', bagsRequested: 1 }));
    expect(reg.status, reg.text).toBe(201);
    const ctx = await e2e.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, timezoneId: 'Asia/Kolkata' });
    ctx.setDefaultTimeout(15_000);
    const p = await newPage(ctx);
    await signIn(p, SELLER.email, SELLER.password);
    await p.evaluate(() => localStorage.setItem('lang', 'hi'));
    await p.goto(url(`/admin/registrations?id=${reg.json.data.id}`));
    const row = p.locator('tr[data-billed="no"]', { hasText: 'फोन किसान' });
    const button = row.getByRole('button', { name: 'बीज जारी करें' });
    await button.waitFor();
    // The search form (with its Status filter) fills the phone's first screen: the row is scrolled to first.
    await button.scrollIntoViewIfNeeded();
    // Pinned at the right edge of the swiped table: on screen and not covered.
    const reachable = await button.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return r.left >= 0 && r.right <= window.innerWidth && !!hit && el.contains(hit);
    });
    expect(reachable).toBe(true);
    await expect(p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBeLessThanOrEqual(0);
    await shot(p, 'registrations-issue-button-360-hi');
    await button.click();
    const dialog = p.getByRole('dialog');
    await dialog.getByRole('heading', { name: /बीज जारी करें — फोन किसान/ }).waitFor();
    // One bag of 40 kg: the oldest lot with 40 kg, the 50 kg one of 2025.
    await expect.poll(() => dialog.locator('select[name="lotID"]').inputValue()).toBe(String(lots.tooSmall));
    await dialog.getByText('सबसे पुराना लॉट जिसमें पंजीकृत मात्रा के लिए पर्याप्त स्टॉक है। आप दूसरा चुन सकते हैं।').waitFor();
    await shot(p, 'issue-dialog-360-hi');
    await dialog.getByRole('button', { name: 'बीज जारी करें' }).scrollIntoViewIfNeeded();
    await expect(dialog.getByRole('button', { name: 'बीज जारी करें' }).isEnabled()).resolves.toBe(true);
    await shot(p, 'issue-dialog-360-hi-button');
    handleDialogs(p);
    await dialog.getByRole('button', { name: 'बीज जारी करें' }).click();
    const notice = p.getByTestId('issued-notice');
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toMatch(
      /फोन किसान को बीज जारी किया गया \(पंजीकरण \d+\/\d{4}\)। बिल संख्या INV\d{4}-\d{6}/,
    );
    for (const name of ['बिल प्रिंट करें', 'बिल देखें']) await notice.getByRole('link', { name }).waitFor();
    await expect(p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBeLessThanOrEqual(0);
    await expect.poll(() => row.count()).toBe(0); // billed now
    await shot(p, 'issued-notice-360-hi');
    await ctx.close();
    expect(pageErrors).toEqual([]);
  });
});
