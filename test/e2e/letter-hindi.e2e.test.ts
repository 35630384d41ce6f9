import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { inLanguage } from '@shared/bilingual';
import { downloadedBytes, goInApp, networkQuiet, PHONE, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';
import { englishSentences, type EnglishCheck } from '../support/english-sentences';
import { adminPostOf, createCrop, createLot, createProducer } from '../fixtures/catalogue';
import { FIXTURES, newAadhaar, newMobile, registerFarmer, testAadhaar, validFields } from '../fixtures/registration-helpers';
import { fillRegistrationForm } from '../support/registration-form';
import { enterCode } from '../support/farmer-codes';
import { farmerToken } from '../support/tokens';

/**
 * The farmer's pages at 360 px in Hindi: the letter says how many kilograms and what to pay, its QR code says what
 * is true for its status and is in the downloaded PDF; About is not a copy of home; and a walk over every public
 * page (the server's HTML pages and the app's screens, with their error states and dialogs) and the API's
 * messages to farmers that fails on an English-only sentence (test/support/english-sentences.ts,
 * docs/product-rules.md#a-hindi-page-speaks-hindi). Needs `npm run build:web` first.
 */
const ADMIN_EMAIL = 'e2e-letter-hindi-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-letter-hindi-admin-pass-1';

const e2e = useE2EStack({ name: 'letter-hindi', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { url, newPage } = e2e;
const shot = shotsOf('letter-hindi');

/** Two lots of the year at different prices: the letter gives a range. */
const PRICES = [30, 36.5];
let wheat: number;
/** A crop without lots: its registrations wait. */
let barley: number;
let lotCode: string;
let lotID: number;

const registered = async (cropId: number, over: Record<string, unknown> = {}) => {
  const mobile = newMobile();
  const r = await registerFarmer(
    { url: url('') },
    validFields({ Name: 'कमला देवी', cropName: 'Wheat', cropId, bagsRequested: 2, mobile, adharNumber: newAadhaar(7), ...over }),
  );
  expect(r.status, r.text).toBe(201);
  return { ...(r.json.data as { id: number; year: number; uniqeCode: string; status: string }), mobile };
};

const hindiPhone = () => e2e.context({ viewport: PHONE, lang: 'hi', phone: true });

beforeAll(async () => {
  const post = adminPostOf(e2e);
  const bag = { unit: 'bag', bagSizeKg: 40, minQty: 1, maxQty: 3, defaultQty: 1 };
  wheat = (await createCrop(post, { cropName: 'Wheat', cropNameHi: 'गेहूँ', description: 'गेहूँ का बीज', rules: bag })).cropID;
  barley = (await createCrop(post, { cropName: 'Barley', cropNameHi: 'जौ', description: 'जौ का बीज', rules: bag })).cropID;
  const { producerID } = await createProducer(post, {
    name: 'रामप्रसाद वर्मा',
    aadhaarNumber: testAadhaar('73451234555'),
    contactNumber: '9876543210',
    address: 'गाँव सरैया, लखनऊ',
  });
  for (const pricePerUnit of PRICES) {
    const lot = await createLot(post, { producerID, cropID: wheat, quantityAvailable: 5000, pricePerUnit });
    lotCode = lot.lotCode;
    lotID = lot.lotID;
  }
}, 120_000);

/** The text of the QR code in a downloaded letter: its page's JPEG decoded by the browser and read by jsQR there. */
async function qrInPdf(ctx: BrowserContext, pdf: Buffer): Promise<string | null> {
  const start = pdf.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
  const end = pdf.lastIndexOf(Buffer.from([0xff, 0xd9]));
  expect(start, 'the PDF holds a JPEG').toBeGreaterThan(0);
  const jpeg = pdf.subarray(start, end + 2).toString('base64');
  const page = await ctx.newPage();
  await page.goto('about:blank');
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('jsqr/dist/jsQR.js') });
  const text = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/jpeg;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const g = canvas.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const { data, width, height } = g.getImageData(0, 0, canvas.width, canvas.height);
    const found = (window as unknown as { jsQR: (d: Uint8ClampedArray, w: number, h: number) => { data: string } | null }).jsQR(
      data,
      width,
      height,
    );
    return found?.data ?? null;
  }, jpeg);
  await page.close();
  return text;
}

