import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { DESKTOP, PHONE, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';
import { registerFarmer, useCrops, validFields } from '../fixtures/registration-helpers';

/**
 * The SMS screens (admins): the outbox with a registration's message delivered, its day's counts and the filter by
 * a mobile typed with +91 and spaces, at 360 px in Hindi; the templates with their DLT IDs, previews and parts, at
 * 1280 px in English.
 */
const ADMIN_EMAIL = 'sms-admin@seed.local';
const ADMIN_PASSWORD = 'sms-pass-12';

const e2e = useE2EStack({ name: 'sms', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, streams: true, sms: true });
const shot = shotsOf('sms');

async function registeredAndSent(): Promise<string> {
  const crop = await e2e.asAdmin('POST', '/api/crops', { cropName: 'Wheat', cropNameHi: 'गेहूँ', description: 'x' });
  expect(crop.status, crop.text).toBe(201);
  useCrops({ Wheat: crop.json.cropID });
  const fields = validFields();
  const r = await registerFarmer({ url: e2e.baseUrl }, fields);
  expect(r.status, r.text).toBe(201);
  await e2e.stack.drainStreams();
  await e2e.stack.sms!.settled();
  return String(fields.mobile);
}

/** One page for both tests: the second widens it and switches it to English (no new page load). */
let ctx: BrowserContext;
let page: Page;
afterAll(() => ctx?.close());

it('shows the day’s messages, their counts and one mobile’s messages at 360 px in Hindi', async () => {
  const mobile = await registeredAndSent();
  ctx = await e2e.context({ viewport: PHONE, lang: 'hi', phone: false });
  page = await e2e.adminPage(ctx, '/admin/sms/outbox');
  const table = page.getByRole('table', { name: 'SMS आउटबॉक्स' });
  await table.locator('tr[data-message]').first().waitFor();
  await expect(page.locator('[data-count="delivered"]').textContent()).resolves.toBe('पहुँच गया: 1');
  await page.getByLabel('मोबाइल').fill(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
  // The mobile goes in a header, never in the URL (access logs keep URLs).
  const asked = page.waitForRequest((r) => r.url().includes('/api/notifications/outbox') && 'x-private-query' in r.headers());
  await page.getByRole('button', { name: 'दिखाएँ' }).click();
  const request = await asked;
  expect(request.url()).not.toContain(mobile.slice(-4));
  expect(request.headers()['x-private-query']).toBe(`mobile=%2B91+${mobile.slice(0, 5)}+${mobile.slice(5)}`);
  const row = table.locator('tr[data-message]');
  await expect.poll(() => row.count()).toBe(1);
  const cells = await row.locator('td').allTextContents();
  expect(cells).toContain(mobile);
  // No stock yet: the farmer is on the waiting list, and told so.
  expect(cells).toContain('प्रतीक्षा सूची');
  expect(cells.join(' ')).toContain('पहुँच गया');
  expect(cells).toContain('1007000000000000201');
  await shot(page, 'outbox-360-hi');

  // The registration's own messages, from its row's menu on the Registrations screen (from the drawer's menu).
  await page.getByRole('button', { name: 'मेनू खोलें' }).click();
  await page.locator('.MuiDrawer-modal').getByRole('link', { name: 'पंजीकरण', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/admin/registrations');
  await page.getByRole('button', { name: 'पंजीकरण 1 के कार्य' }).click();
  await page.getByRole('menuitem', { name: 'भेजे गए SMS' }).click();
  const dialog = page.getByRole('dialog');
  await expect.poll(async () => (await dialog.locator('tr[data-message]').allTextContents()).join(' ')).toContain('प्रतीक्षा सूची');
  await shot(page, 'registration-messages-360-hi');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
});

it('lists the templates with their DLT IDs, previews, parts and cost at 1280 px in English', async () => {
  ctx ??= await e2e.context({ viewport: PHONE, lang: 'hi', phone: false });
  page ??= await e2e.adminPage(ctx, '/admin');
  // The same page widened to a laptop, English chosen with the header's switch, the screen from the sidebar.
  await page.setViewportSize(DESKTOP);
  await page.getByTestId('language-switch').click();
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'SMS templates', exact: true })
    .click();
  const registered = page.locator('[data-template="registered"]');
  await registered.waitFor();
  const hindi = registered.locator('[data-language="hi"]');
  await expect(hindi.textContent()).resolves.toContain('1007000000000000101');
  await expect(hindi.locator('[data-parts]').getAttribute('data-parts')).resolves.toBe('2');
  await expect(hindi.textContent()).resolves.toContain('Unicode');
  const english = registered.locator('[data-language="en"]');
  await expect(english.locator('[data-parts]').textContent()).resolves.toMatch(
    /^GSM-7: \d+ characters, 1 part\(s\) of 160 · ₹0\.25 a message$/,
  );
  // The super admin may edit: a text without its variables is refused before it is sent.
  await registered.getByRole('button', { name: 'Edit' }).click();
  await english.getByLabel(/Text as registered/).fill('Seed registration confirmed.');
  await expect(english.textContent()).resolves.toContain('must hold exactly 3');
  // The sidebar back at its top, as a freshly opened page shows it (the click scrolled it to its last links).
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('.MuiDrawer-paper')) el.scrollTop = 0;
  });
  await shot(page, 'templates-1280-en');
});
