import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '@web/lib/i18n/en';
import { hi } from '@web/lib/i18n/hi';
import { DESKTOP, PHONE, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';
import { FIXTURES, newAadhaar, newMobile, registerFarmer, useCrops, validFields } from '../fixtures/registration-helpers';
import { adminPostOf, createLot, TEST_STOCK_PRODUCER } from '../fixtures/catalogue';
import { setKnownCode } from '../support/farmer-codes';

/**
 * The registration form for phones without JavaScript (docs/decisions/0031): Chromium with JavaScript off at
 * 360 px in Hindi fills it in, attaches the scan and lands on the letter's address; a refusal shows the form
 * again with the values kept. The app shell's noscript link and the app's own link to it. "Find my letter" the same
 * way (/svsregistration/find-my-letter). With SHOTS_DIR set,
 * screenshots land there. Needs `npm run build:web` first.
 */
const e2e = useE2EStack({ name: 'basic-registration', adminEmail: 'e2e-basic@seed.local', adminPassword: 'e2e-basic-pass-1' });
const { url, newPage, pageErrors } = e2e;
const contexts: BrowserContext[] = [];

const shot = shotsOf('basic-registration');

/** Serious and critical WCAG 2.0/2.1 A and AA findings of axe-core, as test/e2e/a11y.e2e.test.ts counts them. */
async function accessibilityFailures(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** One context per kind (with or without JavaScript, phone in Hindi or desktop in English), kept for the file. */
const byKind = new Map<string, BrowserContext>();
async function context(o: { javaScript: boolean; lang: 'hi' | 'en' }): Promise<BrowserContext> {
  const kind = `${o.javaScript}-${o.lang}`;
  const known = byKind.get(kind);
  if (known) return known;
  const phone = o.lang === 'hi';
  const ctx = await e2e.browser.newContext({
    viewport: phone ? PHONE : DESKTOP,
    locale: phone ? 'hi-IN' : 'en-IN',
    timezoneId: 'Asia/Kolkata',
    isMobile: phone,
    hasTouch: phone,
    javaScriptEnabled: o.javaScript,
  });
  ctx.setDefaultTimeout(15_000);
  contexts.push(ctx);
  byKind.set(kind, ctx);
  return ctx;
}

let wheat = 0;
beforeAll(async () => {
  const post = adminPostOf(e2e);
  const crop = await e2e.asAdmin('POST', '/api/crops', { cropName: 'Wheat', cropNameHi: 'गेहूँ', description: 'Wheat seed' });
  expect(crop.status, crop.text).toBe(201);
  wheat = crop.json.cropID;
  useCrops({ Wheat: wheat });
  const producer = await post('/api/producers', TEST_STOCK_PRODUCER);
  expect(producer.status, producer.text).toBe(201);
  await createLot(post, { producerID: producer.json.producerID, cropID: wheat, quantityAvailable: 1000, pricePerUnit: 10 });
});

afterAll(async () => {
  for (const c of contexts) await c.close();
});

async function fillBasicForm(page: Page, aadhaar: string, mobile: string) {
  await page.locator('#reg-Name').fill('रामेश्वर प्रसाद');
  await page.locator('#reg-fatherName').fill('शिव प्रसाद');
  await page.locator('#reg-adharNumber').fill(aadhaar);
  await page.locator('#reg-mobile').fill(mobile);
  await page.locator('#reg-category').selectOption('OBC');
  await page.locator('#reg-gender').selectOption('पुरुष');
  await page.locator('#reg-village').fill('सरैया');
  await page.locator('#reg-block').fill('चिनहट');
  await page.locator('#reg-subDistrict').fill('लखनऊ सदर');
  await page.locator('#reg-district').selectOption('Lucknow');
  await page.locator('#reg-cropId').selectOption(String(wheat));
  await page.locator('#reg-bagsRequested').selectOption('2');
}

describe('without JavaScript, at 360 px in Hindi', () => {
  it('the app shell points to the simple form, which registers and lands on the letter', async () => {
    const page = await newPage(await context({ javaScript: false, lang: 'hi' }));
    // The home page's shell (/registration is a working form itself: registration-first-view.e2e.test.ts).
    await page.goto(url('/'));
    const link = page.locator('noscript a, a[href="/svsregistration/basic"]').first();
    await expect.poll(() => link.isVisible()).toBe(true);
    await shot(page, 'noscript-shell-360-hi');
    await link.click();
    await page.waitForURL('**/svsregistration/basic');
    await expect.poll(() => page.locator('h1').textContent()).toContain('बीज पंजीकरण');
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    expect(await page.getByTestId('language-switch').getAttribute('href')).toBe('/svsregistration/basic?lang=en');
    await shot(page, 'basic-form-360-hi');

    // A refusal first: no file, no consent. The form comes back with what was typed.
    const aadhaar = newAadhaar();
    const mobile = newMobile();
    await fillBasicForm(page, aadhaar, '12345');
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => page.locator('#reg-alert').isVisible()).toBe(true);
    expect(await page.locator('#reg-mobile-error').textContent()).toBe('10 अंकों का नंबर दर्ज करें / Enter the 10-digit number');
    expect(await page.locator('#reg-file-error').textContent()).toContain('फ़ाइल आवश्यक है');
    expect(await page.locator('#reg-consent-error').textContent()).toContain('Please read the notice and tick the consent box.');
    expect(await page.locator('#reg-Name').inputValue()).toBe('रामेश्वर प्रसाद');
    expect(await page.locator('#reg-cropId').inputValue()).toBe(String(wheat));
    await shot(page, 'basic-form-refused-360-hi');

    await page.locator('#reg-mobile').fill(mobile);
    await page.locator('#reg-file').setInputFiles(join(FIXTURES, 'aadhaar-sample.png'));
    await page.locator('#reg-consent').check();
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/svs\/appointment\/[A-Za-z0-9_-]{16,64}$/);
    const code = new URL(page.url()).pathname.split('/').pop()!;
    const letter = await fetch(url(`/svsregistration/AppointmentList/${code}`));
    expect(letter.status).toBe(200);
    expect(JSON.stringify(await letter.json())).toContain('रामेश्वर प्रसाद');
    const list = await e2e.asAdmin('GET', `/api/registrations?aadhaar=${aadhaar}`);
    expect(list.json.total).toBe(1);
  });
});

