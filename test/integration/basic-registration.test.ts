import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORM_FIELDS } from '@shared/registration-form-fields';
import { FIND_LETTER_LIMITS } from '@functions/registrations/find-letter';
import { getRegistration } from '@functions/registrations/registration-entity';
import { MAX_FILE_BYTES } from '@shared/schemas/registration';
import { useTestApi } from '../support/integration';
import {
  SAMPLE_PDF,
  SAMPLE_PNG,
  seedFormCrops,
  formData,
  PNG,
  letterCode,
  plainFormFields,
  postPlainForm,
} from '../fixtures/registration-helpers';

/**
 * The registration form for phones without JavaScript (docs/decisions/0031): GET /svsregistration/basic renders
 * it, and POST /svsregistration answers its posts with 303 to the letter or the form again.
 */
const { api, tokens } = useTestApi('super_admin', 'admin', 'seller');
let crops: { wheat: number; chickpea: number; mustard: number };

beforeAll(async () => {
  crops = await seedFormCrops();
});

const formFields = (over: Record<string, string | undefined> = {}) => plainFormFields(crops.wheat, over);
const post = (body: FormData | Uint8Array, headers: Record<string, string> = {}) => postPlainForm(api, body, headers);

async function registrationsOf(aadhaar: string) {
  const r = await api.call('GET', '/api/registrations', { token: tokens.admin, query: { aadhaar } });
  expect(r.status, r.text).toBe(200);
  return r.json;
}

/** The value attribute of an input, as the page gives it back. */
const valueOf = (page: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1];
/** A field's message as read (the other language's span opened up). */
const errorOf = (page: string, name: string) =>
  new RegExp(`id="reg-${name}-error">(.*?)</p>`).exec(page)?.[1].replace(/<[^>]+>/g, '');

