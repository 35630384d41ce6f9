import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey, type RouteDef } from '@shared/routes';
import { newAadhaar, newMobile, registerFarmer, validFields } from '../fixtures/registration-helpers';
import { adminPost, createProducerCropLot } from '../fixtures/catalogue';
import { useTestApi } from '../support/integration';
import { knownCode } from '../support/farmer-codes';

/**
 * Issue 28, item 6: a page or a reply that shows personal data is `private, no-store` everywhere; a page without
 * any (the bill's summary, the lot, the credit note's summary) may be kept by CloudFront for a minute. Every
 * page of the route table and every public GET route is listed below, so a new one cannot slip through
 * unchecked; whatever the rules say, a reply that names the farmer is never public.
 */
const { api, tokens } = useTestApi('admin', 'seller');

const PRIVATE = 'private, no-store';
const PUBLIC_PAGE = 'public, max-age=60, s-maxage=60';

const farmer = { name: 'Caching Farmer', father: 'Caching Father', village: 'Gaoncache', mobile: '', aadhaar: '' };
const second = { name: 'Caching Second', mobile: '', aadhaar: '' };
const sale = { number: '', invoiceID: 0, token: '' };
const cancelled = { number: '', token: '', creditNote: '', creditNoteToken: '' };
const letter = { code: '', id: 0, year: 0 };
let lotCode = '';
let cropID = 0;
let lotID = 0;

async function sell(fields: Record<string, unknown>) {
  const r = await registerFarmer(api, fields);
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
    code: r.json.data.uniqueCode as string,
    id: r.json.data.id as number,
    year: r.json.data.year as number,
  };
}

beforeAll(async () => {
  const made = await createProducerCropLot(adminPost(api, tokens.admin), {
    producer: { name: 'Caching Producer', aadhaarNumber: newAadhaar(), contactNumber: '9876543211', address: 'Kalyanpur' },
    crop: { cropName: 'Wheat' },
    lot: { quantityAvailable: 1000, pricePerUnit: 40 },
  });
  lotCode = made.lot.lotCode;
  lotID = made.lot.lotID;
  cropID = made.cropID;
  const f = validFields({
    Name: farmer.name,
    fatherName: farmer.father,
    village: farmer.village,
    cropName: 'Wheat',
    cropId: cropID,
    bagsRequested: 1,
    mobile: newMobile(),
  });
  farmer.mobile = String(f.mobile);
  farmer.aadhaar = String(f.adharNumber);
  const sold = await sell(f);
  Object.assign(sale, { number: sold.number, invoiceID: sold.invoiceID, token: sold.token });
  Object.assign(letter, { code: sold.code, id: sold.id, year: sold.year });

  const g = validFields({ Name: second.name, cropName: 'Wheat', cropId: cropID, bagsRequested: 1, mobile: newMobile() });
  second.mobile = String(g.mobile);
  second.aadhaar = String(g.adharNumber);
  const other = await sell(g);
  const c = await api.call('POST', `/api/invoices/${other.invoiceID}/cancel`, {
    token: tokens.admin,
    body: { reason: 'Wrong lot written' },
  });
  expect(c.status, c.text).toBe(201);
  const full = await api.call('GET', `/api/invoices/by-number/${other.number}`, { query: { t: other.token } });
  expect(full.status, full.text).toBe(200);
  Object.assign(cancelled, {
    number: other.number,
    token: other.token,
    creditNote: full.json.creditNoteNumber,
    creditNoteToken: full.json.creditNoteToken,
  });
  expect(cancelled.creditNote).toBeTruthy();
  expect(cancelled.creditNoteToken).toBeTruthy();
});

/** Whatever in a reply would name one of the two farmers. */
function personalIn(text: string): string[] {
  const marks = [
    farmer.name,
    farmer.father,
    farmer.village,
    farmer.mobile,
    farmer.aadhaar,
    second.name,
    second.mobile,
    second.aadhaar,
  ];
  return marks.filter((m) => text.includes(m));
}

