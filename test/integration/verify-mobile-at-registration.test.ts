import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE_NOT_VERIFIED, MSG_MOBILE_NOT_VERIFIED } from '@shared/mobile-proof';
import {
  formData,
  letterCode,
  plainFormFields,
  postPlainForm,
  newMobile,
  PNG,
  registerFarmer,
  registerMultipart,
  SAMPLE_PNG,
  seedFormCrops,
  uploadScan,
  validFields,
  postJson,
} from '../fixtures/registration-helpers';
import { knownCode } from '../support/farmer-codes';
import { useTestApi } from '../support/integration';
import { newRegistration, saveConfig } from '../support/steps';

/**
 * VerifyMobileAtRegistration (docs/product-rules.md#verifying-the-mobile-at-registration): off, a registration
 * needs no proof; on, the submit (JSON or multipart, the app's or the plain form's) needs the proof a code to
 * register gave for exactly its mobile, and that proof opens nothing else.
 */
const { api, tokens } = useTestApi('super_admin', 'admin');
let crops: { wheat: number; chickpea: number; mustard: number };

beforeAll(async () => {
  crops = await seedFormCrops();
});

const setting = (on: boolean) => saveConfig(api, tokens.super_admin, 'VerifyMobileAtRegistration', on ? 'true' : 'false');
afterEach(() => setting(false));

/** The proof for the mobile: a code to register asked as a farmer asks, then checked at POST /otp/verify. */
async function proofFor(mobile: string): Promise<string> {
  const otp = await knownCode(api, mobile, 'register');
  const r = await api.call('POST', '/svsregistration/otp/verify', { body: { mobile, otp } });
  expect(r.status, r.text).toBe(200);
  return r.json.token as string;
}

/** A farmer session of the mobile (a code to find). */
async function sessionFor(mobile: string, purpose: 'find' | 'manage'): Promise<string> {
  const otp = await knownCode(api, mobile, purpose);
  const r = await api.call('POST', '/svsregistration/otp/verify', { body: { mobile, otp } });
  expect(r.status, r.text).toBe(200);
  return r.json.token as string;
}

function expectNotVerified(r: { status: number; json: any; text: string }) {
  expect(r.status, r.text).toBe(400);
  expect(r.json.code).toBe(MOBILE_NOT_VERIFIED);
  expect(r.json.fields.mobile).toContain(MSG_MOBILE_NOT_VERIFIED.hi);
  expect(r.json.fields.mobile).toContain(MSG_MOBILE_NOT_VERIFIED.en);
}

describe('the app submit (JSON and multipart)', () => {
  it('off: registers without a proof', async () => {
    expect((await newRegistration(api)).uniqueCode).toBeTruthy();
  });

  it('on: refused without a proof, with another mobile’s, with a find or manage session; accepted with the proof', async () => {
    await setting(true);
    const mobile = newMobile();
    const fields = validFields({ mobile });
    expectNotVerified(await registerFarmer(api, fields));

    const other = await proofFor(newMobile());
    expectNotVerified(await registerFarmer(api, { ...fields, mobileProof: other }));

    // A session of the very mobile, from a code to find or manage, is no proof (in the body or as the bearer).
    const find = await sessionFor(mobile, 'find');
    expectNotVerified(await registerFarmer(api, { ...fields, mobileProof: find }));
    const manage = await sessionFor(mobile, 'manage');
    expectNotVerified(await registerFarmer(api, { ...fields, mobileProof: manage }, { token: manage }));
    expectNotVerified(await registerFarmer(api, { ...fields, mobileProof: 'x'.repeat(40) }));

    const proof = await proofFor(mobile);
    expect((await newRegistration(api, { ...fields, mobileProof: proof })).uniqueCode).toBeTruthy();

    // Multipart (the older system's post) carries it as a field too.
    const plain = { ...validFields({ mobile }), bagsRequested: '2' };
    const refused = await registerMultipart(api, plain, PNG!);
    expectNotVerified(refused);
    const taken = await registerMultipart(api, { ...plain, mobileProof: proof }, PNG!);
    expect(taken.status, taken.text).toBe(201);
  });

  it('the proof opens nothing: not My registrations, not a staff route; a register code is no session', async () => {
    const mobile = newMobile();
    const proof = await proofFor(mobile);
    const mine = await api.call('GET', '/svsregistration/mine', { token: proof });
    expect(mine.status, mine.text).toBe(401);
    const staff = await api.call('GET', '/api/registrations', { token: proof });
    expect(staff.status, staff.text).toBe(401);
    // Find my letter with a code to register: refused as a wrong code, and the code stays unused for its own use.
    const otp = await knownCode(api, mobile, 'register');
    const find = await api.call('POST', '/svsregistration/find-letter', { body: { mobile, otp } });
    expect(find.status, find.text).toBe(401);
    const verified = await api.call('POST', '/svsregistration/otp/verify', { body: { mobile, otp } });
    expect(verified.status, verified.text).toBe(200);
  });

  it('staff registering a farmer at the counter are not asked for a proof', async () => {
    await setting(true);
    const r = await registerFarmer(api, validFields({ isAdmin: true }), { token: tokens.admin });
    expect(r.status, r.text).toBe(201);
  });

  it('20 submits at once with one proof give one registration', async () => {
    await setting(true);
    const mobile = newMobile();
    const proof = await proofFor(mobile);
    const fields = validFields({ mobile, mobileProof: proof });
    const { key } = await uploadScan(api, SAMPLE_PNG, { contentType: 'image/png', fileName: 'a.png' });
    const idempotencyKey = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        postJson(api, '/svsregistration', { ...fields, fileKey: key }, { 'idempotency-key': idempotencyKey }),
      ),
    );
    for (const r of replies) expect([200, 201], r.text).toContain(r.status);
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(replies.map((r) => r.json.data.uniqueCode)).size).toBe(1);
    const listed = await api.call('GET', '/api/registrations', {
      token: tokens.admin,
      query: { aadhaar: String(fields.adharNumber) },
    });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.total).toBe(1);
  });
});

