import { parse } from 'csv-parse/sync';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { kolkataDate } from '@shared/schemas/registration';
import { DESKTOP, PHONE, shotsOf, downloadedBytes } from '../support/browser';
import { useE2EStack } from '../support/e2e';
import {
  DISTRICTS,
  HINDI_NAMES,
  invoiceItem,
  seedInvoices,
  seedRegistrations,
  type SeededRegistration,
} from '../fixtures/export-data';

/**
 * Export on the Registrations and Bills lists (docs/decisions/0027-exports.md): the menu (CSV / Excel), the
 * file with the list's filters, and the progress of a job (forced here by adding async=1 to the request, and
 * held at its first state by holding the job's status replies until the screenshot is taken); at 1280 px in
 * English and at 360 px in Hindi. With SHOTS_DIR set, the screenshots are also copied there.
 */
const ADMIN_EMAIL = 'exports-admin@seed.local';
const ADMIN_PASSWORD = 'exports-pass-1';
const e2e = useE2EStack({ name: 'exports', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const YEAR = Number(kolkataDate().slice(0, 4));
const COUNT = 1_200;
const BILLS = 24;

let seeded: SeededRegistration[];

beforeAll(async () => {
  seeded = await seedRegistrations(COUNT, YEAR, 500_001, new Date(`${YEAR}-01-03T00:00:00+05:30`).toISOString());
  const me = await e2e.asAdmin('GET', '/auth/me');
  const fy = new Date().getUTCMonth() >= 3 ? YEAR : YEAR - 1;
  await seedInvoices(
    Array.from({ length: BILLS }, (_, i) =>
      invoiceItem(i + 1, fy, new Date(Date.now() - (i + 1) * 3_600_000).toISOString(), { id: me.json.userID, name: 'Admin' }),
    ),
  );
}, 120_000);

const shot = shotsOf('exports', { fullPage: false });

async function signedIn(ctx: BrowserContext, path: string, lang: 'en' | 'hi'): Promise<Page> {
  ctx.setDefaultTimeout(20_000);
  await ctx.addInitScript((l) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', l);
  }, lang);
  return e2e.adminPage(ctx, path);
}

/** Sends every export of the page as a job, and holds the job's status replies until release() is called. */
async function asHeldJob(page: Page): Promise<{ release(): void }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/api\/export\/(registrations|invoices)\?/, (route: Route) => {
    const u = new URL(route.request().url());
    u.searchParams.set('async', '1');
    return route.continue({ url: u.href });
  });
  await page.route(/\/api\/export\/jobs\//, async (route: Route) => {
    await held;
    await route.continue();
  });
  return { release };
}

const csvOf = (bytes: Buffer) => parse(bytes, { bom: true }) as string[][];