/** The QR pages' headers (functions/lib/pages/document.ts), with a policy that allows no script at all. */
function expectPageHeaders(headers: Headers) {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("script-src 'none'");
  expect(csp).toContain("form-action 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('cache-control')).toBe('private, no-store');
}

describe('the page', () => {
  it('renders the form with the active crops, every field and both languages, never cached', async () => {
    const r = await fetch(new URL('/svsregistration/basic', api.url));
    const page = await r.text();
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    expect(page).toContain('<form method="post" action="/svsregistration" enctype="multipart/form-data"');
    expect(page).not.toMatch(/<script/i);
    for (const name of [
      'Name',
      'fatherName',
      'adharNumber',
      'mobile',
      'category',
      'gender',
      'village',
      'block',
      'subDistrict',
      'district',
      'cropId',
      'bagsRequested',
      'FileAdhar',
      'consent',
    ])
      expect(page, name).toContain(`name="${name}"`);
    expect(page).toContain('<input type="hidden" name="via" value="basic">');
    expect(valueOf(page, 'idempotencyKey')).toMatch(/^[0-9a-f-]{36}$/);
    for (const id of Object.values(crops)) expect(page).toContain(`<option value="${id}">`);
    expect(page).toContain('किसान का नाम / <span lang="en">Farmer name *</span>');
    expect(page).toContain('जमा करें / <span lang="en">Submit</span>');
    expect(page).toContain('Lucknow');
    expect(page).toContain('id="notice-title"');
    // Each render its own key: two farmers on one phone's back button do not share one.
    const again = await (await fetch(new URL('/svsregistration/basic', api.url))).text();
    expect(valueOf(again, 'idempotencyKey')).not.toBe(valueOf(page, 'idempotencyKey'));
  });

  it('shows the closed notice while registrations are off, and refuses a post with it', async () => {
    await api.call('POST', '/api/config', { token: tokens.super_admin, body: { key: 'Is_SVS_Form_On', value: 'false' } });
    try {
      const page = await (await fetch(new URL('/svsregistration/basic', api.url))).text();
      expect(page).toContain('Registrations are closed');
      expect(page).not.toContain('<form');
      const r = await post(formData(formFields(), PNG));
      expect(r.status).toBe(403);
      expect(r.text).toContain('Registrations are closed');
    } finally {
      await api.call('POST', '/api/config', { token: tokens.super_admin, body: { key: 'Is_SVS_Form_On', value: 'true' } });
    }
  });

  it('sends the pages’ headers for a page without script: no script allowed, no framing, no referrer', async () => {
    const r = await fetch(new URL('/svsregistration/basic', api.url));
    expectPageHeaders(r.headers);
  });

  it('shows the fields in the order of its one field list', async () => {
    const page = await (await fetch(new URL('/svsregistration/basic', api.url))).text();
    const form = /<form[^>]*>([\s\S]*)<\/form>/.exec(page)![1];
    const shown = [...form.matchAll(/<(?:input|select)[^>]*\bname="([^"]+)"/g)]
      .filter((m) => !/type="hidden"/.test(m[0]))
      .map((m) => m[1]);
    expect(shown).toEqual([...FORM_FIELDS]);
  });

  it('is in Hindi first by default and in English first with ?lang=en, linking the other language', async () => {
    const hindi = await (await fetch(new URL('/svsregistration/basic', api.url))).text();
    expect(hindi).toContain('<html lang="hi">');
    expect(hindi).toContain('<input type="hidden" name="lang" value="hi">');
    expect(hindi).toContain('href="/svsregistration/basic?lang=en"');
    expect(hindi).toContain(`<title>बीज पंजीकरण / Seeds Registration</title>`);

    const english = await (await fetch(new URL('/svsregistration/basic?lang=en', api.url))).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<input type="hidden" name="lang" value="en">');
    expect(english).toContain('href="/svsregistration/basic?lang=hi"');
    expect(english).toContain(`<title>Seeds Registration / बीज पंजीकरण</title>`);
    expect(english).toContain('<h1>Seeds Registration / <span lang="hi">बीज पंजीकरण</span></h1>');
    expect(english).toContain('Farmer name / <span lang="hi">किसान का नाम *</span>');
    expect(english).toContain('Submit / <span lang="hi">जमा करें</span>');
    expect(english).toContain('<option value="Lucknow">Lucknow (लखनऊ)</option>');
    // The same fields whatever the language.
    const names = (page: string) => [...page.matchAll(/\bname="([^"]+)"/g)].map((m) => m[1]);
    expect(names(english)).toEqual(names(hindi));

    // Anything but en is the default, as on the QR pages; never an error.
    for (const lang of ['hi', 'xx', '<script>', '']) {
      const r = await fetch(new URL(`/svsregistration/basic?lang=${encodeURIComponent(lang)}`, api.url));
      expect(r.status, lang).toBe(200);
      expect(await r.text(), lang).toContain('<html lang="hi">');
    }
  });

  it('answers a burst of 30 opens in both languages, each with its own key', async () => {
    const pages = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetch(new URL(`/svsregistration/basic${i % 2 ? '?lang=en' : ''}`, api.url)).then(async (r) => ({
          status: r.status,
          text: await r.text(),
        })),
      ),
    );
    for (const p of pages) expect(p.status).toBe(200);
    expect(new Set(pages.map((p) => valueOf(p.text, 'idempotencyKey'))).size).toBe(30);
  });
});

describe('a post of the form', () => {
  it('registers with a PNG and answers 303 to the letter', async () => {
    const f = formFields();
    const r = await post(formData(f, PNG));
    expect(r.status, r.text).toBe(303);
    const code = letterCode(r.headers.get('location'));
    expect(code).toBeDefined();
    const letter = await api.call('GET', `/svsregistration/AppointmentList/${code}`);
    expect(letter.status, letter.text).toBe(200);
    expect(JSON.stringify(letter.json)).toContain('रामेश्वर प्रसाद');
    const list = await registrationsOf(f.adharNumber!);
    expect(list.total).toBe(1);
    expect(list.items[0].bagsRequested).toBe(2);
  });

  it('records the language the page was filled in, for the farmer’s messages', async () => {
    for (const lang of ['en', 'hi']) {
      const f = formFields({ lang });
      const r = await post(formData(f, PNG));
      expect(r.status, r.text).toBe(303);
      const [listed] = (await registrationsOf(f.adharNumber!)).items;
      expect((await getRegistration(listed.year, listed.id))?.language, lang).toBe(lang);
    }
  });

  it('registers with a PDF, for a crop sold by the kilogram', async () => {
    const f = formFields({ cropId: String(crops.chickpea), bagsRequested: '5' });
    const r = await post(formData(f, { data: SAMPLE_PDF, name: 'aadhaar.pdf', type: 'application/pdf' }));
    expect(r.status, r.text).toBe(303);
    expect(letterCode(r.headers.get('location'))).toBeDefined();
    expect((await registrationsOf(f.adharNumber!)).total).toBe(1);
  });

  it('gives one registration for 15 identical posts at once (a double tap, a resend)', async () => {
    const f = formFields();
    const replies = await Promise.all(Array.from({ length: 15 }, () => post(formData(f, PNG))));
    for (const r of replies) expect(r.status, r.text.slice(0, 300)).toBe(303);
    expect(new Set(replies.map((r) => r.headers.get('location'))).size).toBe(1);
    expect((await registrationsOf(f.adharNumber!)).total).toBe(1);
  });

  it('is the JSON answer as before for the app’s multipart posts (no mark, no page asked for)', async () => {
    const { via: _mark, ...f } = formFields();
    const r = await post(formData(f, PNG), { accept: 'application/json' });
    expect(r.status).toBe(201);
    expect(JSON.parse(r.text).data.uniqeCode).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });
});

