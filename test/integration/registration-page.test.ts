import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { FORM_PAGE_DATA_ID, type FormPageData } from '@shared/form-page';
import { FIND_LETTER_LIMITS } from '@functions/registrations/find-letter';
import { MAX_FILE_BYTES } from '@shared/schemas/registration';
import { captureLogLines } from '../support/log-capture';
import { useTestApi } from '../support/integration';
import { knownCode } from '../support/farmer-codes';
import {
  newAadhaar,
  newMobile,
  SAMPLE_PDF,
  SAMPLE_PNG,
  seedFormCrops,
  formData,
  PNG,
  letterCode,
  postPlainForm,
} from '../fixtures/registration-helpers';

/**
 * GET /registration, the form in its first HTML (docs/decisions/0042-registration-form-in-its-html.md), and its
 * posts: multipart to POST /svsregistration with the mark `via=registration`, through the JSON path's rules, and
 * Find my letter's to POST /svsregistration/find-letter.
 */
const { api, tokens } = useTestApi('super_admin', 'admin', 'seller');
let crops: { wheat: number; chickpea: number; mustard: number };

/** A crop with a Hindi name, made before the first page is drawn (the page keeps the crop list a while). */
let pigeonPea: { cropID: number; cropName: string };

beforeAll(async () => {
  crops = await seedFormCrops();
  const cropName = `Pigeon pea ${randomUUID().slice(0, 6)}`;
  const made = await api.call('POST', '/api/crops', {
    token: tokens.admin,
    body: { cropName, cropNameHi: 'अरहर', description: 'Pigeon pea seed' },
  });
  expect(made.status, made.text).toBe(201);
  pigeonPea = { cropID: made.json.cropID, cropName };
});

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

const open = (path = '/registration', headers: Record<string, string> = {}) =>
  fetch(new URL(path, api.url), { headers: { accept: BROWSER_ACCEPT, ...headers } }).then(async (r) => ({
    status: r.status,
    headers: r.headers,
    text: await r.text(),
  }));

const dataOf = (page: string) =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${FORM_PAGE_DATA_ID}">(.*?)</script>`).exec(page)![1],
  ) as FormPageData;
const valueOf = (page: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1];
const errorOf = (page: string, name: string) => new RegExp(`id="form-${name}-error">(.*?)</p>`).exec(page)?.[1];

/** The fields as the page's form posts them. */
function formFields(over: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    via: 'registration',
    idempotencyKey: randomUUID(),
    lang: 'hi',
    Name: 'सुखदेव सिंह',
    fatherName: 'हरदेव सिंह',
    adharNumber: newAadhaar(),
    mobile: newMobile(),
    category: 'GEN',
    gender: 'पुरुष',
    village: 'बिठूर',
    block: 'कल्याणपुर',
    subDistrict: 'कानपुर सदर',
    district: 'Kanpur Nagar',
    cropId: String(crops.wheat),
    bagsRequested: '1',
    consent: 'on',
    ...over,
  };
}

const post = (body: FormData, headers: Record<string, string> = {}) => postPlainForm(api, body, headers);

async function registrationsOf(aadhaar: string) {
  const r = await api.call('GET', '/api/registrations', { token: tokens.admin, query: { aadhaar } });
  expect(r.status, r.text).toBe(200);
  return r.json;
}