interface Case {
  what: string;
  path: () => string;
  query?: () => Record<string, string>;
  /** What the reply must show: the farmer's name on a page with personal data; none on a public one. */
  shows?: () => string;
  cacheControl: string;
  /** 200 unless said. */
  status?: number;
}

/** Every page of the route table (`page: true`), each with its addresses and what each may be kept as. */
const PAGES: Record<string, Case[]> = {
  'GET /bill/{number}': [
    {
      what: 'with its token',
      path: () => `/bill/${sale.number}`,
      query: () => ({ t: sale.token }),
      shows: () => farmer.name,
      cacheControl: PRIVATE,
    },
    {
      what: 'with its token, in English',
      path: () => `/bill/${sale.number}`,
      query: () => ({ t: sale.token, lang: 'en' }),
      shows: () => farmer.name,
      cacheControl: PRIVATE,
    },
    {
      what: 'with its token, cancelled',
      path: () => `/bill/${cancelled.number}`,
      query: () => ({ t: cancelled.token }),
      shows: () => second.name,
      cacheControl: PRIVATE,
    },
    {
      what: 'with a wrong token',
      path: () => `/bill/${sale.number}`,
      query: () => ({ t: 'x'.repeat(22) }),
      cacheControl: PRIVATE,
    },
    { what: 'by its number alone', path: () => `/bill/${sale.number}`, query: () => ({ lang: 'en' }), cacheControl: PUBLIC_PAGE },
  ],
  'GET /credit-note/{number}': [
    {
      what: 'with its token',
      path: () => `/credit-note/${cancelled.creditNote}`,
      query: () => ({ t: cancelled.creditNoteToken }),
      shows: () => second.name,
      cacheControl: PRIVATE,
    },
    { what: 'by its number alone', path: () => `/credit-note/${cancelled.creditNote}`, cacheControl: PUBLIC_PAGE },
  ],
  'GET /lot/{code}': [{ what: 'by its code', path: () => `/lot/${lotCode}`, cacheControl: PUBLIC_PAGE }],
  'GET /svs/appointment/{code}': [
    { what: 'by its code', path: () => `/svs/appointment/${letter.code}`, shows: () => farmer.name, cacheControl: PRIVATE },
    {
      what: 'by its code, in English',
      path: () => `/svs/appointment/${letter.code}`,
      query: () => ({ lang: 'en' }),
      shows: () => farmer.name,
      cacheControl: PRIVATE,
    },
  ],
  'GET /svsregistration/basic': [{ what: 'the form', path: () => '/svsregistration/basic', cacheControl: PRIVATE }],
  'GET /svsregistration/find-my-letter': [
    { what: 'the form', path: () => '/svsregistration/find-my-letter', cacheControl: PRIVATE },
  ],
  // Registration numbers and outcomes only (a result itself: test/integration/allocation-draw.test.ts).
  'GET /draw': [{ what: "the season's draws", path: () => '/draw', cacheControl: PUBLIC_PAGE }],
  'GET /draw/{cropId}/{year}': [
    { what: 'a draw not run', path: () => `/draw/${cropID}/${letter.year}`, status: 404, cacheControl: PRIVATE },
    {
      what: 'a draw not run, a number looked up',
      path: () => `/draw/${cropID}/${letter.year}`,
      query: () => ({ number: String(letter.id) }),
      status: 404,
      cacheControl: PRIVATE,
    },
  ],
  'GET /registration': [
    { what: 'the form', path: () => '/registration', cacheControl: PRIVATE },
    { what: 'the form, in English', path: () => '/registration', query: () => ({ lang: 'en' }), cacheControl: PRIVATE },
  ],
};

