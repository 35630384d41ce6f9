import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { FIXTURES, registerFarmer, validFields } from '../fixtures/registration-helpers';
import { adminPostOf, stockCrop } from '../fixtures/catalogue';
import { PHONE, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';
import { totpCode } from '../support/second-factor';

/**
 * The staff second factor on a 360 px phone in Hindi (docs/decisions/0044-staff-second-factor.md): an admin enrols
 * (the code computed here from the key the page shows), signs in through the login page's second step and opens
 * an Aadhaar scan; with the setting on, an admin signed in without the second factor is refused the scan.
 * What the server refuses and counts is checked in test/integration/staff-second-factor.test.ts.
 */
const e2e = useE2EStack({ name: 'staff-second-factor', adminEmail: 'sf-root@seed.local', adminPassword: 'sf-root-pass-1' });
const shot = shotsOf('staff-second-factor');
const ENROLLING = { email: 'sf-admin@seed.local', password: 'Second-factor-1' };
const PASSWORD_ONLY = { email: 'sf-other@seed.local', password: 'Second-factor-2' };
let registration: { id: number; year: number };
const contexts: BrowserContext[] = [];
const phone = async () => {
  const ctx = await e2e.context({ viewport: PHONE, lang: 'hi' });
  contexts.push(ctx);
  return ctx;
};

beforeAll(async () => {
  const crop = await e2e.asAdmin('POST', '/api/crops', { cropName: 'Wheat', description: 'Wheat seed' });
  await stockCrop(adminPostOf(e2e), crop.json.cropID);
  for (const [who, name] of [
    [ENROLLING, 'सुनीता वर्मा'],
    [PASSWORD_ONLY, 'रमेश यादव'],
  ] as const) {
    const r = await e2e.asAdmin('POST', '/api/admin/users', { fullName: name, ...who, isActive: true, roleIds: [2] });
    expect(r.status, r.text).toBe(201);
  }
  const reg = await registerFarmer({ url: e2e.baseUrl }, validFields({ cropName: 'Wheat', cropId: crop.json.cropID }), {
    file: readFileSync(join(FIXTURES, 'aadhaar-sample.png')),
    contentType: 'image/png',
  });
  expect(reg.status, reg.text).toBe(201);
  registration = reg.json.data;
});

afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
});

it('an admin enrols, signs in with a code through the login page and opens an Aadhaar scan', async () => {
  const page = await e2e.adminPage(await phone(), '/admin/second-factor', ENROLLING);
  await page.getByRole('button', { name: 'दूसरा सत्यापन सेट करें' }).click();
  const secret = (await page.getByTestId('second-factor-secret').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByTestId('second-factor-qr').waitFor();
  await expect(page.getByTestId('second-factor-recovery').locator('li').count()).resolves.toBe(10);
  await shot(page, 'enrol-360-hi', true);
  await page.getByRole('textbox', { name: 'कोड' }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'पुष्टि करें' }).click();
  await page.getByTestId('second-factor-notice').waitFor();
  await page.locator('[data-testid="second-factor-state"][data-state="active"]').waitFor();

  // A new phone: the password, then the code (the confirmation took this step's code, so the next step's).
  const login = await e2e.newPage(await phone());
  await login.goto(e2e.url('/login'));
  await login.locator('input[name="email"]').fill(ENROLLING.email);
  await login.locator('input[name="password"]').fill(ENROLLING.password);
  await login.locator('form button[type="submit"]').click();
  const code = login.getByRole('textbox', { name: 'कोड' });
  await code.waitFor();
  await login.getByRole('button', { name: 'रिकवरी कोड का उपयोग करें' }).waitFor();
  await shot(login, 'second-step-360-hi');
  await code.fill(totpCode(secret, 1));
  await login.locator('form button[type="submit"]').click();
  await login.waitForURL(/\/admin/);

  await login.goto(e2e.url(`/admin/registrations?id=${registration.id}`));
  await login.getByRole('button', { name: `पंजीकरण ${registration.id} के कार्य` }).click();
  const [scan] = await Promise.all([
    login.context().waitForEvent('page'),
    login.getByRole('menuitem', { name: 'आधार देखें' }).click(),
  ]);
  await scan.waitForURL(/X-Amz-Signature/);
  expect(e2e.pageErrors).toEqual([]);
});

it('with the setting on, an admin signed in without the second factor is refused the Aadhaar scan', async () => {
  // Signed in with the password alone before the setting was turned on.
  const page = await e2e.adminPage(await phone(), `/admin/registrations?id=${registration.id}`, PASSWORD_ONLY);
  const menu = page.getByRole('button', { name: `पंजीकरण ${registration.id} के कार्य` });
  await menu.waitFor();
  try {
    // The super admin turns the setting on on the Settings page.
    const settings = await e2e.adminPage(await phone(), '/admin/settings');
    const name = 'एडमिन और सुपर एडमिन के लिए दूसरा सत्यापन अनिवार्य करें';
    await settings.getByRole('switch', { name }).click();
    await settings.getByRole('switch', { name, checked: true }).waitFor();
    await settings.getByRole('switch', { name }).scrollIntoViewIfNeeded();
    await shot(settings, 'setting-360-hi', false);

    await menu.click();
    await page.getByRole('menuitem', { name: 'आधार देखें' }).click();
    const refusal = page.getByText(/आधार नंबर और स्कैन खोलने के लिए दूसरा सत्यापन चाहिए/);
    await refusal.waitFor();
    await shot(page, 'refused-360-hi');
  } finally {
    await e2e.asAdmin('POST', '/api/config', { key: 'StaffSecondFactor', value: 'false' });
  }
});