describe('a refused post', () => {
  it('shows the form again with what was typed and each message beside its field, in both languages (400)', async () => {
    const f = formFields({ Name: '', adharNumber: '1234', mobile: '12', consent: undefined, village: 'सरैया <b>' });
    const r = await post(formData(f, null));
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(errorOf(r.text, 'Name')).toBe('आवश्यक / Required');
    expect(errorOf(r.text, 'adharNumber')).toBe('12 अंकों का नंबर दर्ज करें / Enter the 12-digit number');
    expect(errorOf(r.text, 'mobile')).toBe('10 अंकों का नंबर दर्ज करें / Enter the 10-digit number');
    expect(errorOf(r.text, 'file')).toContain('/ Aadhaar file required');
    expect(errorOf(r.text, 'consent')).toBe(
      'कृपया सूचना पढ़कर सहमति के बॉक्स पर निशान लगाएँ / Please read the notice and tick the consent box.',
    );
    expect(r.text).toContain('role="alert"');
    // What was typed comes back, escaped; the key stays, so a resend after the fix is still one registration.
    expect(valueOf(r.text, 'fatherName')).toBe('शिव प्रसाद');
    expect(valueOf(r.text, 'village')).toBe('सरैया &lt;b&gt;');
    expect(valueOf(r.text, 'idempotencyKey')).toBe(f.idempotencyKey);
    expect(r.text).toContain(`<option value="${crops.wheat}" selected>`);
    expect(r.text).toContain('<option value="2" selected>');
    expect(r.text).not.toContain('name="consent" value="on" checked');
  });

  it('refuses a quantity outside the crop’s range beside the quantity', async () => {
    const r = await post(formData(formFields({ bagsRequested: '6' }), PNG));
    expect(r.status).toBe(400);
    expect(errorOf(r.text, 'bagsRequested')).toBe('इस फसल के लिए 1 से 3 बैग चुनें / For this crop choose 1 to 3 bags');
    const none = await post(formData(formFields({ bagsRequested: '' }), PNG));
    expect(errorOf(none.text, 'bagsRequested')).toBe('आवश्यक / Required');
  });

  it('refuses a file too large or of a wrong kind beside the file, keeping the values', async () => {
    const big = Buffer.concat([SAMPLE_PNG, Buffer.alloc(MAX_FILE_BYTES + 1 - SAMPLE_PNG.length, 1)]);
    const tooLarge = await post(formData(formFields({ Name: 'बड़ी फ़ाइल' }), { data: big, name: 'a.png', type: 'image/png' }));
    expect(tooLarge.status).toBe(400);
    expect(errorOf(tooLarge.text, 'file')).toBe('फ़ाइल 500KB से बड़ी है / The file is larger than 500 KB.');
    expect(valueOf(tooLarge.text, 'Name')).toBe('बड़ी फ़ाइल');
    const text = await post(formData(formFields(), { data: Buffer.from('just some text'), name: 'a.png', type: 'image/png' }));
    expect(text.status).toBe(400);
    expect(errorOf(text.text, 'file')).toBe('फ़ाइल GIF, JPEG, PNG या PDF होनी चाहिए / The file must be a GIF, JPEG, PNG or PDF.');
  });

  it('answers a malformed or cut-off body from a browser with the empty form (400), never a 5xx', async () => {
    const garbage = await post(Buffer.from('this is not a form'), { 'content-type': 'multipart/form-data; boundary=xyz' });
    expect(garbage.status).toBe(400);
    expect(garbage.text).toContain('<form method="post"');
    expect(garbage.text).toContain('The form could not be read');
    const whole = Buffer.from(await new Response(formData(formFields(), PNG)).arrayBuffer());
    const boundary = /^--(\S+)\r\n/.exec(whole.toString('latin1'))![1];
    const cut = await post(whole.subarray(0, whole.length - 400), {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(cut.status).toBe(400);
    expect(cut.text).toContain('<form method="post"');
    const noBoundary = await post(Buffer.from('x'), { 'content-type': 'multipart/form-data' });
    expect(noBoundary.status).toBe(400);
    // An API client that asks for JSON still gets JSON.
    const asJson = await post(Buffer.from('x'), { 'content-type': 'multipart/form-data', accept: 'application/json' });
    expect(asJson.status).toBe(400);
    expect(JSON.parse(asJson.text).success).toBe(false);
  });

  it('says "already registered" beside the Aadhaar number (409), then the limit on guesses as a page (429)', async () => {
    const first = formFields();
    expect((await post(formData(first, PNG))).status).toBe(303);
    for (let i = 0; i < FIND_LETTER_LIMITS.perAadhaar; i++) {
      const other = await post(formData({ ...first, idempotencyKey: randomUUID(), Name: `दूसरा नाम ${i}` }, PNG));
      expect(other.status).toBe(409);
      expect(errorOf(other.text, 'adharNumber')).toContain('This Aadhaar number is already registered for this crop');
      expect(valueOf(other.text, 'Name')).toBe(`दूसरा नाम ${i}`);
    }
    const limited = await post(formData({ ...first, idempotencyKey: randomUUID(), Name: 'फिर से' }, PNG));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('content-type')).toMatch(/^text\/html/);
    expect(limited.text).toContain('Too many attempts');
    expect(valueOf(limited.text, 'Name')).toBe('फिर से');
    expect((await registrationsOf(first.adharNumber!)).total).toBe(1);
  });

  it('is the same for a staff member’s token: the page form never registers as staff', async () => {
    const f = formFields({ isAdmin: 'true' });
    const r = await post(formData(f, PNG), { authorization: `Bearer ${tokens.seller}` });
    expect(r.status, r.text.slice(0, 300)).toBe(303);
    expect((await registrationsOf(f.adharNumber!)).items[0].isAdmin).toBe(false);
    // A token that is no token is an anonymous farmer, as on the app's public routes.
    const bad = await post(formData(formFields(), PNG), { authorization: 'Bearer not-a-token' });
    expect(bad.status).toBe(303);
  });

  it('gives back markup typed into any field as text, never as markup, with the page’s headers', async () => {
    const attack = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    const f = formFields({
      Name: attack,
      fatherName: attack,
      village: attack,
      block: attack,
      subDistrict: attack,
      cropId: `${crops.wheat}"><script>alert(3)</script>`,
      bagsRequested: '"><b>',
      idempotencyKey: `"><script>alert(4)</script>`,
      lang: '"><script>alert(5)</script>',
    });
    const r = await post(formData(f, null));
    expect(r.status).toBe(400);
    expectPageHeaders(r.headers);
    expect(r.text).not.toMatch(/<script|<img|<b>/i);
    expect(valueOf(r.text, 'Name')).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(valueOf(r.text, 'village')).toBe(valueOf(r.text, 'Name'));
    // A key that is no key is replaced, a language that is none is the default.
    expect(valueOf(r.text, 'idempotencyKey')).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.text).toContain('<html lang="hi">');
  });

  it('keeps the language of the form that was sent', async () => {
    const r = await post(formData(formFields({ lang: 'en', mobile: '12' }), PNG));
    expect(r.status).toBe(400);
    expect(r.text).toContain('<html lang="en">');
    expect(r.text).toContain('<input type="hidden" name="lang" value="en">');
    expect(r.text).toContain('<h2>The form was not sent / <span lang="hi">फ़ॉर्म जमा नहीं हुआ</span></h2>');
    // The server's messages say both languages: English first here, the Hindi in its own span.
    expect(r.text).toContain(
      '<p class="err" id="reg-mobile-error">Enter the 10-digit number / <span lang="hi">10 अंकों का नंबर दर्ज करें</span></p>',
    );
    // And a form sent in English still registers as any other.
    const ok = await post(formData(formFields({ lang: 'en' }), PNG));
    expect(ok.status, ok.text.slice(0, 300)).toBe(303);
  });
});