describe('the plain form (no JavaScript)', () => {
  const fieldsOf = (mobile: string, over: Record<string, string> = {}) => plainFormFields(crops.wheat, { mobile, ...over });
  const post = (body: FormData) => postPlainForm(api, body);

  it('on: shows the code step, refuses without the code, sends one, then registers with it', async () => {
    await setting(true);
    const form = await api.call('GET', '/svsregistration/basic');
    expect(form.text).toContain('name="sendMobileCode"');
    expect(form.text).toContain('name="mobileCode"');

    const mobile = newMobile();
    const fields = fieldsOf(mobile);
    const refused = await post(formData(fields, PNG));
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/id="reg-mobile-error"[^>]*>[^<]*इस मोबाइल नंबर की पुष्टि नहीं हुई/);
    expect(refused.text).toContain(MSG_MOBILE_NOT_VERIFIED.en);

    // "Send code": the form again, what was typed kept, the code said to be sent.
    const sent = await post(formData({ ...fields, sendMobileCode: '1' }, null));
    expect(sent.status, sent.text).toBe(200);
    expect(sent.text).toContain(`name="mobile" value="${mobile}"`);
    expect(sent.text).toContain('इस नंबर पर SMS से 6 अंकों का कोड भेजा गया है');

    const { setKnownCode } = await import('../support/farmer-codes');
    const code = await setKnownCode(mobile);
    const wrong = await post(formData({ ...fields, mobileCode: '000000' }, PNG));
    expect(wrong.status).toBe(401);
    const done = await post(formData({ ...fields, mobileCode: code }, PNG));
    expect(done.status, done.text).toBe(303);
    expect(letterCode(done.location)).toBeTruthy();
  });

  it('on: a refusal after the code was taken keeps its proof in the form (the code is not asked twice)', async () => {
    await setting(true);
    const mobile = newMobile();
    await knownCode(api, mobile, 'register');
    const fields = fieldsOf(mobile);
    // The code is right, the file not an image (found after the code was taken): refused for the file, the
    // proof kept in a hidden field.
    const notImage = { data: Buffer.from('not an image at all'), name: 'aadhaar.png', type: 'image/png' };
    const first = await post(formData({ ...fields, mobileCode: '246810' }, notImage));
    expect(first.status).toBe(400);
    const proof = /name="mobileProof" value="([^"]+)"/.exec(first.text)?.[1];
    expect(proof).toBeTruthy();
    expect(first.text).not.toContain('name="mobileCode"');
    const done = await post(formData({ ...fields, mobileProof: proof }, PNG));
    expect(done.status, done.text).toBe(303);
    // The kept proof is for that mobile only.
    const other = await post(formData({ ...fieldsOf(newMobile()), mobileProof: proof }, PNG));
    expect(other.status).toBe(400);
    expect(other.text).not.toContain('name="mobileProof"');
  });

  it('off: the form has no code step and registers as before', async () => {
    const form = await api.call('GET', '/svsregistration/basic');
    expect(form.text).not.toContain('name="mobileCode"');
    const done = await post(formData(fieldsOf(newMobile()), PNG));
    expect(done.status, done.text).toBe(303);
  });
});
