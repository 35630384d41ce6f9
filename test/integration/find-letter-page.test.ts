import { beforeAll, describe, expect, it } from 'vitest';
import { APP_TEXTS, PAGE_TEXTS } from '@functions/registrations/basic-form-texts';
import { CODE_RULES } from '@functions/registrations/farmer-code-store';
import { useTestApi } from '../support/integration';
import { newAadhaar, newMobile, postJson, seedFormCrops } from '../fixtures/registration-helpers';
import { newRegistration } from '../support/steps';
import { knownCode } from '../support/farmer-codes';

/**
 * "Find my letter" for phones without JavaScript (docs/decisions/0031): GET /svsregistration/find-my-letter shows a
 * plain form that posts to the app's own POST /svsregistration/find-letter, which answers it with 303 to the
 * letter, the letters to choose from, or the form again with why nothing was found; same limits as the app's. The
 * mobile first, then the code sent to it (docs/decisions/0043-farmer-one-time-codes.md).
 */
const { api } = useTestApi();

beforeAll(async () => {
  await seedFormCrops();
});

const PAGE = '/svsregistration/find-my-letter';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** A browser's post of the page's form; the redirect is not followed, so the 303 itself is seen. */
async function post(fields: Record<string, string>, body?: string) {
  const res = await fetch(new URL('/svsregistration/find-letter', api.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: BROWSER_ACCEPT },
    body: body ?? new URLSearchParams(fields).toString(),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** A farmer registered for one crop (or two): the mobile and letter codes. */
async function registered(crops: string[] = ['Wheat']) {
  const adharNumber = newAadhaar();
  const mobile = newMobile();
  const codes: string[] = [];
  for (const cropName of crops) {
    const data = await newRegistration(api, { adharNumber, mobile, cropName });
    codes.push(data.uniqeCode);
  }
  return { adharNumber, mobile, codes };
}

const valueOf = (page: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1];

describe('the find-my-letter page without JavaScript', () => {
  it('is a plain page without script, in Hindi first or with ?lang=en English first, posting the mobile to the app’s route', async () => {
    for (const [query, first] of [
      ['', APP_TEXTS['registration.findTitle'].hi],
      ['?lang=en', APP_TEXTS['registration.findTitle'].en],
    ]) {
      const res = await fetch(new URL(PAGE + query, api.url));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'none'");
      const page = await res.text();
      expect(page).not.toContain('<script');
      expect(page).toMatch(/<form method="post" action="\/svsregistration\/find-letter"/);
      expect(page).not.toContain('name="adharNumber"');
      expect(page).toContain('name="mobile"');
      expect(page).not.toContain('name="otp"');
      expect(page).toContain(`<h1>${first} / <span lang=`);
      expect(valueOf(page, 'lang')).toBe(query ? 'en' : 'hi');
    }
  });

  it('asks for the code once the mobile is posted, then sends a farmer with one registration straight to the letter', async () => {
    const f = await registered();
    const asked = await post({ mobile: f.mobile, lang: 'hi' });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('name="otp"');
    expect(asked.text).toContain(APP_TEXTS['registration.codeSent'].hi);
    expect(valueOf(asked.text, 'mobile')).toBe(f.mobile);
    const otp = await knownCode(api, f.mobile);
    const r = await post({ mobile: f.mobile, otp, lang: 'hi' });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe(`/svs/appointment/${f.codes[0]}`);
    const letter = await fetch(new URL(r.headers.get('location')!, api.url));
    expect(letter.status).toBe(200);
  });

  it('lists the letters of a farmer with two registrations, newest first, without the Aadhaar number', async () => {
    const f = await registered(['Wheat', 'Chickpea']);
    const otp = await knownCode(api, f.mobile);
    const r = await post({ mobile: `+91 ${f.mobile}`, otp, lang: 'en' });
    expect(r.status).toBe(200);
    expect(r.text).toContain(PAGE_TEXTS.chooseLetter.en);
    const links = [...r.text.matchAll(/<li><a href="\/svs\/appointment\/([^"]+)">/g)].map((m) => m[1]);
    expect(links).toEqual([f.codes[1], f.codes[0]]);
    expect(r.text).not.toContain(f.adharNumber);
  });

  it('shows the form again with the mobile typed and why: a wrong code 401, a mobile nobody registered 404, malformed 400', async () => {
    const f = await registered();
    await knownCode(api, f.mobile);
    const wrong = await post({ mobile: f.mobile, otp: '000001', lang: 'en' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('content-type')).toMatch(/^text\/html/);
    expect(wrong.text).toContain('The code is wrong, expired or already used.');
    expect(wrong.text).toContain(`<h2>${PAGE_TEXTS.findFailedTitle.en} / `);
    expect(valueOf(wrong.text, 'mobile')).toBe(f.mobile);
    // The code is never written back into the page.
    expect(wrong.text).not.toContain('000001');
    expect(wrong.text).toContain('name="otp"');

    const nobody = newMobile();
    const none = await post({ mobile: nobody, otp: await knownCode(api, nobody), lang: 'en' });
    expect(none.status).toBe(404);
    expect(none.text).toContain('No registration was made with this mobile number.');

    const bad = await post({ mobile: '<b>"9', otp: '12', lang: 'hi' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('10 अंकों का नंबर दर्ज करें / <span lang="en">Enter the 10-digit number</span>');
    expect(bad.text).toContain('SMS में आया 6 अंकों का कोड लिखें');
    expect(bad.text.match(/aria-invalid="true"/g)).toHaveLength(2);
    expect(valueOf(bad.text, 'mobile')).toBe('&lt;b&gt;&quot;9');
    expect(bad.text).not.toContain('<b>"9');
  });

  it('answers a body too large, an empty one, repeated fields and broken encoding with a page, never a 5xx', async () => {
    const big = await post({}, `mobile=${'1'.repeat(5000)}`);
    expect(big.status).toBe(413);
    expect(big.text).toContain(PAGE_TEXTS.tooLarge.en);
    const empty = await post({}, '');
    expect(empty.status).toBe(400);
    const f = await registered();
    const otp = await knownCode(api, f.mobile);
    const repeated = await post({}, `mobile=${f.mobile}&mobile=2&otp=${otp}&otp=1`);
    expect(repeated.status).toBe(303);
    const broken = await post({}, 'mobile=%E0%A4&otp=%zz&lang=%');
    expect(broken.status).toBe(400);
    expect(broken.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('counts its tries with the app’s: 20 wrong codes at once for one mobile get at most 3 compared, then 429 with Retry-After', async () => {
    const f = await registered();
    const otp = await knownCode(api, f.mobile);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post({ mobile: f.mobile, otp: String(100_000 + i), lang: 'en' })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(CODE_RULES.triesPerCode);
    expect(statuses.filter((s) => s === 401 || s === 429)).toHaveLength(20);
    const limited = answers.find((a) => a.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.text).toContain('Please ask for a new code in');
    // The app's JSON route shares the count: the right code is refused too until the wait ends.
    const viaApp = await postJson(api, '/svsregistration/find-letter', { mobile: f.mobile, otp });
    expect(viaApp.status).toBe(429);
  });

  it('leaves the app’s JSON route as it was: JSON in and out, any other body type 415', async () => {
    const f = await registered();
    const found = await postJson(api, '/svsregistration/find-letter', { mobile: f.mobile, otp: await knownCode(api, f.mobile) });
    expect(found.status).toBe(200);
    expect(found.json.data.code).toBe(f.codes[0]);
    const res = await fetch(new URL('/svsregistration/find-letter', api.url), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: `mobile=${f.mobile}`,
    });
    expect(res.status).toBe(415);
  });

  it('is linked from the plain registration form', async () => {
    for (const [query, href] of [
      ['', PAGE],
      ['?lang=en', `${PAGE}?lang=en`],
    ]) {
      const page = await (await fetch(new URL(`/svsregistration/basic${query}`, api.url))).text();
      expect(page).toContain(`<a href="${href}">`);
    }
  });
});
