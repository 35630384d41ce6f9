import { expect, it } from 'vitest';
import { DEFAULT_TEMPLATES } from '@shared/sms-templates';
import { PHONE, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';
import { FIXTURES, newAadhaar, newMobile, registerFarmer, useCrops, validFields } from '../fixtures/registration-helpers';
import { fillRegistrationForm } from '../support/registration-form';

/**
 * A farmer proven by a one-time code (docs/decisions/0043-farmer-one-time-codes.md), at 360 px in Hindi: Find my
 * letter with the mobile and the code read from the SMS stand-in's inbox, as the phone shows it; then My
 * registrations in that session, where the farmer cancels one. What the server refuses is tested in
 * test/integration/farmer-otp.test.ts.
 */
const ADMIN_EMAIL = 'otp-admin@seed.local';
const ADMIN_PASSWORD = 'otp-pass-12';

const e2e = useE2EStack({ name: 'farmer-otp', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, streams: true, sms: true });
const shot = shotsOf('farmer-otp');
const OTP_TEMPLATES = new Set(Object.values(DEFAULT_TEMPLATES.otp).map((t) => t.dltTemplateId));

/** The newest code in the mobile's inbox, once the sender has read the stream (drained as npm start's poller does). */
async function codeFromInbox(mobile: string): Promise<string> {
  let code: string | undefined;
  for (let i = 0; i < 5 && !code; i++) {
    await e2e.stack.drainStreams();
    await e2e.stack.sms!.settled();
    const inbox = (await (await fetch(`${e2e.stack.sms!.endpoint}/inbox?to=${mobile}`)).json()) as {
      body: string;
      templateId: string;
    }[];
    const bodies = inbox.filter((m) => OTP_TEMPLATES.has(m.templateId)).map((m) => m.body);
    code = bodies.length ? /\b(\d{6})\b/.exec(bodies[bodies.length - 1])?.[1] : undefined;
  }
  if (!code) throw new Error(`no code reached ${mobile}`);
  return code;
}

it('finds the letter with the mobile and the code from the SMS, then cancels from My registrations (360 px, Hindi)', async () => {
  const crop = await e2e.asAdmin('POST', '/api/crops', { cropName: 'Wheat', cropNameHi: 'गेहूँ', description: 'x' });
  expect(crop.status, crop.text).toBe(201);
  useCrops({ Wheat: crop.json.cropID });
  const fields = validFields({ cropName: 'Wheat' });
  const mobile = String(fields.mobile);
  const reg = await registerFarmer({ url: e2e.baseUrl }, fields);
  expect(reg.status, reg.text).toBe(201);
  const letterCode = reg.json.data.uniqeCode as string;

  const ctx = await e2e.context({ viewport: PHONE, lang: 'hi' });
  const page = await e2e.newPage(ctx);
  await page.goto(e2e.url('/registration#find'));
  const box = page.locator('#find');
  await box.locator('#find-mobile').fill(mobile);
  await box.getByTestId('find-code-submit').click();
  await expect(box.getByTestId('find-code-sent').textContent()).resolves.toContain('6 अंकों का कोड');
  await box.locator('#find-otp').fill(await codeFromInbox(mobile));
  await shot(page, 'find-letter-code-360-hi', false);
  await box.getByTestId('find-code-submit').click();
  // One registration: its letter opens.
  await page.waitForURL(`**/svs/appointment/${letterCode}`);
  await page.getByTestId('letter-status').waitFor();

  // My registrations, from the letter, in the session the code gave (no second code).
  await page.getByTestId('letter-my-registrations').click();
  const row = page.getByTestId('my-registration');
  await row.waitFor();
  await expect(page.getByTestId('my-registrations-mobile').textContent()).resolves.toContain(`XXXXXX${mobile.slice(-4)}`);
  await expect(row.locator('h2').textContent()).resolves.toBe(`गेहूँ ${reg.json.data.year} · पंजीकरण संख्या ${reg.json.data.id}`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'nothing wider than the phone').toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'my-registrations-360-hi');

  await row.getByTestId('my-registration-cancel').click();
  const dialog = page.getByRole('dialog', { name: 'यह पंजीकरण रद्द करें?' });
  await dialog.getByTestId('cancel-confirm').click();
  await page.getByTestId('my-registrations-note').waitFor();
  // The list is read again: the registration shows as cancelled, without its cancel button.
  await expect.poll(() => page.getByTestId('my-registration-status').textContent()).toBe('रद्द');
  await expect(row.getByTestId('my-registration-cancel').count()).resolves.toBe(0);
  await shot(page, 'my-registrations-cancelled-360-hi');
  const letter = await fetch(e2e.url(`/svsregistration/AppointmentList/${letterCode}`));
  expect(((await letter.json()) as { data: { status: string }[] }).data[0].status).toBe('cancelled');
  expect(e2e.pageErrors).toEqual([]);
  await ctx.close();
}, 60_000);

it('with VerifyMobileAtRegistration on, the form asks for the code sent to the typed mobile before it goes (360 px, Hindi)', async () => {
  const crop = await e2e.asAdmin('POST', '/api/crops', { cropName: 'Mustard', cropNameHi: 'सरसों', description: 'x' });
  expect(crop.status, crop.text).toBe(201);
  const on = await e2e.asAdmin('POST', '/api/config', { key: 'VerifyMobileAtRegistration', value: 'true' });
  expect(on.status, on.text).toBe(200);
  const mobile = newMobile();

  const ctx = await e2e.context({ viewport: PHONE, lang: 'hi' });
  const page = await e2e.newPage(ctx);
  await page.goto(e2e.url('/registration'));
  await fillRegistrationForm(page, {
    name: 'सीता देवी',
    fatherName: 'राम प्रसाद',
    aadhaar: newAadhaar(),
    mobile,
    village: 'सरैया',
    block: 'चिनहट',
    subDistrict: 'लखनऊ सदर',
    district: 'Lucknow',
    crop: 'सरसों',
    bags: '2',
    file: `${FIXTURES}/aadhaar-sample.png`,
  });
  await page.getByTestId('registration-submit').click();
  // The code step, for the mobile typed in the form, before anything is sent.
  const step = page.getByTestId('verify-mobile');
  await expect(step.locator('h2').textContent()).resolves.toBe('अपना मोबाइल नंबर पक्का करें');
  await expect(step.locator('#verify-mobile').inputValue()).resolves.toBe(mobile);
  await step.getByTestId('verify-code-submit').click();
  await expect(step.getByTestId('verify-code-sent').textContent()).resolves.toContain('6 अंकों का कोड');
  await step.locator('#verify-otp').fill(await codeFromInbox(mobile));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'nothing wider than the phone').toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'register-verify-mobile-360-hi', false);
  await step.getByTestId('verify-code-submit').click();
  // The registration goes with the proof: its letter opens, and no farmer session was kept in the tab.
  await page.waitForURL('**/svs/appointment/**');
  await page.getByTestId('letter-status').waitFor();
  await expect(page.evaluate(() => sessionStorage.getItem('farmerSession'))).resolves.toBeNull();
  expect(e2e.pageErrors).toEqual([]);
  await e2e.asAdmin('POST', '/api/config', { key: 'VerifyMobileAtRegistration', value: 'false' });
  await ctx.close();
}, 60_000);
