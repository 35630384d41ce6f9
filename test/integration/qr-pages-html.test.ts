import { beforeAll, describe, expect, it } from 'vitest';
import { formatInvoiceNumber, parseInvoiceNumber } from '@shared/schemas/sales';
import { newMobile, registerFarmer, validFields } from '../fixtures/registration-helpers';
import { adminPost, createProducerCropLot, stockCrop } from '../fixtures/catalogue';
import { en } from '@web/lib/i18n/en';
import { hi } from '@web/lib/i18n/hi';
import { useTestApi } from '../support/integration';
import { newRegistration } from '../support/steps';

/**
 * The QR pages as HTML (docs/decisions/0030-qr-pages-as-html.md): the bill, the credit note, the lot and the
 * letter answer a whole page whose content is there without any script; they show the public no more than
 * the app's pages do; their caching; their 400 and 404 pages; numbers counted through; a burst.
 */
const { api, tokens } = useTestApi('admin', 'seller');

const PRODUCER_AADHAAR = '734512340091';
const PRODUCER_MOBILE = '9876543210';
let lotCode = '';
let lotID = 0;
let cropID = 0;
const sale = { number: '', invoiceID: 0, token: '', name: '', mobile: '', aadhaar: '', village: '' };
const letter = { code: '', id: 0, name: '', mobile: '', aadhaar: '' };

async function sell(farmer: Record<string, unknown>) {
  const r = await registerFarmer(api, farmer);
  expect(r.status, r.text).toBe(201);
  const made = await api.call('POST', '/api/sales/make', {
    token: tokens.seller,
    body: { lotID, registrationID: r.json.data.id, year: r.json.data.year, bags: 1, paymentMode: 'Cash' },
  });
  expect(made.status, made.text).toBe(201);
  const staffView = await api.call('GET', `/api/invoices/by-number/${made.json.invoiceNumber}`, { token: tokens.admin });
  return {
    number: made.json.invoiceNumber as string,
    invoiceID: made.json.invoiceID as number,
    token: staffView.json.verifyToken as string,
  };
}

beforeAll(async () => {
  const made = await createProducerCropLot(adminPost(api, tokens.admin), {
    producer: { name: 'Page Producer', aadhaarNumber: PRODUCER_AADHAAR, contactNumber: PRODUCER_MOBILE, address: 'Kalyanpur' },
    crop: { cropName: 'Wheat' },
    lot: { quantityAvailable: 1000, pricePerUnit: 40 },
  });
  lotCode = made.lot.lotCode;
  lotID = made.lot.lotID;
  cropID = made.cropID;
  const f = validFields({
    Name: 'Page Farmer',
    village: 'Gaonpage',
    cropName: 'Wheat',
    cropId: cropID,
    bagsRequested: 1,
    mobile: newMobile(),
  });
  Object.assign(sale, await sell(f), {
    name: 'Page Farmer',
    mobile: String(f.mobile),
    aadhaar: String(f.adharNumber),
    village: 'Gaonpage',
  });
  const l = validFields({ Name: 'Letter Farmer', cropName: 'Wheat', cropId: cropID, bagsRequested: 1, mobile: newMobile() });
  const r = await registerFarmer(api, l);
  expect(r.status, r.text).toBe(201);
  Object.assign(letter, {
    code: r.json.data.uniqueCode,
    id: r.json.data.id,
    name: 'Letter Farmer',
    mobile: String(l.mobile),
    aadhaar: String(l.adharNumber),
  });
});

