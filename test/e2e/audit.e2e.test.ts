import { expect, it } from 'vitest';
import { DESKTOP, PHONE, shotsOf, downloadedBytes } from '../support/browser';
import { useE2EStack } from '../support/e2e';

/**
 * The Audit screen (/admin/audit, super_admin): the entries staff writes left, filtered by action, exported
 * as CSV (UTF-8 with a BOM), a window over 31 days refused with the server's message; at 1280 px in English
 * and at 360 px in Hindi.
 */
const ADMIN_EMAIL = 'audit-admin@seed.local';
const ADMIN_PASSWORD = 'audit-pass-1';

const e2e = useE2EStack({ name: 'audit', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });

const shot = shotsOf('audit');

let writes = 0;

async function someWrites(): Promise<number> {
  const crop = await e2e.asAdmin('POST', '/api/crops', {
    cropName: `Audit barley ${++writes}`,
    cropNameHi: 'जौ',
    description: 'x',
  });
  expect(crop.status, crop.text).toBe(201);
  const off = await e2e.asAdmin('DELETE', `/api/crops/${crop.json.cropID}`);
  expect(off.status, off.text).toBe(200);
  const config = await e2e.asAdmin('POST', '/api/config', { key: 'Audit_Note', value: 'first' });
  expect(config.status, config.text).toBe(200);
  return crop.json.cropID as number;
}

it('lists, filters and exports the entries at 1280 px in English', async () => {
  const cropID = await someWrites();
  const ctx = await e2e.browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  ctx.setDefaultTimeout(10_000);
  const page = await e2e.adminPage(ctx, '/admin/audit');
  await page.getByRole('link', { name: 'Audit log' }).waitFor();

  const table = page.getByRole('table', { name: 'Audit log' });
  const deactivated = table.locator('tr[data-action="crop.deactivate"]');
  await deactivated.waitFor();
  await expect(table.locator('thead th').allTextContents()).resolves.toEqual([
    'When',
    'Who',
    'Role',
    'Address',
    'Action',
    'Record',
    'Change',
  ]);
  const row = await deactivated.locator('td').allTextContents();
  // The action in words, its code beneath for the Action filter.
  await expect(deactivated.locator('td').nth(4).innerText()).resolves.toBe('Crop deactivated\ncrop.deactivate');
  expect(row[5]).toBe(`crop ${cropID}`);
  // The change in words (docs/product-rules.md#the-audit-log-speaks-the-screens-words), and a request from the
  // server's own machine (the test's browser) as "This machine", its address on hover.
  expect(row[6]).toBe('deactivated; Active: Yes → No');
  expect(row[3]).toBe('This machine');
  await expect(deactivated.locator('td').nth(3).locator('[title]').getAttribute('title')).resolves.toMatch(
    /^(::1|127\.0\.0\.1|::ffff:127\.0\.0\.1)$/,
  );
  expect(row[2]).toContain('Super admin');

  // Only the crops' entries, newest first.
  await page.getByLabel('Action').fill('crop.');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect
    .poll(async () => table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action'))))
    .toEqual(['crop.deactivate', 'crop.create']);
  await page
    .getByTestId('audit-count')
    .getByText(/^2 entries from \d{1,2} [A-Z][a-z]+ \d{4} to \d{1,2} [A-Z][a-z]+ \d{4}$/)
    .waitFor();
  await shot(page, 'audit-1280-en');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await downloadedBytes(download);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('When (UTC),Who,User ID,Roles,Address,Action,Record,Change');
  expect(lines.slice(1).map((l) => l.split(',')[5])).toEqual(['crop.deactivate', 'crop.create']);

  // A window longer than 31 days: the server's refusal, and no rows that belong to other filters.
  await page.getByLabel('From').fill('2026-01-01');
  await page.getByLabel('To').fill('2026-03-31');
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByTestId('audit-error')
    .getByText(/At most 31 days/)
    .waitFor();
  expect(await table.locator('tr[data-action]').count()).toBe(0);
  expect(e2e.pageErrors).toEqual([]);
  await ctx.close();
});

it('reads in Hindi and fits a 360 px phone', async () => {
  await someWrites();
  const ctx = await e2e.context({ viewport: PHONE, lang: 'hi', phone: false, timeout: 10_000 });
  const page = await e2e.adminPage(ctx, '/admin/audit');
  await page.getByRole('heading', { name: 'ऑडिट लॉग' }).waitFor();
  const table = page.getByRole('table', { name: 'ऑडिट लॉग' });
  await table.locator('tr[data-action="config.set"]').first().waitFor();
  await expect(table.locator('thead th').first().textContent()).resolves.toBe('कब');
  await page.getByRole('button', { name: 'CSV निर्यात करें' }).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'audit-360-hi');
  expect(e2e.pageErrors).toEqual([]);
  await ctx.close();
});