describe('with JavaScript', () => {
  for (const lang of ['hi', 'en'] as const) {
    it(`the app's registration page links to the simple form (${lang === 'hi' ? '360 px, Hindi' : '1280 px, English'})`, async () => {
      const page = await newPage(await context({ javaScript: true, lang }));
      await page.addInitScript((lng) => localStorage.setItem('lang', lng), lang);
      await page.goto(url('/registration'));
      const link = page.getByTestId('basic-form-link');
      await expect.poll(() => link.textContent()).toBe((lang === 'hi' ? hi : en).sitePages.basicForm);
      await shot(page, `registration-link-${lang === 'hi' ? '360-hi' : '1280-en'}`);
      const cspViolations: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
      });
      await link.click();
      // The page has no script to read the app's language: the link says it.
      await page.waitForURL(lang === 'en' ? '**/svsregistration/basic?lang=en' : '**/svsregistration/basic');
      await expect.poll(() => page.locator('button[type="submit"]').textContent()).toContain('Submit');
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      // The page has no script: at 1280 px in English it is the screen basic-form-nojs-1280-en records below.
      expect(await accessibilityFailures(page)).toEqual([]);
      // A refusal: each message beside its field, the summary's links.
      await page.locator('button[type="submit"]').click();
      await expect.poll(() => page.locator('#reg-alert').isVisible()).toBe(true);
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      expect(await accessibilityFailures(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
      expect(cspViolations).toEqual([]);
    });
  }
});

