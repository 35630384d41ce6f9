import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot, SCREENSHOT_DIR, shotsOf } from '../support/browser';
import { fillRegistrationForm } from '../support/registration-form';
import { useE2EStack } from '../support/e2e';
import { FIXTURES, newAadhaar, newMobile } from '../fixtures/registration-helpers';
import { adminPostOf, stockCrop } from '../fixtures/catalogue';

/**
 * A farmer registers from the public form (Hindi interface) with a real PDF, then with a PNG on a 360 px
 * phone, whose first submit is refused for load and sent again by the app (nobody turned away unseen); the letter
 * is opened and printed to PDF (one A4 page); the closed form and the letter's error state in Hindi on a phone;
 * then staff find the registration by name and by Aadhaar and open 'View Aadhaar'. Needs `npm run build:web`
 * first (served from frontend/dist).
 */
const ADMIN_EMAIL = 'e2e-reg-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-reg-admin-pass-1';

let desktop: BrowserContext;
let phone: BrowserContext;
const farmer = { name: `सुरेश यादव ${randomUUID().slice(0, 4)}`, aadhaar: newAadhaar(6), mobile: newMobile() };
let registrationId = 0;

const e2e = useE2EStack({ name: 'registration', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { url, newPage, pageErrors } = e2e;
/** The retry notice's screenshot keeps its name (registration-retry-notice-360-hi). */
const retryShot = shotsOf('registration-retry');

/**
 * Fills the form as a farmer would; with `keyByKey` the Aadhaar and mobile numbers are typed key by key, grouped as
 * people write them (once in this file: the later forms fill them whole).
 */
async function fillForm(
  p: Page,
  f: { name: string; aadhaar: string; mobile: string; crop: string; qty?: string; file: string },
  keyByKey = false,
) {
  const place = { village: 'मोहनलालगंज', block: 'मोहनलालगंज', subDistrict: 'मोहनलालगंज', district: 'Lucknow' };
  const farmerOnForm = { ...f, ...place, fatherName: 'रमेश यादव', bags: f.qty };
  if (!keyByKey) return fillRegistrationForm(p, farmerOnForm);
  await fillRegistrationForm(p, farmerOnForm, async () => {
    // Non-digits are stripped as typed; at most 12 digits are kept.
    await p
      .locator('#reg-adharNumber')
      .pressSequentially(`${f.aadhaar.slice(0, 4)} ${f.aadhaar.slice(4, 8)}-${f.aadhaar.slice(8)}99`);
    await expect(p.locator('#reg-adharNumber').inputValue()).resolves.toBe(f.aadhaar);
    // The mobile as people write it, with +91 and a space: the field keeps its 10 digits (and the letter shows them).
    await p.locator('#reg-mobile').pressSequentially(`+91 ${f.mobile.slice(0, 5)} ${f.mobile.slice(5)}`);
    await expect(p.locator('#reg-mobile').inputValue()).resolves.toBe(f.mobile);
  });
}

/** Pages in a PDF made by Chromium (page objects are plain dictionaries there). */
function pdfPages(pdf: Buffer): { count: number; boxes: string[] } {
  const text = pdf.toString('latin1');
  const count = (text.match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
  const boxes = [...text.matchAll(/\/MediaBox\s*\[([^\]]+)\]/g)].map((m) => m[1].trim());
  return { count, boxes };
}

beforeAll(async () => {
  for (const cropName of ['Wheat', 'Chickpea', 'Mustard']) {
    const r = await e2e.asAdmin('POST', '/api/crops', { cropName, description: `${cropName} seed` });
    expect([200, 201]).toContain(r.status);
    await stockCrop(adminPostOf(e2e), r.json.cropID);
  }
  expect((await e2e.asAdmin('POST', '/api/config', { key: 'PerDayLimit', value: '40' })).status).toBe(200);
  desktop = await e2e.browser.newContext({ viewport: DESKTOP, locale: 'hi-IN', timezoneId: 'Asia/Kolkata' });
  phone = await e2e.browser.newContext({
    viewport: PHONE,
    locale: 'hi-IN',
    timezoneId: 'Asia/Kolkata',
    isMobile: true,
    hasTouch: true,
  });
  desktop.setDefaultTimeout(15_000);
  phone.setDefaultTimeout(15_000);
}, 120_000);

describe('farmer registration in the browser', () => {
  // The form opened empty, its Reset (asked first) and the refusal of an empty form in Hindi at 1280 px:
  // registration-feedback.e2e.test.ts ('field messages never overlap …' (hi, desktop)), on the same screen.
  it('registers with a PDF (numbers typed as people write them) and opens the letter, which prints on one A4 page', async () => {
    const page = await newPage(desktop);
    await page.goto(url('/registration'));
    await page.locator('#reg-Name').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');

    await fillForm(page, { ...farmer, crop: 'Wheat', qty: '2', file: join(FIXTURES, 'aadhaar-sample.pdf') }, true);
    await screenshot(page, 'registration-filled-desktop');
    await page.getByTestId('registration-submit').click();
    // The page moves on to the letter at once, replacing the form in the history, and says it registered.
    await page.waitForURL((u) => u.pathname.startsWith('/svs/appointment/'), { timeout: 15_000 });
    const letter = page.getByTestId('appointment-letter');
    await letter.waitFor();
    await expect(page.getByTestId('letter-registered').textContent()).resolves.toContain('पंजीकरण सफल');
    registrationId = Number(await page.getByTestId('appointment-id').textContent());
    expect(registrationId).toBeGreaterThan(0);
    const text = (await letter.textContent()) ?? '';
    expect(text).toContain(farmer.name);
    expect(text).toContain(`XXXX-XXXX-${farmer.aadhaar.slice(-4)}`);
    expect(text).not.toContain(farmer.aadhaar);
    // The link is public: the mobile's last 4 digits (which confirm a cancellation) are not shown.
    expect(text).toContain(`${farmer.mobile.slice(0, 2)}XXXXXXXX`);
    expect(text).not.toContain(farmer.mobile);
    expect(text).toContain('2 बैग');
    expect(text).toContain('मूल आधार कार्ड');
    expect(await page.getByTestId('appointment-id').textContent()).toBe(String(registrationId));
    expect(await page.title()).toContain(String(registrationId));
    await screenshot(page, 'appointment-letter-desktop');

    // Print / Save PDF: A4 with the page's own @page rule (12 mm margins), one page.
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'appointment-letter-print-media');
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    writeFileSync(join(SCREENSHOT_DIR, 'appointment-letter.pdf'), pdf);
    const { count, boxes } = pdfPages(pdf);
    expect(count).toBe(1);
    const [, , w, h] = boxes[0].split(/\s+/).map(Number);
    expect(Math.round(w)).toBe(595); // A4: 210 mm × 297 mm = 595 × 842 pt
    expect(Math.round(h)).toBe(842);
    await page.close();
  }, 120_000);

  it('registers from a 360 px phone with a PNG; a submit refused for load is sent again, said politely, and ends in one registration; the letter fits the phone', async () => {
    const page = await newPage(phone);
    // Nobody turned away unseen (docs/product-rules.md#nobody-turned-away-unseen): the first submit is refused for
    // load (429, as API Gateway's throttle answers); the app sends it again after the Retry-After, saying so on the
    // form. The resend is held until the notice has been read (the retry policy itself: frontend/src/lib/retry.test.ts).
    const submits: Request[] = [];
    let noticeSeen!: () => void;
    const seen = new Promise<void>((r) => {
      noticeSeen = r;
    });
    await page.route('**/svsregistration', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      submits.push(route.request());
      if (submits.length > 1) {
        await seen;
        return route.continue();
      }
      await route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'retry-after': '1' },
        body: JSON.stringify({ message: 'Too Many Requests' }),
      });
    });
    await page.goto(url('/registration'));
    await page.locator('#reg-Name').waitFor();
    await screenshot(page, 'registration-form-phone');
    const other = { name: 'गीता देवी', aadhaar: newAadhaar(7), mobile: newMobile() };
    await fillForm(page, { ...other, crop: 'Chickpea', qty: '5', file: join(FIXTURES, 'aadhaar-sample.png') });
    await page.locator('#reg-gender').selectOption('महिला');
    await page.getByTestId('registration-submit').click();

    const notice = page.getByTestId('registration-retrying');
    await expect.poll(() => notice.textContent()).toMatch(/बहुत से किसान पंजीकरण कर रहे हैं/);
    expect(await notice.getAttribute('aria-live')).toBe('polite');
    expect(await notice.getAttribute('role')).toBe('status');
    expect(await notice.textContent()).toContain('(प्रयास 2 / 5)');
    await retryShot(page, 'notice-360-hi', false);
    noticeSeen();

    await page.waitForURL((u) => u.pathname.startsWith('/svs/appointment/'), { timeout: 15_000 });
    await page.getByTestId('appointment-letter').waitFor();
    // The app's two sends carried the same body and idempotency key; the server made one registration.
    expect(submits).toHaveLength(2);
    expect(submits[1].postData()).toBe(submits[0].postData());
    expect(submits[1].headers()['idempotency-key']).toBe(submits[0].headers()['idempotency-key']);
    const list = await e2e.asAdmin('GET', `/api/registrations?aadhaar=${other.aadhaar}`);
    expect(list.json.total).toBe(1);
    // The letter the page opened is that one registration's.
    await expect(page.getByTestId('appointment-id').textContent()).resolves.toBe(String(list.json.items[0].id));

    const text = (await page.getByTestId('appointment-letter').textContent()) ?? '';
    expect(text).toContain('5 किलो');
    expect(text).toContain('महिला');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'appointment-letter-phone');
    await page.close();
  }, 120_000);

  it('in English: one request for a double submit, the letter at once with its weekday and print button, the way back to the form, and the same farmer again', async () => {
    const ctx = await e2e.browser.newContext({ viewport: DESKTOP, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
    ctx.setDefaultTimeout(15_000);
    await ctx.addInitScript(() => {
      localStorage.setItem('lang', 'en');
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    const page = await newPage(ctx);
    await page.goto(url('/registration'));
    await page.locator('#reg-Name').waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
    const person = { name: 'Kamla Devi', aadhaar: newAadhaar(8), mobile: newMobile() };
    await fillForm(page, { ...person, crop: 'Mustard', qty: '3', file: join(FIXTURES, 'aadhaar-sample.png') });

    // The submit is held until the busy state has been seen; a second submit meanwhile is ignored.
    let submits = 0;
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/svsregistration', async (route) => {
      submits++;
      await held;
      await route.continue();
    });
    await page.getByTestId('registration-submit').click();
    await expect.poll(() => page.getByTestId('registration-submit').textContent()).toBe('Submitting…');
    await expect(page.getByTestId('registration-submit').isDisabled()).resolves.toBe(true);
    await page.evaluate(() => document.querySelector('form')?.requestSubmit());
    await screenshot(page, 'registration-submitting-desktop', { fullPage: false });
    release();
    // The letter opens in the same tab as soon as the reply is in.
    await page.waitForURL((u) => u.pathname.startsWith('/svs/appointment/'));
    const letterBox = page.getByTestId('appointment-letter');
    await letterBox.waitFor();
    expect(submits).toBe(1);
    const id = Number(await page.getByTestId('appointment-id').textContent());
    const letter = (await letterBox.textContent()) ?? '';
    expect(letter).toContain(person.name);
    expect(letter).toContain('3 kg');
    await expect(page.getByTestId('appointment-weekday').textContent()).resolves.toMatch(
      /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/,
    );
    await expect(page.getByTestId('appointment-date').textContent()).resolves.toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(await page.title()).toContain(String(id));
    // The print rule: A4 with 12 mm margins.
    const pageRule = await page.evaluate(() =>
      [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .filter((r) => r instanceof CSSPageRule)
        .map((r) => (r as CSSPageRule).style.cssText)
        .join(' '),
    );
    expect(pageRule.toLowerCase()).toContain('size: a4');
    expect(pageRule).toContain('margin: 12mm');
    await page.getByRole('button', { name: 'Print / Save PDF' }).click();
    await expect(page.evaluate(() => (window as unknown as { printed: number }).printed)).resolves.toBe(1);
    await screenshot(page, 'appointment-letter-english');

    // 'New Registration' under the letter brings back an empty form, without the file.
    await page.getByRole('link', { name: 'New Registration' }).click();
    await page.locator('#reg-Name').waitFor();
    await expect(page.locator('#reg-Name').inputValue()).resolves.toBe('');
    await expect(page.getByText('aadhaar-sample.png').count()).resolves.toBe(0);
    await expect(page.getByTestId('registration-submit').textContent()).resolves.toBe('Submit');

    // The same farmer fills the same form again later: told it was done before, on the same letter.
    await page.unroute('**/svsregistration');
    await fillForm(page, { ...person, crop: 'Mustard', qty: '3', file: join(FIXTURES, 'aadhaar-sample.png') });
    await page.getByTestId('registration-submit').click();
    await page.getByTestId('letter-existing').waitFor();
    await expect(page.getByTestId('letter-existing').textContent()).resolves.toBe(
      'You had already registered for this crop with this Aadhaar number. Here is that registration.',
    );
    await expect(page.getByTestId('appointment-id').textContent()).resolves.toBe(String(id));
    await screenshot(page, 'registration-again-english', { fullPage: false });

    // Someone else typing the same Aadhaar number for the same crop (told how to find the letter, not its number,
    // the Find my letter form filled with the mobile just typed): registration-summary.e2e.test.ts, the 409 at 1280 px
    // in English.
    await ctx.close();
  }, 120_000);

  it('shows the closed notice in Hindi when registrations are switched off, and the letter error with Retry', async () => {
    expect((await e2e.asAdmin('POST', '/api/config', { key: 'Is_SVS_Form_On', value: 'false' })).status).toBe(200);
    // A fresh context: the switch is served with a 30 s public cache, which the earlier pages hold.
    const fresh = await e2e.browser.newContext({ viewport: PHONE, locale: 'hi-IN', isMobile: true, hasTouch: true });
    const page = await newPage(fresh);
    try {
      await page.goto(url('/registration'));
      await page.getByText('पंजीकरण बंद है', { exact: true }).waitFor();
      await screenshot(page, 'registration-closed-phone');
    } finally {
      await e2e.asAdmin('POST', '/api/config', { key: 'Is_SVS_Form_On', value: 'true' });
    }
    await page.goto(url('/svs/appointment/not-a-real-code-000000'));
    // In Hindi only (docs/product-rules.md#a-hindi-page-speaks-hindi).
    const letterError = page.getByRole('alert').filter({ hasText: 'अपॉइंटमेंट पत्र लोड नहीं हो सका।' });
    await letterError.waitFor();
    expect(await letterError.textContent()).toMatch(/^अपॉइंटमेंट पत्र लोड नहीं हो सका। कृपया लिंक जाँचें।/);
    expect(await letterError.textContent()).not.toMatch(/[A-Za-z]{3}/);
    await page.getByRole('button', { name: 'फिर से प्रयास करें' }).waitFor();
    await screenshot(page, 'appointment-error-phone');
    await fresh.close();
  }, 60_000);

  it('lets staff find the registration by name and by Aadhaar and open the Aadhaar scan', async () => {
    const page = await e2e.adminPage(desktop, '/admin/registrations');
    await page.locator('input[name="name"]').waitFor();

    await page.locator('input[name="name"]').fill(farmer.name.split(' ').pop()!);
    await page.locator('form button[type="submit"]').click();
    // Wait for the filtered answer (the unfiltered first page may still be on screen).
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    const row = page.locator('tbody tr', { hasText: farmer.name });
    await row.waitFor();
    // Lists show the Aadhaar masked, to admins too (the number in clear only on the single record, audited).
    await expect(row.textContent()).resolves.toContain(`XXXX-XXXX-${farmer.aadhaar.slice(-4)}`);
    await expect(row.textContent()).resolves.not.toContain(farmer.aadhaar);
    await expect(row.getAttribute('data-billed')).resolves.toBe('no');
    await screenshot(page, 'registrations-by-name-desktop');

    await page.locator('input[name="name"]').fill('');
    await page.locator('input[name="aadhaar"]').fill(farmer.aadhaar);
    // The number travels in a header (shared/private-query.ts), never in the URL.
    const search = page.waitForRequest(
      (r) => r.url().includes('/api/registrations') && r.headers()['x-private-query'] !== undefined,
    );
    await page.locator('form button[type="submit"]').click();
    const sent = await search;
    expect(sent.url()).not.toContain(farmer.aadhaar);
    expect(sent.headers()['x-private-query']).toBe(`aadhaar=${farmer.aadhaar}`);
    await page.waitForFunction(
      (masked) => {
        const rows = [...document.querySelectorAll('tbody tr')];
        return rows.length === 1 && rows[0].textContent?.includes(masked);
      },
      `XXXX-XXXX-${farmer.aadhaar.slice(-4)}`,
    );
    await expect(page.getByTestId('registrations-total').textContent()).resolves.toMatch(/1/);

    await page
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /Actions for registration/ })
      .click();
    // A PDF scan is saved, never opened in the browser (docs/product-rules.md): a download from this page.
    const [scan] = await Promise.all([
      page.waitForEvent('download', { timeout: 15_000 }),
      page.getByRole('menuitem', { name: 'View Aadhaar' }).click(),
    ]);
    expect(new URL(scan.url()).searchParams.has('X-Amz-Signature')).toBe(true);
    const res = await fetch(scan.url());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await scan.cancel();

    // The registration's own address (as a link from another screen opens it), after Reset; reached within the app.
    await page.locator('form').getByRole('button', { name: 'Reset', exact: true }).click();
    await page.evaluate((id) => {
      history.pushState(null, '', `/admin/registrations?id=${id}`);
      dispatchEvent(new PopStateEvent('popstate'));
    }, registrationId);
    await page.locator('tbody tr', { hasText: farmer.name }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    await screenshot(page, 'registrations-by-id-desktop');
    await page.close();
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
