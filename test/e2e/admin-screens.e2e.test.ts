import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jsQR from 'jsqr';
import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { kolkataDate } from '../../shared/india-time';
import { createProducerCropLot, type AdminPost } from '../fixtures/catalogue';
import { registerFarmer, validFields } from '../fixtures/registration-helpers';
import { DESKTOP, PHONE, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';

/**
 * The admin screens' wording and safety, capacity at a glance and the lots' price and QR downloads: built-in
 * roles without Delete and with their names, e-mails that break only at the @, one Refresh and plain tiles
 * on the dashboard, a sidebar as tall as the page, whole shift labels, the capacity table (1280 px English and
 * 360 px Hindi), the crop form's quantity wording, the lots' price column and the QR files with the lot code.
 * Needs `npm run build:web` first.
 */
const ADMIN_EMAIL = 'screens-admin@seed.local';
const ADMIN_PASSWORD = 'screens-admin-pass-1';
const LONG_EMAIL = 'counter.staff.morning.shift@krishi-beej-sansthan.example.org';

const e2e = useE2EStack({ name: 'admin-screens', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, streams: true });
const post: AdminPost = (path, body) => e2e.asAdmin('POST', path, body);

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const day = (n: number) => {
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};
const START = day(3);

let lot: { lotID: number; lotCode: string };
let context: BrowserContext;
let page: Page;
let registeredOnDay: string;

const shot = shotsOf('admin-screens');
/** Opens a section from the sidebar: navigation inside the app, no new page load. */
const section = (name: string) =>
  page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name, exact: true }).click();

async function saveSetting(key: string, value: string) {
  const r = await e2e.asAdmin('POST', '/api/config', { key, value });
  expect(r.status, r.text).toBe(200);
}

beforeAll(async () => {
  const made = await createProducerCropLot(post, {
    producer: { name: 'Screens Producer', aadhaarNumber: '612345678904' },
    crop: { cropName: 'Wheat', description: 'Wheat seed' },
    lot: { year: 2026, quantityAvailable: 500, pricePerUnit: 26, isSubsidized: false },
  });
  lot = made.lot;
  await saveSetting('PerDayLimit', '6');
  await saveSetting('AppointmentStartDate', START);
  await saveSetting('WeeklyOffDay', '-1');
  registeredOnDay = kolkataDate();
  const r = await registerFarmer({ url: e2e.baseUrl }, validFields({ cropName: 'Wheat', cropId: made.cropID }));
  expect(r.status, r.text).toBe(201);
  // The dashboard's registration count follows from the table's stream.
  await e2e.stack.drainStreams();
  const user = await post('/api/admin/users', {
    fullName: 'Morning Counter',
    email: LONG_EMAIL,
    password: 'counter-pass-1',
    roleIds: [3],
  });
  expect(user.status, user.text).toBe(201);

  context = await e2e.browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  context.setDefaultTimeout(10_000);
  await context.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  page = await e2e.adminPage(context, '/admin');
});

