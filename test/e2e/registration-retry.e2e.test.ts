import { join } from 'node:path';
import type { Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';
import { fillRegistrationForm } from '../support/registration-form';
import { FIXTURES, newAadhaar, newMobile } from '../fixtures/registration-helpers';
import { adminPostOf, stockCrop } from '../fixtures/catalogue';

/**
 * Nobody turned away unseen (docs/product-rules.md#nobody-turned-away-unseen): the submit refused for load (429,
 * as API Gateway's throttle answers) is sent again by the app, which says so on the form, and ends in one
 * registration. The retry policy itself is tested beside it (frontend/src/lib/retry.test.ts). Needs
 * `npm run build:web` first.
 */
const e2e = useE2EStack({ name: 'regretry', adminEmail: 'e2e-regretry-admin@seed.local', adminPassword: 'e2e-regretry-pass-1' });
const shot = shotsOf('registration-retry');

beforeAll(async () => {
  const r = await e2e.asAdmin('POST', '/api/crops', { cropName: 'Wheat', description: 'Wheat seed' });
  expect([200, 201]).toContain(r.status);
  await stockCrop(adminPostOf(e2e), r.json.cropID);
}, 120_000);

describe('a submit refused for load', () => {
  it('is sent again with the same key after a 429, says so politely, and ends in one registration', async () => {
    const ctx = await e2e.context({ viewport: PHONE, lang: 'hi', phone: true });
    const page = await e2e.newPage(ctx);
    const submits: Request[] = [];
    let refused = false;
    await page.route('**/svsregistration', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      submits.push(route.request());
      if (refused) return route.continue();
      refused = true;
      // API Gateway's throttle answer, with a Retry-After long enough to see the notice.
      await route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'retry-after': '2' },
        body: JSON.stringify({ message: 'Too Many Requests' }),
      });
    });
    const accepted = page.waitForResponse(
      (r) => r.url().endsWith('/svsregistration') && r.request().method() === 'POST' && r.status() === 201,
    );
    await page.goto(e2e.url('/registration'));
    const farmer = {
      name: 'रामेश्वर प्रसाद',
      fatherName: 'शिव प्रसाद',
      aadhaar: newAadhaar(7),
      mobile: newMobile(),
      village: 'सरैया',
      block: 'चिनहट',
      subDistrict: 'लखनऊ सदर',
      district: 'Lucknow',
      crop: 'Wheat',
      bags: '2',
      file: join(FIXTURES, 'aadhaar-sample.png'),
    };
    await fillRegistrationForm(page, farmer);
    await page.getByTestId('registration-submit').click();

    const notice = page.getByTestId('registration-retrying');
    await expect.poll(() => notice.textContent()).toMatch(/बहुत से किसान पंजीकरण कर रहे हैं/);
    expect(await notice.getAttribute('aria-live')).toBe('polite');
    expect(await notice.getAttribute('role')).toBe('status');
    expect(await notice.textContent()).toContain('(प्रयास 2 / 5)');
    await shot(page, 'notice-360-hi', false);

    await accepted;
    await page.waitForURL(/\/svs\/appointment\//);
    // The app's two sends carried the same body and idempotency key; the server made one registration.
    expect(submits).toHaveLength(2);
    expect(submits[1].postData()).toBe(submits[0].postData());
    expect(submits[1].headers()['idempotency-key']).toBe(submits[0].headers()['idempotency-key']);
    const list = await e2e.asAdmin('GET', `/api/registrations?aadhaar=${farmer.aadhaar}`);
    expect(list.json.total).toBe(1);
    // The letter the page opened is that one registration's.
    const code = /\/svs\/appointment\/([^/?#]+)/.exec(page.url())?.[1];
    const letter = await fetch(e2e.url(`/svsregistration/AppointmentList/${code}`)).then((r) => r.json());
    expect(letter.data[0].id).toBe(list.json.items[0].id);
    await ctx.close();
  });
});
