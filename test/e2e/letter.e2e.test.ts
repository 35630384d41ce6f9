import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { inLanguage } from '@shared/bilingual';
import { DESKTOP, PHONE, shotsOf, downloadedBytes } from '../support/browser';
import { useE2EStack } from '../support/e2e';
import { fillRegistrationForm } from '../support/registration-form';
import { FIXTURES, newAadhaar, newMobile, registerFarmer, testAadhaar, validFields } from '../fixtures/registration-helpers';
import { adminPostOf, stockCrop } from '../fixtures/catalogue';

/**
 * The appointment letter: it opens at once after a registration, shows the number, weekday, date and shift
 * on the first screen of a 360 px phone and of a laptop, then where to come and what to bring; it can be
 * shared (the phone's share sheet, else the link copied) and saved as a PDF file; a billed registration's
 * letter gives the bill number; the printed letter has the institute's header (the older system's misspelt
 * link is followed in test/e2e/allocation.e2e.test.ts). Needs `npm run build:web` first. With SHOTS_DIR set, the screenshots are also written there.
 */
const ADMIN_EMAIL = 'e2e-letter-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-letter-admin-pass-1';
const COUNTER_ADDRESS = 'बीज भंडार, गेट 2, संस्थान परिसर, कुशमौर, मऊ / Seed store, Gate 2, Kushmaur, Mau';
const COUNTER_HOURS = 'सुबह 9 से दोपहर 4 बजे / 9 am – 4 pm';
/** How far down the first screen of a phone reaches (a 360 × 640 phone; the browser's own bars take the rest). */
const FIRST_SCREEN_PX = 640;

const e2e = useE2EStack({ name: 'letter', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { url, newPage } = e2e;
let crops: Record<'Wheat' | 'Chickpea', number>;

const shot = shotsOf('letter');

/** A registration made through the API (the form itself is exercised in the first test). */
async function registered(crop: 'Wheat' | 'Chickpea', bagsRequested: number) {
  const r = await registerFarmer(
    { url: url('') },
    validFields({ Name: 'कमला देवी', cropName: crop, cropId: crops[crop], bagsRequested, gender: 'महिला' }),
  );
  expect(r.status, r.text).toBe(201);
  return r.json.data as { id: number; year: number; uniqeCode: string };
}

const context = (viewport: { width: number; height: number }, lang: 'hi' | 'en', phone = false) =>
  e2e.context({ viewport, lang, phone });

/** The number, weekday, date and shift end within the first screen. */
async function expectWhenOnFirstScreen(page: Page) {
  for (const id of ['appointment-id', 'appointment-weekday', 'appointment-date', 'appointment-shift']) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box, id).not.toBeNull();
    expect(box!.y + box!.height, `${id} ends within the first ${FIRST_SCREEN_PX} px`).toBeLessThanOrEqual(FIRST_SCREEN_PX);
    expect(box!.width, `${id} is shown`).toBeGreaterThan(0);
  }
}

beforeAll(async () => {
  crops = { Wheat: 0, Chickpea: 0 };
  for (const cropName of ['Wheat', 'Chickpea'] as const) {
    const r = await e2e.asAdmin('POST', '/api/crops', { cropName, description: `${cropName} seed` });
    expect([200, 201]).toContain(r.status);
    crops[cropName] = r.json.cropID;
    await stockCrop(adminPostOf(e2e), r.json.cropID);
  }
  const settings = await e2e.asAdmin('GET', '/api/settings');
  const saved = await e2e.asAdmin('PUT', '/api/settings', {
    ...settings.json,
    PerDayLimit: 40,
    CounterAddress: COUNTER_ADDRESS,
    CounterHours: COUNTER_HOURS,
  });
  expect(saved.status, saved.text).toBe(200);
}, 120_000);

