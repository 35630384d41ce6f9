import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { createProducerCropLot } from '../fixtures/catalogue';
import { newAadhaar, newMobile, registerFarmer, useCrops, validFields } from '../fixtures/registration-helpers';
import { SAMPLE_PRODUCER, SAMPLE_WHEAT } from '../fixtures/sample-catalogue';
import { DESKTOP, PHONE, shotsOf, downloadedBytes } from '../support/browser';
import { useE2EStack } from '../support/e2e';

/**
 * The Reports screen (/admin/reports, admins): an admin picks a grouping and sees the table (a row per value and
 * the totals) and the bar chart of the measure chosen, prints it on A4 and saves the table as CSV; at 1280 px in
 * English and at 360 px in Hindi.
 */
const ADMIN_EMAIL = 'reports-admin@seed.local';
const ADMIN_PASSWORD = 'reports-pass-1';

const e2e = useE2EStack({ name: 'reports', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });

const shot = shotsOf('reports');

const FARMERS = [
  { district: 'Lucknow', category: 'GEN', gender: 'पुरुष', paid: 'Cash' },
  { district: 'Lucknow', category: 'OBC', gender: 'महिला', paid: 'Online' },
  { district: 'Kanpur Nagar', category: 'SC', gender: 'महिला', paid: 'Cash' },
  { district: 'Agra', category: 'ST', gender: 'पुरुष', paid: null },
] as const;

beforeAll(async () => {
  const made = await createProducerCropLot((path, body) => e2e.asAdmin('POST', path, body), {
    producer: SAMPLE_PRODUCER,
    crop: SAMPLE_WHEAT,
    lot: { quantityAvailable: 2000, pricePerUnit: 32.5 },
  });
  useCrops({ Wheat: made.cropID });
  for (const f of FARMERS) {
    const r = await registerFarmer(
      { url: e2e.url('') },
      validFields({
        cropName: 'Wheat',
        cropId: made.cropID,
        bagsRequested: 1,
        district: f.district,
        category: f.category,
        gender: f.gender,
        mobile: newMobile(),
        adharNumber: newAadhaar(7),
      }),
    );
    expect(r.status, r.text).toBe(201);
    if (!f.paid) continue;
    const sale = await e2e.asAdmin('POST', '/api/sales/make', {
      lotID: made.lot.lotID,
      registrationID: r.json.data.id,
      year: r.json.data.year,
      bags: 1,
      bagSizeKg: 40,
      paymentMode: f.paid,
    });
    expect(sale.status, sale.text).toBe(201);
  }
}, 180_000);

async function openReports(viewport: { width: number; height: number }, lang: 'en' | 'hi') {
  // Signed in on the English page, then the language asked for, as the language switch keeps it.
  const ctx = await e2e.context({ viewport, lang, startIn: 'en' });
  const page = await e2e.adminPage(ctx, '/admin/reports');
  if (lang === 'hi') {
    await page.evaluate(() => localStorage.setItem('lang', 'hi'));
    await page.reload();
  }
  return { ctx, page };
}

const cells = (p: Page, row: string) => p.locator(`tr[data-row="${row}"] td`).allTextContents();