describe('without JavaScript, at 1280 px in English', () => {
  it('the app shell’s English link opens the form in English first, which keeps English on a refusal and shows typed markup as text', async () => {
    const page = await newPage(await context({ javaScript: false, lang: 'en' }));
    await page.goto(url('/about'));
    const link = page.locator('noscript a[href="/svsregistration/basic?lang=en"]');
    await expect.poll(() => link.isVisible()).toBe(true);
    await link.click();
    await page.waitForURL('**/svsregistration/basic?lang=en');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('h1').textContent()).toBe('Seeds Registration / बीज पंजीकरण');
    expect(await page.locator('label[for="reg-Name"]').textContent()).toBe('Farmer name / किसान का नाम *');
    expect(await page.getByTestId('site-footer').textContent()).toContain('Privacy policy');
    await shot(page, 'basic-form-nojs-1280-en');

    // Typed markup is given back as the farmer typed it, as text: nothing of it runs or shows as markup.
    const typed = '<b>रामेश्वर</b> "<script>x</script>';
    await fillBasicForm(page, newAadhaar(), newMobile());
    await page.locator('#reg-Name').fill(typed);
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => page.locator('#reg-alert').isVisible()).toBe(true);
    expect(await page.locator('#reg-alert h2').textContent()).toBe('The form was not sent / फ़ॉर्म जमा नहीं हुआ');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('#reg-Name').inputValue()).toBe(typed);
    expect(await page.locator('main b, main script').count()).toBe(0);
    await shot(page, 'basic-form-refused-1280-en');

    // The language link opens the form in Hindi first.
    await page.getByTestId('language-switch').click();
    await page.waitForURL('**/svsregistration/basic?lang=hi');
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    expect(await page.locator('label[for="reg-Name"]').textContent()).toBe('किसान का नाम / Farmer name *');
  });
});

describe('find my letter without JavaScript, at 360 px in Hindi', () => {
  it('the app shell points to the find page, which shows why nothing was found and then opens the letter', async () => {
    const aadhaar = newAadhaar();
    const mobile = newMobile();
    const registered = await registerFarmer({ url: url('') }, validFields({ adharNumber: aadhaar, mobile }));
    expect(registered.status, registered.text).toBe(201);

    const page = await newPage(await context({ javaScript: false, lang: 'hi' }));
    await page.goto(url('/'));
    const link = page.locator('noscript a[href="/svsregistration/find-my-letter"]');
    await expect.poll(() => link.isVisible()).toBe(true);
    await link.click();
    await page.waitForURL('**/svsregistration/find-my-letter');
    expect(await page.locator('h1').textContent()).toBe(`${hi.registration.findTitle} / ${en.registration.findTitle}`);
    await shot(page, 'find-letter-360-hi');

    // The mobile, then the code sent to it: a wrong code is refused with the mobile kept; the right one opens the letter.
    await page.locator('#reg-mobile').fill(mobile);
    await page.locator('button[type="submit"]').click();
    await page.locator('input[name="otp"]').waitFor();
    const code = await setKnownCode(mobile);
    await page.locator('input[name="otp"]').fill('000001');
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => page.locator('[role="alert"]').textContent()).toContain('कोड सही नहीं है');
    expect(await page.locator('#reg-mobile').inputValue()).toBe(mobile);
    await shot(page, 'find-letter-wrong-code-360-hi');

    await page.locator('input[name="otp"]').fill(code);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(`**/svs/appointment/${registered.json.data.uniqeCode}`);
    await expect.poll(() => page.locator('main').textContent()).toContain('रामेश्वर प्रसाद');
  });

  it('meets the accessibility checks, and with a refusal (axe runs as a script: the page itself has none)', async () => {
    const page = await newPage(await context({ javaScript: true, lang: 'hi' }));
    await page.goto(url('/svsregistration/find-my-letter?lang=en'));
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await accessibilityFailures(page)).toEqual([]);
    await page.locator('button[type="submit"]').click();
    // In English first, the server's messages too.
    await expect
      .poll(() => page.locator('#reg-mobile-error').textContent())
      .toBe('Enter the 10-digit number / 10 अंकों का नंबर दर्ज करें');
    expect(await accessibilityFailures(page)).toEqual([]);
  });
});