describe('admin screens at 1280 px', () => {
  it('dashboard: one Refresh, and tiles of one big number with what it counts', async () => {
    await page.getByTestId('tile-sales').waitFor();
    await expect(page.getByRole('button', { name: 'Refresh' }).count()).resolves.toBe(1);
    const crops = page.getByTestId('tile-crops');
    await expect(crops.getByRole('heading').textContent()).resolves.toBe('Crops');
    await expect(page.getByTestId('crops-total').textContent()).resolves.toBe('1');
    await expect(crops.textContent()).resolves.toContain('crops in the catalogue');
    await expect(crops.textContent()).resolves.toMatch(/Latest added: 1 on /);
    await expect(crops.textContent()).resolves.not.toMatch(/Count:|Total:/);
    const today = await page.getByTestId('registrations-today').textContent();
    // A registration made just before midnight in India may be yesterday's by the time the page counts it.
    if (kolkataDate() === registeredOnDay) expect(today).toBe('1');
    else expect(['0', '1']).toContain(today);
    await expect(page.getByTestId('tile-registrations').textContent()).resolves.toContain('All registrations: 1');
    await expect(page.getByTestId('sales-total').textContent()).resolves.toBe('₹0.00');
    await expect(page.getByTestId('sales-today').textContent()).resolves.toBe('Today: ₹0.00 (bills: 0)');
    await shot(page, 'dashboard-1280-en');
  });

  it('roles: built-in roles show their names and have no Delete; an added role has one', async () => {
    const made = await post('/api/roles', { name: 'auditor', description: 'Reads bills' });
    expect(made.status).toBe(201);
    await section('Roles');
    await page.locator('tr[data-role-name="auditor"]').waitFor();
    const names: Record<string, string> = { super_admin: 'Super admin', admin: 'Admin', seller: 'Seller', user: 'User' };
    for (const [key, name] of Object.entries(names)) {
      const row = page.locator(`tr[data-role-name="${key}"]`);
      await expect(row.locator('td').nth(1).textContent()).resolves.toBe(name);
      await expect(row.getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0);
      await expect(row.textContent()).resolves.toContain('Built-in, cannot be deleted');
    }
    await expect(page.locator('main').textContent()).resolves.not.toContain('super_admin');
    await page.locator('tr[data-role-name="auditor"]').getByRole('button', { name: 'Delete' }).waitFor();
    await shot(page, 'roles-1280-en');
  });

  it('users: role names beside the checkboxes, and e-mails that break only after the @', async () => {
    await section('Users');
    const row = page.locator(`tr[data-user-email="${LONG_EMAIL}"]`);
    await row.waitFor();
    const labels = await row.locator('.MuiFormControlLabel-label').allTextContents();
    expect(labels).toEqual(expect.arrayContaining(['Super admin', 'Admin', 'Seller', 'User', 'auditor']));
    expect(labels).not.toContain('super_admin');
    const email = row.locator(`[data-email="${LONG_EMAIL}"]`);
    await expect(email.getAttribute('title')).resolves.toBe(LONG_EMAIL);
    // Each part (name@ and the domain) is on one line: it may wrap only between them.
    const lines = await email.evaluate((el) =>
      [...el.children].filter((c) => c.tagName === 'SPAN').map((c) => c.getClientRects().length),
    );
    expect(lines).toEqual([1, 1]);
    await expect(email.textContent()).resolves.toBe(LONG_EMAIL);
    await shot(page, 'users-1280-en');
  });

  it('settings: the sidebar runs the full height of a long page; shift labels show whole; capacity per day and shift', async () => {
    await section('Settings');
    const capacity = page.getByTestId('capacity');
    const first = capacity.locator(`tr[data-day="${START}"][data-shift="1"]`);
    await first.waitFor();
    await expect(capacity.locator('thead th').allTextContents()).resolves.toEqual(['Day', 'Shift', 'Booked / capacity']);
    await expect(first.getByTestId('capacity-figure').textContent()).resolves.toBe('1 / 3');
    await expect(first.textContent()).resolves.toContain('सुबह 10 से दोपहर 1 बजे / Morning 10 am – 1 pm');
    await expect(
      capacity.locator(`tr[data-day="${START}"][data-shift="2"]`).getByTestId('capacity-figure').textContent(),
    ).resolves.toBe('0 / 3');
    await expect(capacity.locator('tr[data-shift="1"]').count()).resolves.toBe(14);
    expect(Number(await first.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeCloseTo(33.3, 0);

    const heights = await page.evaluate(() => ({
      document: document.documentElement.scrollHeight,
      window: window.innerHeight,
      sidebar: document.querySelector('[data-testid="admin-sidebar"]')!.getBoundingClientRect().height,
      background: getComputedStyle(document.querySelector('[data-testid="admin-sidebar"]')!).backgroundColor,
    }));
    expect(heights.document).toBeGreaterThan(heights.window * 1.5);
    expect(heights.sidebar).toBeGreaterThanOrEqual(heights.document - 1);
    expect(heights.background).toBe('rgb(255, 255, 255)');

    // The long default labels fit their fields: nothing scrolled out of sight.
    for (const name of ['ShiftLabels.0', 'ShiftLabels.1']) {
      const field = page.locator(`textarea[name="${name}"]`);
      await expect(field.inputValue()).resolves.toMatch(/ \/ (Morning|Afternoon)/);
      const fits = await field.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1);
      expect(fits, name).toBe(true);
    }
    await shot(page, 'settings-capacity-1280-en');

    // A new per-day limit shows in the table once saved.
    await page.locator('input[name="PerDayLimit"]').fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved.').waitFor();
    await expect.poll(() => first.getByTestId('capacity-figure').textContent()).toBe('1 / 5');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await shot(page, 'settings-bottom-sidebar-1280-en', false);
  });

  it('crops: the quantity choice says what it does', async () => {
    await section('Crops');
    const mode = page.getByRole('combobox', { name: 'How the farmer gives the quantity' });
    await mode.waitFor();
    await expect(mode.textContent()).resolves.toBe('The usual rule for this crop');
    await page.locator('input[name="cropName"]').fill('Wheat');
    await page.getByText('Usual rule for this name: 1–3 bags of 40 kg (default 1)').waitFor();
    await shot(page, 'crop-form-usual-rule-1280-en');
    await page.locator('input[name="cropName"]').fill('Maize');
    await page.getByText('Usual rule for this name: the form asks no quantity').waitFor();
    await mode.click();
    await page.getByRole('option', { name: 'Gives no quantity' }).click();
    await page.getByText('The form asks no quantity for this crop').waitFor();
    await shot(page, 'crop-form-1280-en');
  });

  it('lots: a price column, and QR downloads with the lot code printed under the code', async () => {
    await section('Lots');
    const row = page.locator(`tr[data-lot-code="${lot.lotCode}"]`);
    await row.waitFor();
    const headers = await page.locator('thead th').allTextContents();
    const priceAt = headers.indexOf('Price (₹/kg)');
    expect(priceAt).toBeGreaterThan(0);
    await expect(row.locator('td').nth(priceAt).textContent()).resolves.toBe('26.00');
    await shot(page, 'lots-1280-en');

    await row.getByRole('button', { name: 'QR' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const save = async (button: string) => {
      const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: button }).click()]);
      const path = join(e2e.dataDir, download.suggestedFilename());
      await download.saveAs(path);
      if (process.env.SHOTS_DIR)
        await download.saveAs(join(process.env.SHOTS_DIR, `lot-qr-download-${download.suggestedFilename()}`));
      return { name: download.suggestedFilename(), bytes: readFileSync(path) };
    };
    const svg = await save('Download SVG');
    expect(svg.name).toMatch(/\.svg$/);
    const svgText = svg.bytes.toString('utf8');
    expect(svgText).toMatch(new RegExp(`<text[^>]*>${lot.lotCode}</text>`));
    const [, , w, h] = /viewBox="([^"]+)"/.exec(svgText)![1].split(/\s+/).map(Number);
    expect(h).toBeGreaterThan(w);
    if (process.env.SHOTS_DIR) {
      const view = await e2e.newPage(context);
      await view.setContent(`<img width="300" src="data:image/svg+xml;base64,${svg.bytes.toString('base64')}">`);
      await view.locator('img').screenshot({ path: join(process.env.SHOTS_DIR, 'lot-qr-download-svg-rendered.png') });
      await view.close();
    }

    const png = await save('Download PNG');
    expect(png.name).toMatch(/\.png$/);
    expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR: width and height, big-endian, at bytes 16 and 20. The code's band makes it taller than wide.
    const width = png.bytes.readUInt32BE(16);
    const height = png.bytes.readUInt32BE(20);
    expect(width).toBe(512);
    expect(height).toBeGreaterThan(width + 50);
    // The code is still readable, and the band under it holds dark pixels (the printed lot code).
    const image = PNG.sync.read(png.bytes);
    const qr = jsQR(
      new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length),
      image.width,
      image.height,
    );
    expect(qr?.data).toMatch(new RegExp(`/lot/${lot.lotCode}$`));
    let darkInBand = 0;
    for (let y = width; y < height; y++) {
      for (let x = 0; x < width; x++) if (image.data[(y * width + x) * 4] < 100) darkInBand++;
    }
    expect(darkInBand).toBeGreaterThan(500);
    await shot(page, 'lot-qr-dialog-1280-en', false);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});