it('shows the table and the chart by the grouping picked, prints on A4 and exports CSV, at 1280 px in English', async () => {
  const { ctx, page } = await openReports(DESKTOP, 'en');
  await page.getByRole('heading', { name: 'Reports' }).waitFor();
  const table = page.getByRole('table', { name: 'Report' });
  await table.locator('tr[data-row="Lucknow"]').waitFor();
  await expect(table.locator('thead th').allTextContents()).resolves.toEqual([
    'District',
    'Registrations',
    'Confirmed',
    'Waitlisted',
    'Billed',
    'No-shows',
    'Cancelled',
    'Kg issued',
    'Cash (₹)',
    'Online (₹)',
  ]);
  // Lucknow: two registrations, both billed (40 kg each at ₹32.50/kg), one in cash and one online.
  await expect(cells(page, 'Lucknow')).resolves.toEqual(['Lucknow', '2', '2', '0', '2', '0', '0', '80', '1,300', '1,300']);
  await expect(cells(page, 'total')).resolves.toEqual(['Total', '4', '4', '0', '3', '0', '0', '120', '2,600', '1,300']);

  // By gender, applied as soon as it is picked (no Show): one row per gender, the heading and first column say
  // Gender, the chart of registrations, then of kg issued.
  await page.getByLabel('Group by').selectOption('gender');
  await table.locator('tr[data-row="महिला"]').waitFor();
  await expect.poll(() => page.getByTestId('report-heading').textContent()).toMatch(/^By Gender, /);
  await expect(table.locator('thead th').first().textContent()).resolves.toBe('Gender');
  await expect(cells(page, 'महिला')).resolves.toEqual(['Female', '2', '2', '0', '2', '0', '0', '80', '1,300', '1,300']);
  const chart = page.getByTestId('report-chart');
  await chart.getByText('Registrations by Gender').waitFor();
  await expect(chart.locator('[data-bar]').count()).resolves.toBe(2);
  await page.getByLabel('Chart shows').selectOption('kg');
  await chart.getByText('Kg issued by Gender').waitFor();
  const widths = await chart
    .locator('rect')
    .evaluateAll((rects) => rects.map((r) => [r.getAttribute('data-value'), r.getAttribute('width')]));
  // Equal registrations: ordered by the stored value (पुरुष before महिला).
  expect(widths).toEqual([
    ['40', '50%'],
    ['80', '100%'],
  ]);
  await shot(page, 'reports-by-gender-1280-en');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  // The year's whole season by default: 1 January to 30 June of the next year.
  expect(download.suggestedFilename()).toMatch(/^report-gender-\d{4}-01-01-to-\d{4}-06-30\.csv$/);
  const bytes = await downloadedBytes(download);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines).toEqual([
    'Gender,Registrations,Confirmed,Waitlisted,Billed,No-shows,Cancelled,Kg issued,Cash (₹),Online (₹)',
    'Male,2,2,0,1,0,0,40,1300,0',
    'Female,2,2,0,2,0,0,80,1300,1300',
    'Total,4,4,0,3,0,0,120,2600,1300',
  ]);

  // On paper: the table and the chart, without the form, the buttons and the navigation.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' }).isVisible()).resolves.toBe(false);
  await expect(page.getByRole('form', { name: 'Report filters' }).isVisible()).resolves.toBe(false);
  await expect(table.isVisible()).resolves.toBe(true);
  await expect(chart.isVisible()).resolves.toBe(true);
  await page.setViewportSize({ width: 794, height: 1123 });
  await shot(page, 'reports-print-a4-en');
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  await page.emulateMedia({ media: 'screen' });
  expect(e2e.pageErrors).toEqual([]);
  await ctx.close();
});

it('reads in Hindi and fits a 360 px phone', async () => {
  const { ctx, page } = await openReports(PHONE, 'hi');
  await page.getByRole('heading', { name: 'रिपोर्ट' }).waitFor();
  await page.getByLabel('किसके अनुसार').selectOption('category');
  const table = page.getByRole('table', { name: 'रिपोर्ट' });
  await table.locator('tr[data-row="GEN"]').waitFor();
  await expect.poll(() => page.getByTestId('report-heading').textContent()).toMatch(/^श्रेणी के अनुसार, /);
  await expect(cells(page, 'GEN')).resolves.toEqual(['सामान्य (GEN)', '1', '1', '0', '1', '0', '0', '40', '1,300', '0']);
  await expect(table.locator('thead th').first().textContent()).resolves.toBe('श्रेणी');
  await page.getByTestId('report-chart').getByText('श्रेणी के अनुसार पंजीकरण').waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'reports-by-category-360-hi');
  await page.emulateMedia({ media: 'print' });
  await shot(page, 'reports-print-360-hi');
  await page.emulateMedia({ media: 'screen' });
  expect(e2e.pageErrors).toEqual([]);
  await ctx.close();
});

it('applies a new grouping or year at once, with the dates typed; typed dates alone wait for Show', async () => {
  const { ctx, page } = await openReports(DESKTOP, 'en');
  const heading = page.getByTestId('report-heading');
  await expect.poll(() => heading.textContent()).toMatch(/^By District, \d{4}-01-01 to \d{4}-06-30$/);
  const year = Number(await page.getByLabel('Year').inputValue());
  // A year's report reaches into the next year, and the screen says so; its date fields offer those days.
  await expect(page.getByTestId('report-season').textContent()).resolves.toMatch(
    new RegExp(`^A report of ${year} counts .* ${year + 1}: a season`),
  );
  await expect(page.getByLabel('To').getAttribute('max')).resolves.toBe(`${year + 1}-06-30`);

  await page.getByLabel('From').fill(`${year}-01-02`);
  await expect(heading.textContent()).resolves.toBe(`By District, ${year}-01-01 to ${year + 1}-06-30`);
  await page.getByLabel('Group by').selectOption('crop');
  await expect.poll(() => heading.textContent()).toBe(`By Crop, ${year}-01-02 to ${year + 1}-06-30`);
  await expect(page.getByRole('table', { name: 'Report' }).locator('thead th').first().textContent()).resolves.toBe('Crop');

  await page.getByLabel('Year').selectOption(String(year - 1));
  await expect.poll(() => heading.textContent()).toBe(`By Crop, ${year - 1}-01-01 to ${year}-06-30`);
  await expect(page.getByLabel('From').inputValue()).resolves.toBe('');

  await page.getByLabel('Group by').selectOption('gender');
  await expect.poll(() => heading.textContent()).toBe(`By Gender, ${year - 1}-01-01 to ${year}-06-30`);
  await shot(page, 'reports-grouping-applied-1280-en');
  expect(e2e.pageErrors).toEqual([]);
  await ctx.close();
});