describe('the appointment letter', () => {
  it('opens at once after a registration on a 360 px phone in Hindi, with number, date, weekday and shift on the first screen', async () => {
    const ctx = await context(PHONE, 'hi', true);
    const page = await newPage(ctx);
    await page.goto(url('/registration'));
    await page.locator('#reg-Name').waitFor();
    const farmer = { name: 'गीता देवी', aadhaar: newAadhaar(5), mobile: newMobile() };
    await fillRegistrationForm(page, {
      ...farmer,
      fatherName: 'रमेश यादव',
      village: 'मोहनलालगंज',
      block: 'मोहनलालगंज',
      subDistrict: 'मोहनलालगंज',
      district: 'Lucknow',
      crop: 'Wheat',
      bags: '2',
      file: join(FIXTURES, 'aadhaar-sample.png'),
    });
    await page.getByTestId('registration-submit').click();
    // Straight to the letter, replacing the form in the history: no card to wait through.
    await page.waitForURL((u) => u.pathname.startsWith('/svs/appointment/'));
    await expect(page.getByTestId('letter-registered').textContent()).resolves.toContain('पंजीकरण सफल');
    const letter = page.getByTestId('appointment-letter');
    const text = (await letter.textContent()) ?? '';
    expect(text).toContain(farmer.name);
    expect(text).toContain('माँगे गए बैग');
    expect(text).toContain('2 बैग');
    expect(text).toContain('मूल आधार कार्ड');
    // Settings written in both languages show the page's side (docs/product-rules.md#a-hindi-page-speaks-hindi).
    expect(text).toContain(inLanguage(COUNTER_ADDRESS, 'hi'));
    expect(text).toContain(inLanguage(COUNTER_HOURS, 'hi'));
    expect(text).not.toContain('Seed store');
    expect(text).toMatch(/(सोमवार|मंगलवार|बुधवार|गुरुवार|शुक्रवार|शनिवार|रविवार)/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectWhenOnFirstScreen(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The counter's address is in the letter's body on screen; the header's copy is for paper only.
    await expect(page.getByTestId('letter-head-address').isVisible()).resolves.toBe(false);
    await shot(page, '360-hi-first-screen', false);
    await shot(page, '360-hi');
    // 'New registration' goes back to an empty form.
    await page.getByTestId('letter-new-registration').click();
    await page.locator('#reg-Name').waitFor();
    await ctx.close();
  }, 120_000);

  it('at 1280 px in English: the same first screen, one label per unit, and the printed A4 letter with the institute header', async () => {
    const reg = await registered('Chickpea', 3);
    const ctx = await context(DESKTOP, 'en');
    const page = await newPage(ctx);
    await page.goto(url(`/svs/appointment/${reg.uniqeCode}`));
    await page.getByTestId('appointment-letter').waitFor();
    await expect(page.getByTestId('appointment-id').textContent()).resolves.toBe(String(reg.id));
    await expect(page.getByTestId('appointment-weekday').textContent()).resolves.toMatch(
      /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/,
    );
    await expect(page.getByTestId('appointment-date').textContent()).resolves.toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    const text = (await page.getByTestId('appointment-letter').textContent()) ?? '';
    expect(text).toContain('Quantity requested (kg)3 kg');
    expect(text).not.toContain('Bags requested');
    expect(text).toContain('Your original Aadhaar card');
    await expect(page.getByTestId('letter-registered').count()).resolves.toBe(0); // opened from a link, not a registration
    await expectWhenOnFirstScreen(page);
    // The letter's QR code (its own link) for the counter to scan, beside the registration number.
    const qr = page.getByTestId('letter-qr');
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await shot(page, '1280-en');

    // Print: the institute's name and the counter's address head the page; the buttons are gone; the QR stays.
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('letter-head-address').isVisible()).resolves.toBe(true);
    await expect(qr.isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('letter-share').isVisible()).resolves.toBe(false);
    await shot(page, 'print-a4-en');
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
    expect(pages).toBe(1);
    await ctx.close();
  }, 120_000);

  it('shares the letter through the phone’s share sheet, and copies its link where there is none; downloads it as a PDF file named for the registration', async () => {
    const reg = await registered('Wheat', 2);
    const letterUrl = url(`/svs/appointment/${reg.uniqeCode}`);

    const withShare = await context(PHONE, 'hi', true);
    await withShare.addInitScript(() => {
      const w = window as unknown as { shared: ShareData[] };
      w.shared = [];
      navigator.share = async (data?: ShareData) => {
        w.shared.push(data ?? {});
      };
      // Drawing the letter (fonts embedded, a blob: download) stays within the Content-Security-Policy.
      const v = window as unknown as { cspViolations: string[] };
      v.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => v.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const page = await newPage(withShare);
    await page.goto(letterUrl);
    await page.getByTestId('appointment-letter').waitFor();
    await page.getByTestId('letter-share').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
      .toEqual([{ title: `अपॉइंटमेंट पत्र ${reg.id}/${reg.year}`, url: letterUrl }]);
    // The same letter saved as a PDF file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('letter-pdf').click()]);
    expect(download.suggestedFilename()).toBe(`Appointment-Letter-${reg.year}-${reg.id}.pdf`);
    const file = await downloadedBytes(download);
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.length).toBeGreaterThan(20_000); // the letter's image is in it
    const dir = process.env.SHOTS_DIR;
    if (dir) writeFileSync(join(dir, 'letter-download.pdf'), file);
    await expect.poll(() => page.getByTestId('letter-pdf').isEnabled()).toBe(true);
    await expect(page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).resolves.toEqual([]);
    await expect(page.getByTestId('letter-action-note').textContent()).resolves.toBe('');
    await withShare.close();

    const withoutShare = await context(DESKTOP, 'en');
    await withoutShare.addInitScript(() => {
      const w = window as unknown as { copied: string[] };
      w.copied = [];
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: async (text: string) => void w.copied.push(text) },
        configurable: true,
      });
    });
    const desk = await newPage(withoutShare);
    await desk.goto(letterUrl);
    await desk.getByTestId('letter-share').click();
    await expect.poll(() => desk.getByTestId('letter-action-note').textContent()).toBe('Link copied: paste it into a message.');
    await expect(desk.evaluate(() => (window as unknown as { copied: string[] }).copied)).resolves.toEqual([letterUrl]);
    await shot(desk, '1280-en-copied', false);
    await withoutShare.close();
  }, 120_000);

  it('says seed was issued, with the bill number, once the registration is billed', async () => {
    const reg = await registered('Wheat', 1);
    const producer = await e2e.asAdmin('POST', '/api/producers', {
      name: 'Letter Producer',
      aadhaarNumber: testAadhaar('73451234333'),
      contactNumber: '9876543210',
    });
    expect(producer.status, producer.text).toBe(201);
    const lot = await e2e.asAdmin('POST', '/api/lots', {
      producerID: producer.json.producerID,
      cropID: crops.Wheat,
      quantityAvailable: 400,
      pricePerUnit: 30,
    });
    expect(lot.status, lot.text).toBe(201);
    const sale = await e2e.asAdmin('POST', '/api/sales/make', {
      registrationID: reg.id,
      year: reg.year,
      lotID: lot.json.lotID,
      bags: 1,
      paymentMode: 'Cash',
    });
    expect(sale.status, sale.text).toBe(201);

    const ctx = await context(PHONE, 'hi', true);
    const page = await newPage(ctx);
    await page.goto(url(`/svs/appointment/${reg.uniqeCode}`));
    const billed = page.getByTestId('appointment-billed');
    await billed.waitFor();
    await expect(billed.textContent()).resolves.toBe(`बीज दिया जा चुका है। बिल संख्या: ${sale.json.invoiceNumber}`);
    await shot(page, '360-hi-billed');
    // On paper too, in Hindi.
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.emulateMedia({ media: 'print' });
    await expect(billed.isVisible()).resolves.toBe(true);
    await shot(page, 'print-a4-hi-billed');
    await ctx.close();
  }, 120_000);

  it('raised no error in any page above', () => {
    expect(e2e.pageErrors).toEqual([]);
  });
});