it('exports registrations with a filter as CSV and bills as Excel through a job, at 1280 px in English', async () => {
  const ctx = await e2e.browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  const page = await signedIn(ctx, '/admin/registrations', 'en');

  // A district: the file holds every registration of it, not only the page shown.
  await page.getByLabel('District').selectOption(DISTRICTS[1]);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const want = seeded.filter((s) => s.district === DISTRICTS[1]);
  await page
    .getByTestId('registrations-total')
    .getByText(new RegExp(`of ${want.length}$`))
    .waitFor();
  await page.getByTestId('export-button').click();
  await page.getByTestId('export-xlsx').waitFor();
  await shot(page, 'menu-1280-en');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(download.suggestedFilename()).toBe(`registrations-${kolkataDate()}.csv`);
  const bytes = await downloadedBytes(download);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = csvOf(bytes);
  expect(header.slice(0, 3)).toEqual(['Registration number', 'Year', 'Name']);
  expect(rows).toHaveLength(want.length);
  expect(new Set(rows.map((r) => r[header.indexOf('District')]))).toEqual(new Set([DISTRICTS[1]]));
  expect(rows.every((r) => /^XXXX-XXXX-\d{4}$/.test(r[header.indexOf('Aadhaar')]))).toBe(true);
  expect(bytes.toString('utf8')).not.toMatch(/\d{12}/);

  // Bills paid in cash, as Excel, through a job: its progress, then the file.
  await page.goto(e2e.url('/admin/invoices'));
  await page.getByLabel('Payment mode').selectOption('Cash');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page
    .getByTestId('bills-count')
    .getByText(`Results: ${BILLS / 2}`)
    .waitFor();
  const job = await asHeldJob(page);
  await page.getByTestId('export-button').click();
  await page.getByTestId('export-xlsx').click();
  const progress = page.getByTestId('export-progress');
  await progress.getByText(`Exporting: 0 of ${BILLS / 2} rows`).waitFor();
  await expect(progress.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe('0');
  await shot(page, 'progress-1280-en');
  const [sheet] = await Promise.all([page.waitForEvent('download'), Promise.resolve(job.release())]);
  expect(sheet.suggestedFilename()).toBe(`invoices-${kolkataDate()}.xlsx`);
  const cells = (await readSheet(await downloadedBytes(sheet))) as (string | number | null)[][];
  expect(cells[0][0]).toBe('Bill number');
  expect(cells.slice(1)).toHaveLength(BILLS / 2);
  expect(cells.slice(1).every((r) => r[cells[0].indexOf('Payment mode')] === 'Cash')).toBe(true);
  await progress.waitFor({ state: 'hidden' });
  expect(e2e.pageErrors).toEqual([]);
  await ctx.close();
});

/** The Hindi phone's page of the second test, reused by the third (one page load for both). */
let hindi: Page | undefined;
afterAll(() => hindi?.context().close());

it('reads in Hindi at 360 px: the menu, the progress of a job, and the Excel file with Hindi intact', async () => {
  const ctx = await e2e.browser.newContext({ viewport: PHONE, acceptDownloads: true });
  const page = await signedIn(ctx, '/admin/registrations', 'hi');
  hindi = page;
  await page
    .getByTestId('registrations-total')
    .getByText(new RegExp(`^${COUNT} में से`))
    .waitFor();
  const button = page.getByTestId('export-button');
  await expect(button.textContent()).resolves.toBe('निर्यात करें');
  await button.click();
  await page.getByTestId('export-xlsx').getByText('एक्सेल (XLSX)').waitFor();
  await shot(page, 'menu-360-hi');

  const job = await asHeldJob(page);
  await page.getByTestId('export-xlsx').click();
  const progress = page.getByTestId('export-progress');
  await progress.getByText(/में से 0 पंक्तियाँ$/).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'progress-360-hi');
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), Promise.resolve(job.release())]);
  const cells = (await readSheet(await downloadedBytes(download))) as (string | number | null)[][];
  expect(cells.slice(1)).toHaveLength(COUNT);
  const names = new Set(cells.slice(1).map((r) => r[2]));
  for (const name of HINDI_NAMES) expect(names.has(name)).toBe(true);
  expect(e2e.pageErrors).toEqual([]);
});

it('offers Export on Today and on every seller’s day close, within a 360 px phone in Hindi', async () => {
  hindi ??= await signedIn(await e2e.browser.newContext({ viewport: PHONE, acceptDownloads: true }), '/admin', 'hi');
  const page = hindi;
  // Each screen from the menu of the phone's drawer: navigation inside the app, no new page load.
  for (const [path, link, heading] of [
    ['/admin/today', 'आज', 'आज काउंटर पर'],
    ['/admin/day-close', 'दिन की समाप्ति', 'दिन की समाप्ति'],
  ] as const) {
    await page.getByRole('button', { name: 'मेनू खोलें' }).click();
    await page.locator('.MuiDrawer-modal').getByRole('link', { name: link, exact: true }).click();
    await page.waitForURL((u) => u.pathname === path);
    await page.locator('.MuiDrawer-modal').waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    const button = page.getByTestId('export-button');
    await button.waitFor();
    await expect(button.textContent()).resolves.toBe('निर्यात करें');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, `${path.split('/').pop()}-360-hi`);
  }
  expect(e2e.pageErrors).toEqual([]);
});