describe('capacity at 360 px in Hindi', () => {
  it('fits the phone and reads in Hindi', async () => {
    // The same page narrowed to a phone, and Hindi chosen with the header's language switch (inside the app,
    // no new page load).
    const p = page;
    await p.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Settings', exact: true }).click();
    await p.waitForURL((u) => u.pathname === '/admin/settings');
    await p.setViewportSize(PHONE);
    await p.getByTestId('language-switch').click();
    await expect.poll(() => p.evaluate(() => document.documentElement.lang)).toBe('hi');
    const capacity = p.getByTestId('capacity');
    const first = capacity.locator(`tr[data-day="${START}"][data-shift="1"]`);
    await first.waitFor();
    await expect(capacity.locator('thead th').allTextContents()).resolves.toEqual(['दिन', 'पाली', 'बुक / क्षमता']);
    await expect(first.getByTestId('capacity-figure').textContent()).resolves.toBe('1 / 5');
    await expect(capacity.getByRole('heading').textContent()).resolves.toBe('अगले कार्य-दिवसों की बुकिंग');
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const table = await capacity
      .locator('table')
      .evaluate((el) => ({ table: el.scrollWidth, box: el.parentElement!.clientWidth }));
    expect(table.table).toBeLessThanOrEqual(table.box);
    await shot(p, 'settings-capacity-360-hi');
    // Below the fixed app bar (56 px on a phone).
    await capacity
      .getByRole('heading')
      .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 64));
    await shot(p, 'settings-capacity-360-hi-table', false);
  });
});