/** Every public GET route that answers JSON or an image, with an address that finds something. */
const PUBLIC_READS: Record<string, Case[]> = {
  'GET /api/crops/dropdown': [{ what: 'the list', path: () => '/api/crops/dropdown', cacheControl: 'public, max-age=60' }],
  'GET /api/lots/by-code/{code}': [
    { what: 'a lot', path: () => `/api/lots/by-code/${lotCode}`, cacheControl: 'public, max-age=30' },
  ],
  'GET /api/lots/by-code/{code}/qrcode.svg': [
    {
      what: "a lot's QR",
      path: () => `/api/lots/by-code/${lotCode}/qrcode.svg`,
      cacheControl: 'public, max-age=31536000, immutable',
    },
  ],
  'GET /api/home/summary': [{ what: 'the summary', path: () => '/api/home/summary', cacheControl: 'public, max-age=60' }],
  'GET /api/home/pages/{slug}': [
    { what: 'a site page', path: () => '/api/home/pages/privacy-policy', cacheControl: 'public, max-age=30' },
  ],
  'GET /svsregistration/AppointmentList/{code}': [
    {
      what: 'a letter',
      path: () => `/svsregistration/AppointmentList/${letter.code}`,
      shows: () => farmer.name,
      cacheControl: PRIVATE,
    },
  ],
  'GET /svsregistration/AppointmentList/{code}/qrcode.png': [
    {
      what: "a letter's QR",
      path: () => `/svsregistration/AppointmentList/${letter.code}/qrcode.png`,
      cacheControl: 'private, max-age=31536000, immutable',
    },
  ],
  'GET /api/invoices/by-number/{number}': [
    {
      what: 'a bill with its token',
      path: () => `/api/invoices/by-number/${sale.number}`,
      query: () => ({ t: sale.token }),
      shows: () => farmer.name,
      cacheControl: PRIVATE,
    },
    { what: 'a bill by its number alone', path: () => `/api/invoices/by-number/${sale.number}`, cacheControl: PRIVATE },
  ],
  'GET /api/invoices/by-number/{number}/qrcode.png': [
    {
      what: "a bill's QR with its token",
      path: () => `/api/invoices/by-number/${sale.number}/qrcode.png`,
      query: () => ({ t: sale.token }),
      cacheControl: 'private, max-age=31536000, immutable',
    },
    {
      what: "a bill's QR by its number alone",
      path: () => `/api/invoices/by-number/${sale.number}/qrcode.png`,
      cacheControl: 'public, max-age=31536000, immutable',
    },
  ],
  'GET /api/credit-notes/by-number/{number}': [
    {
      what: 'a credit note with its token',
      path: () => `/api/credit-notes/by-number/${cancelled.creditNote}`,
      query: () => ({ t: cancelled.creditNoteToken }),
      shows: () => second.name,
      cacheControl: PRIVATE,
    },
  ],
  'GET /api/credit-notes/by-number/{number}/qrcode.png': [
    {
      what: "a credit note's QR by its number alone",
      path: () => `/api/credit-notes/by-number/${cancelled.creditNote}/qrcode.png`,
      cacheControl: 'public, max-age=31536000, immutable',
    },
  ],
  'GET /api/allocation/draw/{cropId}/{year}': [
    // No draw is run here: the refusal, like every reply a route does not make public, is private.
    {
      what: 'a draw not run',
      path: () => `/api/allocation/draw/${cropID}/${letter.year}`,
      status: 404,
      cacheControl: PRIVATE,
    },
  ],
  'GET /api/queue': [{ what: 'the queue', path: () => '/api/queue', cacheControl: 'public, max-age=5' }],
  'GET /api/config/{key}': [
    { what: 'a public key', path: () => '/api/config/Is_SVS_Form_On', cacheControl: 'public, max-age=30' },
  ],
};

const keysOf = (pick: (r: RouteDef) => boolean) => (ROUTES as readonly RouteDef[]).filter(pick).map(routeKey).sort();

