import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, goInApp, PHONE, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';
import { newAadhaar, newMobile, registerFarmer, validFields } from '../fixtures/registration-helpers';
import { adminPostOf, stockCrop } from '../fixtures/catalogue';
import { enterCode } from '../support/farmer-codes';

/**
 * The farmer's data as farmers and admins see it: on a phone in Hindi, a farmer opens "My data" from the
 * letter, sees what is held (Aadhaar masked) and asks for erasure; an admin at 1280 px in English sees the
 * request under Data requests and resolves it, which cancels the registration and gives its place to the
 * waiting farmer; the Settings screen keeps scans for the days set and closes a season after a confirmation.
 * Needs `npm run build:web` first; with SHOTS_DIR set, the screenshots are also written there.
 */
const ADMIN_EMAIL = 'e2e-farmer-data-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-farmer-data-admin-pass-1';
const e2e = useE2EStack({ name: 'farmer-data', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { url, newPage } = e2e;
let wheat = 0;

const shot = shotsOf('farmer-data');

const context = (viewport: { width: number; height: number }, lang: 'hi' | 'en') => e2e.context({ viewport, lang });

async function registered(mobile = newMobile()) {
  const aadhaar = newAadhaar(6);
  const r = await registerFarmer(
    { url: url('') },
    validFields({ cropName: 'Wheat', cropId: wheat, bagsRequested: 1, mobile, adharNumber: aadhaar }),
  );
  expect(r.status, r.text).toBe(201);
  return { ...(r.json.data as { id: number; year: number; uniqeCode: string; status: string }), mobile, aadhaar };
}

const adminPage = (ctx: BrowserContext, path: string) => e2e.adminPage(ctx, path);
/** The admin's page at 1280 px, opened by the first test and kept for the file's later screens. */
let adminDesk: Page | undefined;

async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

beforeAll(async () => {
  const r = await e2e.asAdmin('POST', '/api/crops', { cropName: 'Wheat', description: 'Wheat seed' });
  expect(r.status, r.text).toBe(201);
  wheat = r.json.cropID;
  // Stock for one farmer's bag: the second farmer waits.
  await stockCrop(adminPostOf(e2e), wheat, 40);
  const settings = await e2e.asAdmin('GET', '/api/settings');
  const saved = await e2e.asAdmin('PUT', '/api/settings', { ...settings.json, PerDayLimit: 40 });
  expect(saved.status, saved.text).toBe(200);
}, 120_000);

describe("the farmer's data", () => {
  it('a farmer asks for erasure from the letter (360 px, Hindi); an admin resolves it in Data requests (1280 px, English) and the place goes to the waiting farmer', async () => {
    const farmer = await registered();
    const waiting = await registered();
    expect([farmer.status, waiting.status]).toEqual(['confirmed', 'waitlisted']);

    const phone = await context(PHONE, 'hi');
    const page = await newPage(phone);
    await page.goto(url(`/svs/appointment/${farmer.uniqeCode}`));
    await page.getByTestId('letter-status').waitFor();
    await expect(page.getByTestId('letter-my-data').textContent()).resolves.toBe('मेरा डेटा');
    await page.getByTestId('letter-my-data').scrollIntoViewIfNeeded();
    await shot(page, 'letter-my-data-button-360-hi', false);
    await page.getByTestId('letter-my-data').click();
    await page.getByRole('dialog', { name: 'मेरा डेटा' }).waitFor();
    // One dialog whose title follows the step.
    const dialog = page.getByRole('dialog');
    // First the code sent to the registered mobile: a wrong one is refused in Hindi.
    await enterCode(dialog, 'my-data', farmer.mobile, { code: '000001' });
    await expect(dialog.getByTestId('my-data-code-error').textContent()).resolves.toContain('कोड सही नहीं है');
    await shot(page, 'my-data-wrong-code-360-hi', false);
    await enterCode(dialog, 'my-data', farmer.mobile, { askFirst: false });
    const data = dialog.getByTestId('my-data');
    await data.waitFor();
    const text = (await data.textContent()) ?? '';
    expect(text).toContain(`XXXX-XXXX-${farmer.aadhaar.slice(-4)}`);
    expect(text).not.toContain(farmer.aadhaar);
    expect(text).toContain('आधार स्कैन: रखा है');
    expect(text).toContain(`पंजीकरण ${farmer.id}/${farmer.year}`);
    expect(text).toContain('कोई अनुरोध नहीं।');
    await expectNoOverflow(page);
    await shot(page, 'my-data-360-hi');

    await dialog.getByTestId('ask-erasure').click();
    await page.getByRole('dialog', { name: 'डेटा मिटाने को कहें' }).waitFor();
    await expect(dialog.textContent()).resolves.toContain('उसकी जगह अगले किसान को जाएगी');
    await shot(page, 'my-data-erasure-form-360-hi', false);
    await dialog.getByRole('button', { name: 'अनुरोध भेजें' }).click();
    await dialog.getByTestId('my-data-request').waitFor();
    await expect(dialog.getByTestId('my-data-request').textContent()).resolves.toMatch(/^मिटाना, .* को माँगा गया: खुला$/);
    await expect(dialog.textContent()).resolves.toContain('आपका अनुरोध दर्ज हो गया');
    await expectNoOverflow(page);
    await shot(page, 'my-data-erasure-asked-360-hi');
    await phone.close();

    // The admin sees the request and resolves it.
    const desk = await context(DESKTOP, 'en');
    const admin = await adminPage(desk, '/admin/data-requests');
    await admin.getByRole('link', { name: 'Data requests' }).first().waitFor();
    const row = admin.locator('tr', { hasText: `${farmer.id}/${farmer.year}` });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Erasure');
    await expect(row.textContent()).resolves.toContain('Open');
    await shot(admin, 'data-requests-1280-en');
    await row.getByRole('button', { name: 'Resolve' }).click();
    const resolve = admin.getByRole('dialog');
    await resolve.waitFor();
    await expect(resolve.textContent()).resolves.toContain('cancels the registration if it is not billed');
    await resolve.getByLabel('Note to the farmer').fill('Your registration is cancelled and your Aadhaar scan deleted.');
    await shot(admin, 'data-requests-resolve-dialog-1280-en', false);
    await resolve.getByRole('button', { name: 'Confirm' }).click();
    await admin.getByText(/Request DR\w+ is Done\./).waitFor();
    await admin.getByLabel('Status').selectOption('done');
    const doneRow = admin.locator('tr', { hasText: `${farmer.id}/${farmer.year}` });
    await doneRow.waitFor();
    // The list filtered by Done replaces the open one when its answer arrives: wait for the resolved row.
    await expect.poll(() => doneRow.textContent(), { timeout: 30_000 }).toContain('registration cancelled');
    await shot(admin, 'data-requests-done-1280-en');
    adminDesk = admin;

    // The farmer's registration is cancelled and the waiting farmer has the place.
    const letterOf = async (code: string) => (await e2e.asAdmin('GET', `/svsregistration/AppointmentList/${code}`)).json.data[0];
    expect((await letterOf(farmer.uniqeCode)).status).toBe('cancelled');
    await expect.poll(async () => (await letterOf(waiting.uniqeCode)).status).toBe('confirmed');
  }, 180_000);

  it('a farmer asks for a correction at 1280 px in English, and an empty one is refused in both languages', async () => {
    const farmer = await registered();
    const ctx = await context(DESKTOP, 'en');
    const page = await newPage(ctx);
    await page.goto(url(`/svs/appointment/${farmer.uniqeCode}`));
    await page.getByTestId('letter-status').waitFor();
    await page.getByTestId('letter-my-data').click();
    await page.getByRole('dialog', { name: 'My data' }).waitFor();
    const dialog = page.getByRole('dialog');
    await enterCode(dialog, 'my-data', farmer.mobile);
    await dialog.getByTestId('my-data').waitFor();
    await expect(dialog.getByTestId('my-data').textContent()).resolves.toContain('Aadhaar scan: kept');
    await shot(page, 'my-data-1280-en', false);
    await dialog.getByTestId('ask-correction').click();
    await page.getByRole('dialog', { name: 'Ask for a correction' }).waitFor();
    await dialog.getByRole('button', { name: 'Send the request' }).click();
    await expect(dialog.getByTestId('my-data-error').textContent()).resolves.toBe('Write what is wrong');
    await dialog.getByLabel(/What is wrong/).fill('My father’s name is शिव प्रसाद वर्मा, not शिव प्रसाद.');
    await shot(page, 'my-data-correction-form-1280-en', false);
    await dialog.getByRole('button', { name: 'Send the request' }).click();
    await expect(dialog.getByTestId('my-data-request').textContent()).resolves.toMatch(/^Correction asked on .*: open$/);
    await shot(page, 'my-data-correction-asked-1280-en', false);
    await ctx.close();
  }, 120_000);

  it('keeps scans for the days set and closes a season after a confirmation (1280 px, English)', async () => {
    // The admin's page of the first test, moved to Settings in the app (a page of its own if that test did not run).
    const page = adminDesk ?? (await adminPage(await context(DESKTOP, 'en'), '/admin/settings'));
    if (adminDesk) await goInApp(page, '/admin/settings');
    const days = page.getByLabel('Days to keep Aadhaar scans');
    await expect(days.inputValue()).resolves.toBe('30');
    await days.fill('45');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect.poll(async () => (await e2e.asAdmin('GET', '/api/settings')).json.ScanRetentionDays).toBe(45);

    const year = String(new Date().getFullYear() - 1);
    await page.getByLabel('Season (year)').fill(year);
    await page.getByRole('button', { name: 'Close the season' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete every Aadhaar scan of ${year}?` });
    await confirm.waitFor();
    await shot(page, 'close-season-confirm-1280-en', false);
    await confirm.getByRole('button', { name: 'Yes, delete the scans' }).click();
    await page.getByTestId(`season-${year}`).waitFor();
    await expect(page.getByTestId(`season-${year}`).textContent()).resolves.toMatch(
      new RegExp(`^${year}: closed, 0 scans deleted`),
    );
    await page.getByRole('button', { name: 'Close the season' }).scrollIntoViewIfNeeded();
    await shot(page, 'settings-retention-1280-en', false);
    await page.context().close();
  }, 120_000);
});