describe('the letter at 360 px in Hindi', () => {
  it('says the kg and the money to bring, shows the QR code for the counter, and the downloaded PDF carries it', async () => {
    const reg = await registered(wheat);
    expect(reg.status).toBe('confirmed');
    const ctx = await hindiPhone();
    const page = await newPage(ctx);
    await page.goto(url(`/svs/appointment/${reg.uniqeCode}`));
    const letter = page.getByTestId('appointment-letter');
    await letter.waitFor();
    const text = (await letter.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('माँगे गए बैग 2 बैग (80 किलो)');
    expect(text).toContain('बीज के लिए राशि: ₹2,400 से ₹2,920 तक (80 किलो × ₹30–36.5 प्रति किलो, जो लॉट मिले उसकी दर से)');
    await expect(page.getByTestId('letter-qr-caption').textContent()).resolves.toBe('इस पत्र का QR कोड: काउंटर पर दिखाएँ');
    // The counter's address and the shift (settings written in both languages) in Hindi only.
    await expect(page.getByTestId('appointment-counter-address').textContent()).resolves.toBe(
      'बीज बिक्री काउंटर, राष्ट्रीय बीज अनुसंधान संस्थान',
    );
    await expect(page.getByTestId('appointment-shift').textContent()).resolves.toMatch(
      /^(सुबह 10 से दोपहर 1 बजे|दोपहर 2 से शाम 5 बजे)$/,
    );
    await shot(page, 'letter-confirmed');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('letter-pdf').click()]);
    const pdf = await downloadedBytes(download);
    expect(await qrInPdf(ctx, pdf)).toMatch(new RegExp(`/svs/appointment/${reg.uniqeCode}$`));
    await ctx.close();
  }, 90_000);

  it('a waitlisted letter’s QR code is to look again, a cancelled one has none; a repeated registration is not "successful"', async () => {
    const waiting = await registered(barley, { cropName: 'Barley' });
    expect(waiting.status).toBe('waitlisted');
    const ctx = await hindiPhone();
    const page = await newPage(ctx);
    await page.goto(url(`/svs/appointment/${waiting.uniqeCode}`));
    await expect(page.getByTestId('letter-qr-caption').textContent()).resolves.toBe(
      'इस पत्र का QR कोड: इसे स्कैन करके पत्र फिर खोलें; तारीख मिलने पर यहीं दिखेगी',
    );
    expect(await page.getByText('काउंटर पर दिखाएँ').count()).toBe(0);
    await shot(page, 'letter-waitlisted');

    const cancel = await fetch(url(`/svsregistration/${waiting.uniqeCode}/cancel`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await farmerToken(waiting.mobile)}` },
      body: '{}',
    });
    expect(cancel.status, await cancel.text()).toBe(200);
    await page.reload();
    await page.getByTestId('letter-status').and(page.locator('[data-status="cancelled"]')).waitFor();
    await expect(page.getByTestId('letter-qr').count()).resolves.toBe(0);
    await expect(page.getByTestId('letter-status-contact').textContent()).resolves.toBe(
      'कोई प्रश्न हो तो बीज काउंटर से संपर्क करें: बीज बिक्री काउंटर, राष्ट्रीय बीज अनुसंधान संस्थान',
    );
    await shot(page, 'letter-cancelled');

    // The same form sent twice: the second letter opens under 'already registered', not 'successful'.
    const farmer = {
      name: 'गीता देवी',
      fatherName: 'रमेश यादव',
      aadhaar: newAadhaar(8),
      mobile: newMobile(),
      village: 'मोहनलालगंज',
      block: 'मोहनलालगंज',
      subDistrict: 'मोहनलालगंज',
      district: 'Lucknow',
      crop: 'गेहूँ',
      bags: '1',
      file: join(FIXTURES, 'aadhaar-sample.png'),
    };
    for (const time of ['first', 'again']) {
      // The app loads once (the letter above is the server's page); the second time it moves back to the form itself.
      if (time === 'first') await page.goto(url('/registration'));
      else await goInApp(page, '/registration');
      await page.locator('#reg-Name').waitFor();
      // The bag's kg with each choice.
      await page.locator('#reg-cropId').selectOption({ label: 'गेहूँ' });
      await expect(page.locator('#reg-bagsRequested option').allTextContents()).resolves.toEqual(
        expect.arrayContaining(['1 बैग (40 किलो)', '2 बैग (80 किलो)', '3 बैग (120 किलो)']),
      );
      await fillRegistrationForm(page, farmer);
      await page.getByTestId('registration-submit').click();
      await page.waitForURL((u) => u.pathname.startsWith('/svs/appointment/'));
      await page.getByTestId('letter-registered-title').waitFor();
      if (time === 'first') await expect(page.getByTestId('letter-registered-title').textContent()).resolves.toBe('पंजीकरण सफल');
    }
    await expect(page.getByTestId('letter-registered-title').textContent()).resolves.toBe('आपका पंजीकरण पहले से है');
    await expect(page.getByTestId('letter-registered').textContent()).resolves.not.toContain('पंजीकरण सफल');
    await shot(page, 'letter-already-registered');
    await ctx.close();
  }, 90_000);
});

/** What a page says to a reader: its visible text (English a page marks as such, lang="en", set aside), names, title. */
async function pageTexts(page: Page): Promise<{ text: string; title: string }> {
  return page.evaluate(() => {
    const marked = [...document.body.querySelectorAll('[lang]')].filter((e) => e.getAttribute('lang') === 'en');
    for (const e of marked) (e as HTMLElement).style.setProperty('display', 'none', 'important');
    const named = [...document.body.querySelectorAll('[aria-label],[alt],[title],[placeholder]')]
      .filter((e) => (e as HTMLElement).checkVisibility?.() !== false && !e.closest('[lang="en"]'))
      .flatMap((e) => ['aria-label', 'alt', 'title', 'placeholder'].map((a) => e.getAttribute(a) ?? ''))
      .filter(Boolean);
    const text = `${document.body.innerText}\n${named.join('\n')}`;
    for (const e of marked) (e as HTMLElement).style.removeProperty('display');
    return { text, title: document.title };
  });
}

/** Fails with the page and each English-only sentence on it. */
async function expectHindi(page: Page, where: string, o: EnglishCheck = {}) {
  const { text, title } = await pageTexts(page);
  const found = [...englishSentences(text, o), ...englishSentences(title, { ...o, pairs: true })];
  expect(found, `English-only on ${where}`).toEqual([]);
}

describe('every public page in Hindi', () => {
  it('the walk’s check catches an English sentence planted in a Hindi page', async () => {
    const ctx = await hindiPhone();
    const page = await newPage(ctx);
    // A Hindi page of its own (the walk below reads the site's pages): its one English sentence is found.
    await page.setContent(
      '<html lang="hi"><title>मुख्य पृष्ठ</title><main><h1>बीज खरीद</h1><p lang="en">Seed purchase</p>' +
        '<img alt="संस्थान का चिह्न" src="data:,"><p>मुख्य पृष्ठ / Registrations are closed</p></main></html>',
    );
    const { text, title } = await pageTexts(page);
    expect([...englishSentences(text), ...englishSentences(title)]).toEqual(['Registrations are closed']);
    await ctx.close();
  });

  it('the server’s pages (the letter in each state, the lot, the bill, the credit note, the draws, the plain form and find-letter pages, refusals) have no English-only sentence', async () => {
    const confirmed = await registered(wheat);
    const waiting = await registered(barley, { cropName: 'Barley' });
    const billed = await registered(wheat, { bagsRequested: 1 });
    const sale = await e2e.asAdmin('POST', '/api/sales/make', {
      registrationID: billed.id,
      year: billed.year,
      lotID,
      bags: 1,
      paymentMode: 'Cash',
    });
    expect(sale.status, sale.text).toBe(201);
    const bill = await e2e.asAdmin('GET', `/api/invoices/by-number/${sale.json.invoiceNumber}`);
    expect(bill.status, bill.text).toBe(200);
    // A second bill, cancelled: its credit note's page.
    const refunded = await registered(wheat, { bagsRequested: 1 });
    const refundedSale = await e2e.asAdmin('POST', '/api/sales/make', {
      registrationID: refunded.id,
      year: refunded.year,
      lotID,
      bags: 1,
      paymentMode: 'Cash',
    });
    expect(refundedSale.status, refundedSale.text).toBe(201);
    const cancelled = await e2e.asAdmin('POST', `/api/invoices/${refundedSale.json.invoiceID}/cancel`, {
      reason: 'गलत फसल',
    });
    expect(cancelled.status, cancelled.text).toBe(201);

    const ctx = await hindiPhone();
    const page = await newPage(ctx);
    const pages: [string, EnglishCheck?][] = [
      [`/svs/appointment/${confirmed.uniqeCode}`],
      [`/svs/appointment/${waiting.uniqeCode}`],
      [`/svs/appointment/${billed.uniqeCode}`],
      ['/svs/appointment/not-a-real-code-000000'],
      [`/lot/${lotCode}`],
      ['/lot/NOPE-999'],
      // The bill and its refusal are in both languages by rule (docs/product-rules.md#bill-of-supply).
      [`/bill/${sale.json.invoiceNumber}?t=${encodeURIComponent(String(bill.json.verifyToken))}`, { pairs: true }],
      [`/bill/${sale.json.invoiceNumber}`, { pairs: true }],
      // The plain pages give both languages on purpose (docs/decisions/0031-pages-without-javascript.md): English
      // only as the translation after its Hindi, as the bill does.
      ['/svsregistration/basic', { pairs: true }],
      ['/svsregistration/find-my-letter', { pairs: true }],
      // The credit note, like the bill it cancels, in both languages.
      [`/credit-note/${cancelled.json.creditNoteNumber}`, { pairs: true }],
      // The draws' results (none run yet: the season's page says so).
      ['/draw'],
    ];
    for (const [path, o] of pages) {
      await page.goto(url(path));
      await page.locator('main').waitFor();
      await expectHindi(page, path, o);
    }
    // The plain pages' refusals: the form and find-letter sent empty.
    await page.goto(url('/svsregistration/basic'));
    await page.locator('form button[type="submit"]').click();
    await page.locator('#reg-alert').waitFor();
    await expectHindi(page, 'the plain form refused', { pairs: true });
    await page.goto(url('/svsregistration/find-my-letter'));
    await page.locator('form button[type="submit"]').click();
    await page.locator('[role="alert"]').first().waitFor();
    await expectHindi(page, 'find-my-letter refused', { pairs: true });
    await ctx.close();
  }, 120_000);

  it('the app’s public screens, their error states and the letter’s dialogs have no English-only sentence; home says Find my letter in words, shows no empty highlights block, and About is not a copy of home', async () => {
    const reg = await registered(wheat);
    const ctx = await hindiPhone();
    const page = await newPage(ctx);
    // The app loads once, on home; every other screen is reached in the app, as its links do.
    await page.goto(url('/'));
    await expect.poll(() => page.getByTestId('home-register').isVisible()).toBe(true);
    const find = page.getByTestId('top-find-letter');
    await expect(find.innerText()).resolves.toBe('मेरा पत्र खोजें');
    expect((await find.boundingBox())!.x + (await find.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
    await expect(page.getByTestId('highlights').count()).resolves.toBe(0);
    await expect(page.getByText('अभी कोई मुख्य जानकारी नहीं है।').count()).resolves.toBe(0);
    await shot(page, 'home', false);
    await goInApp(page, '/about');
    await page.getByTestId('about-page').waitFor();
    await expect(page.getByTestId('about-page').locator('h1').textContent()).resolves.toBe('परिचय');
    for (const id of ['hero', 'top-banner', 'home-register'])
      await expect(page.getByTestId(id).count(), `${id} is home's, not About's`).resolves.toBe(0);
    await shot(page, 'about', false);

    const screens: [string, string, EnglishCheck?][] = [
      ['/', 'hero'],
      ['/about', 'about-page'],
      ['/registration', 'registration-submit'],
      ['/privacy', 'page-grievance'],
      ['/terms', 'page-grievance'],
      ['/contact', 'page-grievance'],
      ['/accessibility', 'page-grievance'],
      // The counter's TV screen says each line in both languages, for everyone in the hall to read.
      ['/queue', '#queue-serving', { pairs: true }],
    ];
    for (const [path, shown, o] of screens) {
      await goInApp(page, path);
      await (shown.startsWith('#') ? page.locator(shown) : page.getByTestId(shown).first()).waitFor();
      await networkQuiet(page);
      await expectHindi(page, path, o);
    }
    await goInApp(page, '/sitemap');
    await page.locator('main a').first().waitFor();
    await expectHindi(page, '/sitemap');

    // The form sent empty: the error summary.
    await goInApp(page, '/registration');
    await page.locator('#reg-Name').waitFor();
    await page.getByTestId('registration-submit').click();
    await page.getByTestId('registration-summary').waitFor();
    await expectHindi(page, 'the error summary');
    await shot(page, 'registration-errors');

    // Find my letter with a mobile nobody registered, and a wrong code.
    // A fresh form (away and back in the app), without the error summary above.
    await goInApp(page, '/about');
    await page.getByTestId('about-page').waitFor();
    await goInApp(page, '/registration#find');
    const box = page.locator('#find');
    await enterCode(box, 'find', newMobile(), { code: '000001' });
    await box.getByRole('alert').waitFor();
    await expectHindi(page, 'find my letter refused');
    await shot(page, 'find-letter-refused');

    // The letter's dialogs: Cancel with a wrong code, then My data with the right one.
    await page.goto(url(`/svs/appointment/${reg.uniqeCode}`));
    await page.getByTestId('letter-cancel').click();
    const cancel = page.getByRole('dialog');
    await enterCode(cancel, 'cancel', reg.mobile, { code: '000001' });
    await cancel.getByTestId('cancel-code-error').waitFor();
    await expectHindi(page, 'the cancel dialog refused');
    await shot(page, 'cancel-refused');
    await page.keyboard.press('Escape');
    await cancel.waitFor({ state: 'detached' });
    await page.getByTestId('letter-my-data').click();
    const myData = page.getByRole('dialog');
    await enterCode(myData, 'my-data', reg.mobile);
    await myData.getByTestId('my-data').waitFor();
    await expectHindi(page, 'My data');
    await shot(page, 'my-data');
    await ctx.close();
  }, 120_000);

  it('the API’s messages to farmers have their Hindi, and the Hindi side has no English-only sentence', async () => {
    const reg = await registered(wheat);
    const session = await farmerToken(reg.mobile);
    const post = async (path: string, body: unknown, token?: string) => {
      const r = await fetch(url(path), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': crypto.randomUUID(),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return { status: r.status, json: (await r.json()) as { message?: string; fields?: Record<string, string> } };
    };
    const replies = {
      'registration with every field wrong': await post('/svsregistration', { Name: '', adharNumber: '12', mobile: '1' }),
      'upload of a wrong type': await post('/svsregistration/upload-url', {
        fileName: 'a.exe',
        contentType: 'application/x-msdownload',
        size: 10,
      }),
      'find letter, a wrong code': await post('/svsregistration/find-letter', { mobile: newMobile(), otp: '000001' }),
      'find letter, malformed': await post('/svsregistration/find-letter', { mobile: '12', otp: 'abc' }),
      'a code asked with no purpose': await post('/svsregistration/otp', { mobile: newMobile(), purpose: 'x' }),
      'cancel without a session': await post(`/svsregistration/${reg.uniqeCode}/cancel`, {}),
      'my data without a session': await post(`/svsregistration/${reg.uniqeCode}/my-data`, {}),
      'cancel from an old page': await post(`/svsregistration/${reg.uniqeCode}/cancel`, { mobileLast4: '1234' }, session),
      'a letter that does not exist': await post('/svsregistration/AAAAAAAAAAAAAAAAAAAAAA/cancel', {}, session),
    };
    for (const [what, r] of Object.entries(replies)) {
      expect(r.status, what).toBeGreaterThanOrEqual(400);
      expect(r.status, what).toBeLessThan(500);
      const messages = [r.json.message ?? '', ...Object.values(r.json.fields ?? {})];
      for (const m of messages) {
        expect(m, `${what}: a message in Hindi`).toMatch(/[\u0900-\u097F]/);
        expect(englishSentences(inLanguage(m, 'hi')), `${what}: ${m}`).toEqual([]);
      }
    }
  }, 60_000);

  it('raised no error in any page above', () => {
    expect(e2e.pageErrors).toEqual([]);
  });
});