async function check(c: Case) {
  const r = await api.call('GET', c.path(), { query: c.query?.() });
  const where = `${c.what}: ${c.path()}`;
  expect(r.status, `${where} ${r.text.slice(0, 200)}`).toBe(c.status ?? 200);
  const body = r.headers.get('content-type')?.startsWith('image/') ? '' : r.text;
  if (c.shows) expect(body, where).toContain(c.shows());
  expect(r.headers.get('cache-control'), where).toBe(c.cacheControl);
  // Whatever the table says: a reply that names a farmer is kept by no cache.
  if (personalIn(body).length > 0) expect(r.headers.get('cache-control'), where).toBe(PRIVATE);
  if (!c.shows && c.cacheControl.startsWith('public')) expect(personalIn(body), where).toEqual([]);
}

describe('caching of what shows personal data', () => {
  it('the bill page with its token is private, no-store (and shows the farmer)', async () => {
    const r = await api.call('GET', `/bill/${sale.number}`, { query: { t: sale.token } });
    expect(r.status).toBe(200);
    expect(r.text).toContain(farmer.name);
    expect(r.text).toContain(farmer.village);
    expect(r.headers.get('cache-control')).toBe(PRIVATE);
  });

  it('every page of the route table is listed here', () => {
    expect(Object.keys(PAGES).sort()).toEqual(keysOf((r) => r.page === true));
  });

  for (const [key, cases] of Object.entries(PAGES)) {
    it(`${key}: private, no-store wherever it shows personal data`, async () => {
      for (const c of cases) await check(c);
    });
  }

  it('every public GET route that is not a page is listed here', () => {
    const publicReads = keysOf((r) => r.method === 'GET' && !r.page && (r.access === 'public' || r.note !== undefined));
    expect(Object.keys(PUBLIC_READS).sort()).toEqual(publicReads);
  });

  for (const [key, cases] of Object.entries(PUBLIC_READS)) {
    it(`${key}: private, no-store wherever it shows personal data`, async () => {
      for (const c of cases) await check(c);
    });
  }

  it("the find-my-letter form's answers and the plain registration form's are private, no-store", async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
    const found = await fetch(new URL('/svsregistration/find-letter', api.url), {
      method: 'POST',
      redirect: 'manual',
      headers: form,
      body: new URLSearchParams({ mobile: farmer.mobile, otp: await knownCode(api, farmer.mobile), lang: 'en' }).toString(),
    });
    expect(found.status).toBe(303);
    expect(found.headers.get('cache-control')).toBe(PRIVATE);
    const refused = await fetch(new URL('/svsregistration/find-letter', api.url), {
      method: 'POST',
      redirect: 'manual',
      headers: form,
      body: new URLSearchParams({ mobile: farmer.mobile, otp: '000001', lang: 'en' }).toString(),
    });
    expect(refused.status).toBe(401);
    // The form again, with the mobile number typed.
    expect(await refused.text()).toContain(farmer.mobile);
    expect(refused.headers.get('cache-control')).toBe(PRIVATE);

    // The plain registration form sent back with what was typed (the mobile is wrong).
    const typed = new FormData();
    for (const [k, v] of Object.entries({ via: 'basic', Name: 'Typed Farmer', adharNumber: newAadhaar(), mobile: '12' })) {
      typed.append(k, v);
    }
    const again = await fetch(new URL('/svsregistration', api.url), {
      method: 'POST',
      body: typed,
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('Typed Farmer');
    expect(again.headers.get('cache-control')).toBe(PRIVATE);
  });

  it("staff replies are private, no-store: a farmer's registrations and bills", async () => {
    for (const path of ['/api/registrations', '/api/invoices', `/api/invoices/by-number/${sale.number}`]) {
      const r = await api.call('GET', path, { token: tokens.admin });
      expect(r.status, path).toBe(200);
      expect(r.headers.get('cache-control'), path).toBe(PRIVATE);
    }
  });
});