describe('GET /registration', () => {
  it('is the form with the crops, never cached, with the pages’ headers and the uploads bucket in its policy', async () => {
    const r = await open();
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    const csp = r.headers.get('content-security-policy') ?? '';
    const uploads = new URL(inject('s3Endpoint')).origin;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain(`connect-src 'self' ${uploads}`);
    expect(csp).toContain(`img-src 'self' data: blob: ${uploads}`);
    expect(csp).toContain("form-action 'self'");
    expect(r.text).toContain(
      '<form id="registration-form" method="post" action="/svsregistration" enctype="multipart/form-data"',
    );
    for (const id of Object.values(crops)) expect(r.text).toContain(`<option value="${id}">`);
    expect(r.text).toContain('<input type="hidden" name="via" value="registration">');
    expect(r.text).toContain('action="/svsregistration/find-letter"');
    expect(r.text).toContain('<div id="root" data-app-now>');
  });

  it('names a crop in the page’s language: its Hindi name on a Hindi page, its English one on an English page', async () => {
    const option = (page: string) => new RegExp(`<option value="${pigeonPea.cropID}"[^>]*>([^<]*)</option>`).exec(page)?.[1];
    expect(option((await open('/registration')).text)).toBe('अरहर');
    expect(option((await open('/registration?lang=en')).text)).toBe(pigeonPea.cropName);
  });

  it('carries the app’s data: the crops as the dropdown gives them, the switch, the notice, a key of its own each time', async () => {
    const [a, b, dropdown] = await Promise.all([open(), open(), api.call('GET', '/api/crops/dropdown')]);
    const [da, db] = [dataOf(a.text), dataOf(b.text)];
    expect(da.open).toBe(true);
    expect(da.crops).toEqual(dropdown.json);
    expect(da.notice?.slug).toBe('privacy-notice');
    expect(da.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(valueOf(a.text, 'idempotencyKey')).toBe(da.idempotencyKey);
    expect(db.idempotencyKey).not.toBe(da.idempotencyKey);
  });

  it('speaks one language: the link’s, else the cookie’s, else Hindi; anything else is Hindi, never an error', async () => {
    const hindi = await open();
    expect(hindi.text).toContain('<html lang="hi">');
    expect(hindi.text).toContain('<label for="form-Name">किसान का नाम *</label>');
    expect(hindi.text).not.toContain('Farmer name');
    const cookie = await open('/registration', { cookie: 'other=1; lang=en' });
    expect(cookie.text).toContain('<html lang="en">');
    expect(cookie.text).toContain('<label for="form-Name">Farmer name *</label>');
    expect(cookie.text).not.toContain('किसान का नाम');
    expect((await open('/registration?lang=en')).text).toContain('<html lang="en">');
    expect((await open('/registration?lang=hi', { cookie: 'lang=en' })).text).toContain('<html lang="hi">');
    for (const q of ['?lang=xx', '?lang=%3Cscript%3E', '?x=1']) {
      const r = await open(`/registration${q}`, { cookie: 'lang=<b>' });
      expect(r.status, q).toBe(200);
      expect(r.text, q).toContain('<html lang="hi">');
    }
  });

  it('answers a burst of 30 opens, each with its own key', async () => {
    const pages = await Promise.all(
      Array.from({ length: 30 }, (_, i) => open(i % 2 ? '/registration?lang=en' : '/registration')),
    );
    for (const p of pages) expect(p.status).toBe(200);
    expect(new Set(pages.map((p) => dataOf(p.text).idempotencyKey)).size).toBe(30);
  });

  it('is reached with a trailing slash too: the slashed addresses of the plain pages go to theirs, the query kept', async () => {
    const asked = async (path: string, method = 'GET') => {
      const r = await fetch(new URL(path, api.url), { method, redirect: 'manual' });
      await r.arrayBuffer();
      return { status: r.status, location: r.headers.get('location') };
    };
    await expect(asked('/registration/')).resolves.toEqual({ status: 301, location: '/registration' });
    await expect(asked('/registration//?lang=en&x=%20y')).resolves.toEqual({
      status: 301,
      location: '/registration?lang=en&x=%20y',
    });
    await expect(asked('/draw/', 'HEAD')).resolves.toEqual({ status: 301, location: '/draw' });
    await expect(asked('/svsregistration/find-my-letter/')).resolves.toEqual({
      status: 301,
      location: '/svsregistration/find-my-letter',
    });
    // Only the reading of a page: a post keeps its address, and so does an address that is no plain page.
    expect((await asked('/registration/', 'POST')).status).not.toBe(301);
    expect((await asked('/svsregistration/')).status).not.toBe(301);
    const followed = await open('/registration/?lang=en');
    expect(followed.status).toBe(200);
    expect(followed.text).toContain('<html lang="en">');
  });

  it('while registrations are closed, says so and keeps Find my letter', async () => {
    await api.call('POST', '/api/config', { token: tokens.super_admin, body: { key: 'Is_SVS_Form_On', value: 'false' } });
    try {
      const r = await open();
      expect(r.status).toBe(200);
      expect(r.text).toContain('पंजीकरण बंद है');
      expect(r.text).not.toContain('id="registration-form"');
      expect(r.text).toContain('id="find-mobile"');
      // Find my letter asks for the mobile, then a code sent to it: no Aadhaar number (decision 0043).
      expect(r.text).not.toContain('id="find-adharNumber"');
      expect(dataOf(r.text).open).toBe(false);
    } finally {
      await api.call('POST', '/api/config', { token: tokens.super_admin, body: { key: 'Is_SVS_Form_On', value: 'true' } });
    }
  });
});

describe('a post of the form (no JavaScript)', () => {
  it('registers with its scan and answers 303 to the letter; the scan is stored and checked as the app’s', async () => {
    const f = formFields();
    const r = await post(formData(f, { data: SAMPLE_PDF, name: 'aadhaar.pdf', type: 'application/pdf' }));
    expect(r.status, r.text.slice(0, 300)).toBe(303);
    const code = letterCode(r.headers.get('location'));
    expect(code).toBeDefined();
    const list = await registrationsOf(f.adharNumber!);
    expect(list.total).toBe(1);
    const reg = list.items[0];
    expect(reg.isAdmin).toBe(false);
    const view = await api.call('GET', `/api/registrations/${reg.id}`, { token: tokens.admin, query: { year: reg.year } });
    expect(view.status, view.text).toBe(200);
    expect(view.json.adharFilePath).toMatch(/^aadhaar\/\d{4}\/.+\.pdf$/);
    const link = await api.call('GET', `/api/registrations/${reg.id}/aadhaar-file`, {
      token: tokens.admin,
      query: { year: reg.year },
    });
    expect(link.status, link.text).toBe(200);
    const stored = await fetch(link.json.url);
    expect(Buffer.from(await stored.arrayBuffer()).equals(SAMPLE_PDF)).toBe(true);
  });

  it('gives one registration for a double tap or a resend (12 identical posts at once)', async () => {
    const f = formFields();
    const replies = await Promise.all(Array.from({ length: 12 }, () => post(formData(f, PNG))));
    for (const r of replies) expect(r.status, r.text.slice(0, 300)).toBe(303);
    expect(new Set(replies.map((r) => r.headers.get('location'))).size).toBe(1);
    expect((await registrationsOf(f.adharNumber!)).total).toBe(1);
  });

  it('refused, shows this form again in its language, without the app, with what was typed and each message beside its field', async () => {
    const f = formFields({ Name: '', mobile: '12345', consent: undefined, village: 'बिठूर <i>' });
    const r = await post(formData(f, null));
    expect(r.status).toBe(400);
    expect(r.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(r.text).not.toMatch(/<script|data-app-now/);
    expect(r.text).toContain('<html lang="hi">');
    expect(errorOf(r.text, 'Name')).toBe('आवश्यक');
    expect(errorOf(r.text, 'mobile')).toBe('10 अंकों का नंबर दर्ज करें');
    expect(errorOf(r.text, 'file')).toBe('फ़ाइल आवश्यक है (≤ 500KB)');
    expect(errorOf(r.text, 'consent')).toBe('कृपया सूचना पढ़कर सहमति के बॉक्स पर निशान लगाएँ');
    expect(r.text).toContain('<a href="#form-Name">आवश्यक</a>');
    expect(valueOf(r.text, 'village')).toBe('बिठूर &lt;i&gt;');
    expect(valueOf(r.text, 'via')).toBe('registration');
    expect(valueOf(r.text, 'idempotencyKey')).toBe(f.idempotencyKey);
    expect(r.text).toContain(`<option value="${crops.wheat}" selected>`);
    expect(r.text).not.toContain('Required');

    const english = await post(formData(formFields({ lang: 'en', mobile: '12' }), PNG));
    expect(english.status).toBe(400);
    expect(english.text).toContain('<html lang="en">');
    expect(errorOf(english.text, 'mobile')).toBe('Enter the 10-digit number');
    // And fixed, the same key registers once.
    const fixed = await post(formData({ ...f, Name: 'सुखदेव सिंह', mobile: newMobile(), consent: 'on' }, PNG));
    expect(fixed.status, fixed.text.slice(0, 300)).toBe(303);
  });

  it('refuses a scan too large, of another kind, or with hidden content beside the file, never with a 5xx', async () => {
    const big = Buffer.concat([SAMPLE_PNG, Buffer.alloc(MAX_FILE_BYTES + 1 - SAMPLE_PNG.length, 1)]);
    const tooLarge = await post(formData(formFields(), { data: big, name: 'a.png', type: 'image/png' }));
    expect(tooLarge.status).toBe(400);
    expect(errorOf(tooLarge.text, 'file')).toBe('फ़ाइल 500KB से बड़ी है');
    const text = await post(formData(formFields(), { data: Buffer.from('plain text'), name: 'a.png', type: 'image/png' }));
    expect(errorOf(text.text, 'file')).toBe('फ़ाइल GIF, JPEG, PNG या PDF होनी चाहिए');
    const script = Buffer.from('%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF');
    const hostile = await post(formData(formFields(), { data: script, name: 'a.pdf', type: 'application/pdf' }));
    expect(hostile.status).toBe(400);
    expect(errorOf(hostile.text, 'file')).toContain('फ़ाइल में स्क्रिप्ट या छिपी हुई सामग्री है');
  });

  it('says "already registered" beside the Aadhaar number (409), then the guesses’ limit (429), as this page', async () => {
    const first = formFields();
    expect((await post(formData(first, PNG))).status).toBe(303);
    for (let i = 0; i < FIND_LETTER_LIMITS.perAadhaar; i++) {
      const other = await post(formData({ ...first, idempotencyKey: randomUUID(), Name: `दूसरा ${i}` }, PNG));
      expect(other.status).toBe(409);
      expect(errorOf(other.text, 'adharNumber')).toContain('इस आधार नंबर से इस फसल का पंजीकरण पहले ही हो चुका है');
      expect(errorOf(other.text, 'adharNumber')).not.toContain('already registered');
      expect(other.text).toContain('id="registration-form"');
    }
    const limited = await post(formData({ ...first, idempotencyKey: randomUUID() }, PNG));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.text).toContain('id="registration-form"');
    expect((await registrationsOf(first.adharNumber!)).total).toBe(1);
  });

  it('never registers as staff, whoever is signed in on the phone', async () => {
    const f = formFields({ isAdmin: 'true' });
    const r = await post(formData(f, PNG), { authorization: `Bearer ${tokens.seller}` });
    expect(r.status, r.text.slice(0, 300)).toBe(303);
    expect((await registrationsOf(f.adharNumber!)).items[0].isAdmin).toBe(false);
  });
});

describe('Find my letter on the page (no JavaScript)', () => {
  it('opens the letter, or shows why not in the page’s language', async () => {
    const f = formFields();
    const made = await post(formData(f, PNG));
    const code = letterCode(made.headers.get('location'));
    const find = (body: string) =>
      fetch(new URL('/svsregistration/find-letter', api.url), {
        method: 'POST',
        body,
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: BROWSER_ACCEPT },
      });
    // The page's form posts the mobile: the answer asks for the code sent to it.
    const asked = await find(new URLSearchParams({ lang: 'hi', mobile: f.mobile! }).toString());
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('name="otp"');
    const otp = await knownCode(api, f.mobile!);
    const found = await find(new URLSearchParams({ lang: 'hi', mobile: f.mobile!, otp }).toString());
    expect(found.status).toBe(303);
    expect(found.headers.get('location')).toBe(`/svs/appointment/${code}`);
    const nobody = newMobile();
    const none = await find(new URLSearchParams({ lang: 'hi', mobile: nobody, otp: await knownCode(api, nobody) }).toString());
    expect(none.status).toBe(404);
    expect(await none.text()).toContain('<form method="post" action="/svsregistration/find-letter"');
  });
});

describe('the Aadhaar number', () => {
  let lines: string[] = [];
  beforeAll(() => {
    lines = captureLogLines();
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  it('is in no address and no log line, registered or refused', async () => {
    const aadhaar = newAadhaar();
    const ok = await post(formData(formFields({ adharNumber: aadhaar }), PNG));
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).not.toContain(aadhaar);
    const refused = await post(formData(formFields({ adharNumber: aadhaar, mobile: '1' }), PNG));
    expect(refused.status).toBe(400);
    const page = await open();
    expect(page.text).not.toContain(aadhaar);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toContain(aadhaar);
  });
});
