import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerFarmer, validFields } from '../fixtures/registration-helpers';
import { DESKTOP, goInApp, PHONE, screenshot } from '../support/browser';
import { useE2EStack } from '../support/e2e';
import { adminPostOf, stockCrop } from '../fixtures/catalogue';

/**
 * The Settings page: an admin closes registrations and a farmer's phone then shows the closed notice; the
 * appointment settings saved there decide the days and shift labels of the next letters.
 */
const ADMIN_EMAIL = 'settings-admin@seed.local';
const ADMIN_PASSWORD = 'settings-pass-1';

const e2e = useE2EStack({ name: 'settings', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });

/** The admin's Settings page, opened once for both tests (the login page is walked in admin-shell.e2e.test.ts). */
let admin: BrowserContext;
let page: Page;
beforeAll(async () => {
  admin = await e2e.browser.newContext({ viewport: DESKTOP });
  admin.setDefaultTimeout(10_000);
  page = await e2e.adminPage(admin, '/admin/settings');
});
afterAll(() => admin?.close());

it('closing registrations in Settings shows the closed notice on the public form', async () => {
  // Open before (the open form on a phone is shown by every registration browser test).
  expect((await e2e.asAdmin('GET', '/api/settings')).json.Is_SVS_Form_On).toBe(true);
  const open = page.getByRole('switch', { name: 'Registrations open' });
  await open.waitFor();
  expect(await open.isChecked()).toBe(true);
  await open.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Settings saved.').waitFor();
  await screenshot(page, 'settings-registrations-closed-desktop');

  // A new visitor (no cached answer) now gets the closed notice in Hindi and no form.
  const later = await e2e.browser.newContext({ viewport: PHONE });
  const after = await later.newPage();
  await after.goto(`${e2e.baseUrl}/registration`);
  await after.getByText('पंजीकरण बंद है', { exact: true }).waitFor();
  // No registration form's field; Find my letter (#find, for those already registered) stays.
  const formFields = await after.evaluate(
    () =>
      [...document.querySelectorAll('input[name="adharNumber"], input[name="Name"]')].filter((i) => !i.closest('#find')).length,
  );
  expect(formFields).toBe(0);
  await screenshot(after, 'settings-public-form-closed-phone');
  await later.close();

  // The server refuses submissions too.
  const refused = await fetch(`${e2e.baseUrl}/svsregistration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Name: 'x' }),
  });
  expect(refused.status).toBe(403);
  expect((await refused.json()).message).toMatch(/Registrations are closed/);
});

it('appointment settings saved on the page decide the days and shift labels of new letters', async () => {
  const open = page.getByRole('switch', { name: 'Registrations open' });
  await open.waitFor();

  // Start in three days (India calendar); the day after is the weekly off day, the one after a holiday.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const day = (n: number) => {
    const [y, m, d] = today.split('-').map(Number);
    return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
  };
  const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  await open.check();
  await page.locator('input[name="PerDayLimit"]').fill('2');
  await page.locator('input[name="AppointmentStartDate"]').fill(day(3));
  await page.getByRole('combobox', { name: 'Weekly off day' }).click();
  await page.getByRole('option', { name: weekday(day(4)) }).click();
  await page.getByLabel('Holiday date').fill(day(5));
  await page.getByRole('button', { name: 'Add holiday' }).click();
  await page.locator('[name="ShiftLabels.0"]').fill('Pehli pali 9–12');
  await page.locator('[name="ShiftLabels.1"]').fill('Doosri pali 1–4');
  // Where and when farmers come, for the appointment letter: the defaults are there to edit.
  const address = page.locator('[name="CounterAddress"]');
  await expect(address.inputValue()).resolves.toContain('Seed sales counter');
  await address.fill('Seed store, Gate 2, Kushmaur, Mau');
  await page.locator('[name="CounterHours"]').fill('9 am – 4 pm');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Settings saved.').waitFor();
  await screenshot(page, 'settings-appointments-desktop');

  // What was saved is what the server keeps (the page shows the stored settings each time it opens).
  const saved = (await e2e.asAdmin('GET', '/api/settings')).json;
  expect(saved).toMatchObject({
    Is_SVS_Form_On: true,
    PerDayLimit: 2,
    AppointmentStartDate: day(3),
    WeeklyOffDay: new Date(`${day(4)}T00:00:00Z`).getUTCDay(),
    ShiftLabels: ['Pehli pali 9–12', 'Doosri pali 1–4'],
    CounterAddress: 'Seed store, Gate 2, Kushmaur, Mau',
    CounterHours: '9 am – 4 pm',
  });
  expect(saved.Holidays).toContain(day(5));
  // And the page shows it when opened again (away and back in the app: it reads the stored settings as it opens).
  await goInApp(page, '/admin');
  await page.getByRole('switch', { name: 'Registrations open' }).waitFor({ state: 'detached' });
  await goInApp(page, '/admin/settings');
  await expect.poll(() => page.locator('input[name="PerDayLimit"]').inputValue()).toBe('2');
  await expect(page.locator('input[name="AppointmentStartDate"]').inputValue()).resolves.toBe(day(3));
  await expect(page.getByRole('combobox', { name: 'Weekly off day' }).textContent()).resolves.toBe(weekday(day(4)));
  await expect(page.locator('[name="ShiftLabels.1"]').inputValue()).resolves.toBe('Doosri pali 1–4');
  await expect(page.locator('[name="CounterAddress"]').inputValue()).resolves.toBe('Seed store, Gate 2, Kushmaur, Mau');
  await expect(page.locator('[name="CounterHours"]').inputValue()).resolves.toBe('9 am – 4 pm');
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/settings-1280-en.png`, fullPage: true });

  // Five farmers register: two on the start day (one per shift), none on the off day or the holiday.
  const crop = await e2e.asAdmin('POST', '/api/crops', { cropName: 'Wheat', description: 'Wheat seed' });
  expect(crop.status).toBe(201);
  const { cropID } = crop.json as { cropID: number };
  await stockCrop(adminPostOf(e2e), cropID);
  const letters: { appointmentDate: string; appointmentShift: string; counterAddress: string }[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await registerFarmer({ url: e2e.baseUrl }, validFields({ cropName: 'Wheat', cropId: cropID }));
    expect(r.status, r.text).toBe(201);
    const letter = await fetch(`${e2e.baseUrl}/svsregistration/AppointmentList/${r.json.data.uniqeCode}`);
    letters.push(((await letter.json()) as { data: (typeof letters)[number][] }).data[0]);
  }
  expect(letters.map((l) => l.appointmentDate)).toEqual([day(3), day(3), day(6), day(6), day(7)]);
  expect(letters.map((l) => l.appointmentShift)).toEqual([
    'Pehli pali 9–12',
    'Doosri pali 1–4',
    'Pehli pali 9–12',
    'Doosri pali 1–4',
    'Pehli pali 9–12',
  ]);
  expect(letters[0].counterAddress).toBe('Seed store, Gate 2, Kushmaur, Mau');
});