/** The page as a browser without JavaScript reads it: the text between the tags, scripts and styles left out. */
function visibleText(page: string): string {
  return page
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

function expectPage(r: { status: number; headers: Headers; text: string }, status = 200) {
  expect(r.status, r.text.slice(0, 300)).toBe(status);
  expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(r.text.startsWith('<!doctype html>')).toBe(true);
  // No script file before the content: the one script is inline, allowed by its hash.
  expect(r.text).not.toMatch(/<script[^>]+src=/);
  const csp = r.headers.get('content-security-policy') ?? '';
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(r.headers.get('referrer-policy')).toBe('no-referrer');
  expect(r.headers.get('x-content-type-options')).toBe('nosniff');
}

describe('the bill page', () => {
  it('shows the duplicate copy to the holder of the token, in Hindi, with the mobile masked, kept by the browser only', async () => {
    const r = await api.call('GET', `/bill/${sale.number}`, { query: { t: sale.token } });
    expectPage(r);
    expect(r.text).toContain('<html lang="hi">');
    const text = visibleText(r.text);
    expect(text).toContain(sale.number);
    expect(text).toContain('डुप्लीकेट');
    expect(text).toContain(sale.name);
    expect(text).toContain(`XXXX-XXXX-${sale.aadhaar.slice(-4)}`);
    expect(text).toContain('₹');
    expect(r.text).not.toContain(sale.aadhaar);
    expect(r.text).not.toContain(sale.mobile);
    expect(r.text).toContain(`/api/invoices/by-number/${sale.number}/qrcode.png?size=512&amp;t=${sale.token}`);
    expect(r.headers.get('cache-control')).toBe('private, no-store');
  });

  it('shows in English with ?lang=en, and links the other language keeping the token', async () => {
    const r = await api.call('GET', `/bill/${sale.number}`, { query: { t: sale.token, lang: 'en' } });
    expectPage(r);
    expect(r.text).toContain('<html lang="en">');
    const text = visibleText(r.text);
    expect(text).toContain('Duplicate Copy');
    expect(text).toContain('Wheat');
    expect(text).toContain('Invoice No.');
    // The bill's own code: verified, with the details to compare against the paper.
    expect(text).toContain(
      `Bill verified Bill ${sale.number} was issued by the institute and is valid. Compare the details below`,
    );
    expect(r.text).toContain(`href="/bill/${sale.number}?t=${sale.token}&amp;lang=hi"`);
  });

  it('by the number alone shows only that the bill exists, and CloudFront may keep it for a minute', async () => {
    const r = await api.call('GET', `/bill/${sale.number}`, { query: { lang: 'en' } });
    expectPage(r);
    const text = visibleText(r.text);
    // The number alone proves nothing about a paper bill: it never says verified.
    expect(text).toContain('Not verified');
    expect(text).toContain('opened without the code from its QR');
    expect(text).not.toContain('Bill verified');
    expect(text).not.toContain('is valid');
    expect(text).toContain(sale.number);
    expect(text).not.toContain(sale.name);
    expect(text).not.toContain(sale.village);
    expect(r.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60');
    // A wrong token shows nothing more than none.
    const wrong = await api.call('GET', `/bill/${sale.number}`, { query: { lang: 'en', t: 'x'.repeat(sale.token.length) } });
    expect(wrong.status).toBeLessThan(500);
    expect(visibleText(wrong.text)).not.toContain(sale.name);
  });

  it('a tampered code never says verified: it says the code does not match and to check the paper, in both languages', async () => {
    const tampered = [
      'x'.repeat(sale.token.length),
      `${sale.token.slice(0, -1)}${sale.token.endsWith('A') ? 'B' : 'A'}`,
      sale.token.slice(1),
      `${sale.token}x`,
      sale.token.toUpperCase() === sale.token ? sale.token.toLowerCase() : sale.token.toUpperCase(),
    ];
    let pages = 0;
    for (const t of tampered) {
      for (const lang of ['en', 'hi']) {
        const r = await api.call('GET', `/bill/${sale.number}`, { query: { lang, t } });
        if (r.status === 200) pages++;
        else {
          // A code of a shape no bill has is refused before any bill is read.
          expect(r.status, `${t} ${lang}`).toBe(400);
          continue;
        }
        const text = visibleText(r.text);
        expect(text, `${t} ${lang}`).not.toMatch(/Bill verified|is valid|बिल सत्यापित|मान्य है/);
        expect(text, `${t} ${lang}`).toContain('The code in this QR does not match the bill the institute issued');
        if (lang === 'hi') expect(text).toContain('इस QR का कोड संस्थान द्वारा संख्या');
        expect(text, `${t} ${lang}`).not.toContain(sale.name);
        // No copy of the bill at all, only the summary (moved here from the browser walk of sales).
        expect(r.text, `${t} ${lang}`).not.toContain('data-testid="bill-copy"');
        expect(r.text, `${t} ${lang}`).toContain('data-testid="bill-summary"');
        expect(r.text).toContain('role="alert" data-testid="bill-check"');
      }
    }
    expect(pages).toBeGreaterThanOrEqual(6);
    // The genuine code still verifies, in Hindi too.
    const genuine = visibleText((await api.call('GET', `/bill/${sale.number}`, { query: { lang: 'hi', t: sale.token } })).text);
    expect(genuine).toContain('बिल सत्यापित / Bill verified');
  });

  it('numbers counted through show no more than their existence; unknown ones are an HTML 404 in both languages', async () => {
    const { fyStart, seq } = parseInvoiceNumber(sale.number)!;
    for (const n of [seq - 1, seq + 1, seq + 2, seq + 50]) {
      const number = formatInvoiceNumber(fyStart, n);
      const r = await api.call('GET', `/bill/${number}`);
      expect([200, 404]).toContain(r.status);
      expectPage(r, r.status);
      expect(r.text).not.toContain(sale.name);
      if (r.status === 404) {
        expect(r.text).toContain('नहीं मिला');
        expect(r.text).toContain('Not found');
        expect(r.headers.get('cache-control')).toBe('private, no-store');
      }
    }
  });

  it('a malformed number is an HTML 400 in both languages, a malformed token no token, never a 5xx', async () => {
    for (const path of [`/bill/${'9'.repeat(300)}`, '/bill/%E0%A4%95', '/bill/%3Cscript%3Ealert(1)%3C%2Fscript%3E']) {
      const r = await api.call('GET', path);
      expectPage(r, 400);
      expect(r.text).toContain('यह पता सही नहीं है');
      expect(r.text).toContain('This address is not valid');
      expect(r.text).not.toContain('<script>alert');
    }
    expectPage(await api.call('GET', '/bill/abc'), 404);
    const badToken = await api.call('GET', `/bill/${sale.number}`, { query: { t: '<script>' } });
    expectPage(badToken);
    expect(badToken.text).toContain('data-testid="bill-summary"');
    expect(badToken.text).not.toContain(sale.name);
  });

  it('a cancelled bill shows its CANCELLED mark and the credit note, whose page shows the reason to the token holder', async () => {
    const b = await sell(
      validFields({ Name: 'Cancel Farmer', cropName: 'Wheat', cropId: cropID, bagsRequested: 1, mobile: newMobile() }),
    );
    const c = await api.call('POST', `/api/invoices/${b.invoiceID}/cancel`, {
      token: tokens.admin,
      body: { reason: 'Wrong lot written' },
    });
    expect(c.status, c.text).toBe(201);
    const page = await api.call('GET', `/bill/${b.number}`, { query: { t: b.token, lang: 'en' } });
    expectPage(page);
    const text = visibleText(page.text);
    expect(text).toContain('CANCELLED');
    expect(text).toContain('Reason: Wrong lot written');
    const link = /href="(\/credit-note\/[^"]+)" data-testid="bill-credit-note"/.exec(page.text)?.[1].replace(/&amp;/g, '&');
    expect(link).toMatch(/^\/credit-note\/[^?]+\?t=/);
    const note = await api.call('GET', `${link}&lang=en`);
    expectPage(note);
    expect(visibleText(note.text)).toContain('Wrong lot written');
    expect(visibleText(note.text)).toContain('Cancel Farmer');
    expect(note.headers.get('cache-control')).toBe('private, no-store');
    // Without the token: only that the note exists, which bill it cancels; public for a minute.
    const bare = await api.call('GET', link!.split('?')[0], { query: { lang: 'en' } });
    expectPage(bare);
    expect(visibleText(bare.text)).toContain('Not verified');
    expect(visibleText(bare.text)).toContain('cannot confirm a paper credit note');
    expect(visibleText(bare.text)).not.toContain('Credit note verified');
    expect(visibleText(bare.text)).not.toContain('Cancel Farmer');
    expect(bare.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60');
    // The summary of the cancelled bill says so too.
    const summary = await api.call('GET', `/bill/${b.number}`, { query: { lang: 'en' } });
    expect(visibleText(summary.text)).toContain('CANCELLED');
    expect(visibleText(summary.text)).not.toContain('Wrong lot written');
    // ...and no longer calls it valid.
    expect(summary.text).not.toContain('data-testid="bill-verified"');
    expect(visibleText(summary.text)).not.toContain('is valid');
    expect(visibleText((await api.call('GET', `/bill/${sale.number}`, { query: { lang: 'en', t: sale.token } })).text)).toContain(
      'is valid',
    );
    expectPage(await api.call('GET', '/credit-note/CN-nothing'), 404);
    expectPage(await api.call('GET', `/credit-note/${'x'.repeat(200)}`), 400);
  });

  it('a burst of 40 readers of the same bill all get the same page', async () => {
    const replies = await Promise.all(
      Array.from({ length: 40 }, () => api.call('GET', `/bill/${sale.number}`, { query: { t: sale.token } })),
    );
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    expect(new Set(replies.map((r) => r.text)).size).toBe(1);
  });
});

describe('the lot page', () => {
  it("shows the lot with the producer's Aadhaar as its last 4 digits, kept by caches for a minute", async () => {
    const r = await api.call('GET', `/lot/${lotCode}`, { query: { lang: 'en' } });
    expectPage(r);
    const text = visibleText(r.text);
    expect(text).toContain('Lot details');
    expect(text).toContain(lotCode);
    expect(text).toContain('Wheat');
    expect(text).toContain('Page Producer');
    expect(text).toContain(`Aadhaar XXXX-XXXX-${PRODUCER_AADHAAR.slice(-4)}`);
    expect(text).toContain('1,000 kg');
    expect(r.text).not.toContain(PRODUCER_AADHAAR);
    expect(r.text).toContain(`/api/lots/by-code/${lotCode}/qrcode.svg`);
    expect(r.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60');
    const hindi = await api.call('GET', `/lot/${lotCode}`);
    expect(visibleText(hindi.text)).toContain('लॉट');
  });

  it("names an organisation producer by its registration number, in the page's language", async () => {
    const number = `NSRI/FARM-${Date.now() % 100_000}`;
    const made = await createProducerCropLot(adminPost(api, tokens.admin), {
      producer: { kind: 'organisation', name: 'Institute seed farm', registrationNumber: number },
      crop: { cropName: `Farm wheat ${Date.now() % 100_000}`, description: 'Wheat seed' },
      lot: { quantityAvailable: 200, pricePerUnit: 30, isSubsidized: false },
    });
    const english = visibleText((await api.call('GET', `/lot/${made.lot.lotCode}`, { query: { lang: 'en' } })).text);
    expect(english).toContain(`Institute seed farm (Registration no. ${number})`);
    expect(english).not.toContain('Aadhaar XXXX');
    const hindi = visibleText((await api.call('GET', `/lot/${made.lot.lotCode}`)).text);
    expect(hindi).toContain(`Institute seed farm (पंजीकरण संख्या ${number})`);
    const json = await api.call('GET', `/api/lots/by-code/${made.lot.lotCode}`);
    expect(json.json).toMatchObject({ producerRegistrationNumber: number, producerAadhaarLast4: '' });
  });

  it('an unknown lot is an HTML 404, a malformed code a 400', async () => {
    const unknown = await api.call('GET', `/lot/${lotCode.replace(/\d$/, (d) => String((Number(d) + 1) % 10))}9`);
    expect([400, 404]).toContain(unknown.status);
    expectPage(unknown, unknown.status);
    expectPage(await api.call('GET', '/lot/%3Cb%3E'), 400);
  });
});

describe('the letter page', () => {
  it('shows the letter with the Aadhaar and mobile masked, never kept by a cache', async () => {
    const r = await api.call('GET', `/svs/appointment/${letter.code}`);
    expectPage(r);
    const text = visibleText(r.text);
    expect(text).toContain(String(letter.id));
    expect(text).toContain(letter.name);
    expect(text).toContain('पंजीकरण');
    expect(r.text).not.toContain(letter.aadhaar);
    expect(r.text).not.toContain(letter.mobile);
    expect(text).toContain(letter.aadhaar.slice(-4));
    expect(r.text).toContain(`/svsregistration/AppointmentList/${letter.code}/qrcode.png`);
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    expect(r.text).toMatch(/<title>Appointment-Letter-\d{4}-\d+<\/title>/);
  });

  it('an unknown or malformed code is an HTML 404 in both languages', async () => {
    for (const code of ['A'.repeat(letter.code.length), 'short', '%3Cscript%3E']) {
      const r = await api.call('GET', `/svs/appointment/${code}`);
      expectPage(r, 404);
      expect(r.text).toContain('अपॉइंटमेंट पत्र लोड नहीं हो सका। कृपया लिंक जाँचें।');
      expect(r.text).toContain('नहीं मिला');
      const en = await api.call('GET', `/svs/appointment/${code}?lang=en`);
      expect(en.text).toContain('Unable to load appointment. Please check the link.');
    }
  });
});

/**
 * What a farmer reads when a page cannot show what was asked for, and the letter's quantity row: the server's
 * pages (moved here from the browser walk of test/e2e/registration-feedback.e2e.test.ts, which keeps one of them
 * on a phone). A Hindi page speaks Hindi only (docs/product-rules.md#a-hindi-page-speaks-hindi), the bill's
 * refusal gives the server's two-language text; an English page has no Hindi line.
 */
describe('the pages’ refusals and the letter’s quantity, in each language', () => {
  const DEVANAGARI = /[\u0900-\u097F]/;
  /** The visible text of the page's first alert. */
  const alertOf = (page: string) => {
    const m = /<div[^>]*role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(page);
    expect(m, 'the page has an alert').not.toBeNull();
    return visibleText(m![1]).trim();
  };

  it('the letter, the lot and the bill of unknown codes say so in Hindi, and in English without Hindi', async () => {
    const letterHi = await api.call('GET', '/svs/appointment/not-a-real-code-000000');
    expectPage(letterHi, 404);
    const letterAlert = alertOf(letterHi.text);
    expect(letterAlert).toMatch(/^अपॉइंटमेंट पत्र लोड नहीं हो सका। कृपया लिंक जाँचें।/);
    expect(letterAlert).not.toMatch(/[A-Za-z]{3}/);
    // Its retry button, in Hindi.
    expect(letterAlert).toContain('फिर से प्रयास करें');
    const letterEn = await api.call('GET', '/svs/appointment/not-a-real-code-000000', { query: { lang: 'en' } });
    expect(alertOf(letterEn.text)).toContain('Unable to load appointment. Please check the link.');
    expect(DEVANAGARI.test(alertOf(letterEn.text))).toBe(false);

    const lotHi = await api.call('GET', '/lot/NOPE-999');
    expect([400, 404]).toContain(lotHi.status);
    expect(alertOf(lotHi.text)).toBe('कोड NOPE-999 का कोई लॉट नहीं मिला');
    const lotEn = await api.call('GET', '/lot/NOPE-999', { query: { lang: 'en' } });
    expect(alertOf(lotEn.text)).toContain('No lot with code NOPE-999');
    expect(DEVANAGARI.test(alertOf(lotEn.text))).toBe(false);

    const billHi = await api.call('GET', '/bill/INV2627-999999');
    expectPage(billHi, 404);
    expect(alertOf(billHi.text)).toBe('बिल INV2627-999999 नहीं मिला / Bill INV2627-999999 not found');
    const billEn = await api.call('GET', '/bill/INV2627-999999', { query: { lang: 'en' } });
    expect(alertOf(billEn.text)).toBe('Bill INV2627-999999 not found');
  });

  it('the letter of a crop offered in no quantity prints none; a wheat letter prints the bags and their kilograms', async () => {
    // Lentil: a crop without rules, so the form offers no quantity (docs/product-rules.md#quantities-per-crop).
    const lentil = await api.call('POST', '/api/crops', {
      token: tokens.admin,
      body: { cropName: 'Lentil', description: 'Lentil seed' },
    });
    expect(lentil.status, lentil.text).toBe(201);
    const dropdown = await api.call('GET', '/api/crops/dropdown');
    expect((dropdown.json as { name: string; rules: unknown }[]).find((c) => c.name === 'Lentil')?.rules).toBeNull();
    await stockCrop(adminPost(api, tokens.admin), lentil.json.cropID);
    /** The value beside the letter's quantity label (one label per unit: bags, or kg). */
    const quantityOf = async (fields: Record<string, unknown>) => {
      const reg = await newRegistration(api, { mobile: newMobile(), ...fields });
      const page = await api.call('GET', `/svs/appointment/${reg.uniqueCode}`);
      expectPage(page);
      return /<dt>(?:माँगे गए बैग|माँगी गई मात्रा \(किलो\))<\/dt><dd>([^<]*)<\/dd>/.exec(page.text)?.[1];
    };
    expect(await quantityOf({ cropName: 'Lentil', cropId: lentil.json.cropID, bagsRequested: undefined })).toBe('—');
    expect(await quantityOf({ cropName: 'Wheat', cropId: cropID, bagsRequested: 2 })).toBe('2 बैग (80 किलो)');
  });
});

/**
 * The footer of the server's pages links the required pages, in order, with the words of the app's footer
 * (docs/product-rules.md#required-pages). Moved here from the browser walk of test/e2e/consent.e2e.test.ts,
 * which keeps the app's own pages (home, the form, the required pages themselves).
 */
describe('the footer of the bill, lot and letter pages', () => {
  const LINKS = ['privacy', 'terms', 'contact', 'accessibility', 'sitemap'] as const;

  it('links the required pages, in Hindi and in English', async () => {
    for (const [lang, text] of [
      ['hi', hi],
      ['en', en],
    ] as const) {
      for (const path of [`/bill/${sale.number}`, `/lot/${lotCode}`, `/svs/appointment/${letter.code}`]) {
        const r = await api.call('GET', path, { query: { lang } });
        expectPage(r);
        const nav = new RegExp(`<nav aria-label="${text.sitePages.footerLabel}">([\\s\\S]*?)</nav>`).exec(r.text);
        expect(nav, `${path} ${lang}: the footer's navigation`).not.toBeNull();
        const links = [...nav![1].matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);
        expect(links, `${path} ${lang}`).toEqual(LINKS.map((key) => [`/${key}`, text.sitePages[key]]));
      }
    }
  });
});
