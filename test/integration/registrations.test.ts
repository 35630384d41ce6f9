import { randomBytes, randomUUID } from 'node:crypto';
import { GetCommand } from '@functions/lib/dynamo-commands';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { docClient, setDocClientForTests } from '@functions/lib/aws';
import { s3Client } from '@functions/lib/s3-client';
import { clearConfigCache } from '@functions/lib/config-store';
import { clearAppointmentSettingsCache } from '@functions/allocation/appointments';
import { FILE_MESSAGES } from '@functions/registrations/uploads';
import { MAX_FILE_BYTES, MSG_ALREADY_REGISTERED, MSG_CLOSED, MSG_FILE, MSG_FORM_INVALID } from '@shared/schemas/registration';
import { captureLogLines } from '../support/log-capture';
import { useTestApi } from '../support/integration';
import { knownCode } from '../support/farmer-codes';
import { scanTable } from '../support/table';
import { objectExists, putPending } from '../support/uploads-bucket';
import { DAY_MS, PENDING_UPLOADS_RULE } from '@functions/lib/upload-rules';
import { expireUploads } from '@infra/local/lifecycle';
import { faulty, named } from '../support/faulty-client';
import {
  newAadhaar,
  newMobile,
  postJson,
  registerFarmer,
  registerMultipart,
  retryRegistration,
  requestUploadUrl,
  SAMPLE_PDF,
  SAMPLE_PNG,
  cropIdOf,
  seedCrop,
  seedFormCrops,
  uploadScan,
  validFields,
} from '../fixtures/registration-helpers';

const { api, tokens } = useTestApi('super_admin', 'admin', 'seller');
const usedAadhaar: string[] = [];

/** Every Aadhaar number a test sends is remembered, to prove later that none is stored or answered in clear. */
function fields(over: Record<string, unknown> = {}) {
  const f = validFields(over);
  const digits = String(f.adharNumber ?? '').replace(/\D/g, '');
  if (digits.length === 12) usedAadhaar.push(digits);
  return f;
}

const pngOfSize = (n: number) => Buffer.concat([SAMPLE_PNG, Buffer.alloc(Math.max(0, n - SAMPLE_PNG.length), 0)]).subarray(0, n);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
let logLines: string[] = [];

beforeAll(async () => {
  await seedFormCrops();
  await seedCrop('मसूर'); // a crop without quantity rules
  // The Aadhaar check below reads every line the handlers write.
  logLines = captureLogLines();
});
afterAll(async () => {
  vi.restoreAllMocks();
});

describe('registration with a presigned upload', () => {
  it('registers, answers with id, year and an unguessable code, and the letter shows the masked Aadhaar', async () => {
    const f = fields({ cropName: 'Wheat', bagsRequested: 2 });
    const r = await registerFarmer(api, f);
    expect(r.status).toBe(201);
    expect(r.json.success).toBe(true);
    expect(r.json.message).toMatch(/Registration successful/);
    const { id, year, uniqeCode, uniqueCode } = r.json.data;
    expect(Number.isInteger(id) && id > 0).toBe(true);
    expect(year).toBe(Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date())));
    expect(uniqeCode).toBe(uniqueCode);
    expect(uniqeCode).toMatch(/^[A-Za-z0-9_-]{22,}$/); // 16 random bytes, base64url

    const letter = await api.call('GET', `/svsregistration/AppointmentList/${uniqeCode}`);
    expect(letter.status).toBe(200);
    expect(letter.json.success).toBe(true);
    const a = letter.json.data[0];
    const aadhaar = String(f.adharNumber);
    expect(a).toMatchObject({
      id,
      year,
      name: f.Name,
      fatherName: f.fatherName,
      adharNumber: `XXXX-XXXX-${aadhaar.slice(-4)}`,
      // Anyone with the link reads it: the last 4 digits (which confirm a cancellation) stay hidden.
      mobileNumber: `${String(f.mobile).slice(0, 2)}XXXXXXXX`,
      category: 'OBC',
      gender: 'पुरुष',
      village: 'सरैया',
      block: 'चिनहट',
      subDistrict: 'लखनऊ सदर',
      district: 'Lucknow',
      cropName: 'Wheat',
      bagsRequested: 2,
      unit: 'bag',
      appointmentShift: 'सुबह 10 से दोपहर 1 बजे / Morning 10 am – 1 pm',
    });
    expect(a.appointmentDateTime).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\+05:30$/);
    expect(letter.text).not.toContain(aadhaar);
  });

  it('gives an upload URL only for an allowed type of at most 500 KB, with a server key under pending/', async () => {
    const ok = await requestUploadUrl(api, { fileName: 'a.jpg', contentType: 'image/jpeg', size: MAX_FILE_BYTES });
    expect(ok.status).toBe(201);
    expect(ok.json.key).toMatch(/^pending\/[A-Za-z0-9_-]{16,}$/);
    expect(ok.json.headers).toEqual({ 'Content-Type': 'image/jpeg' });
    const url = new URL(ok.json.uploadUrl);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
    expect(Date.parse(ok.json.expiresAt) - Date.now()).toBeLessThanOrEqual(300_000);

    for (const body of [
      { fileName: 'a.png', contentType: 'image/png', size: MAX_FILE_BYTES + 1 },
      { fileName: 'a.png', contentType: 'image/png', size: 0 },
      { fileName: 'a.html', contentType: 'text/html', size: 100 },
      { fileName: 'a.svg', contentType: 'image/svg+xml', size: 100 },
      { fileName: '', contentType: 'image/png', size: 100 },
      {},
    ]) {
      const r = await requestUploadUrl(api, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.message).toBe(MSG_FORM_INVALID);
      expect(Object.values(r.json.fields)[0]).toMatch(/500KB.*500 KB/);
    }
  });

  it('accepts a PNG of exactly 500 KB and keeps it outside pending/, where the upload is left to the lifecycle rule', async () => {
    const r = await registerFarmer(api, fields(), { file: pngOfSize(MAX_FILE_BYTES), contentType: 'image/png' });
    expect(r.status).toBe(201);
    const row = await api.call('GET', `/api/registrations/${r.json.data.id}`, { token: tokens.seller });
    expect(row.status).toBe(200);
    expect(row.json.adharFilePath).toMatch(new RegExp(`^aadhaar/${r.json.data.year}/\\d{10}-[A-Za-z0-9_-]+\\.png$`));
    expect(await objectExists(row.json.adharFilePath)).toBe(true);
    // No DeleteObject on the submit: the bucket's rule removes the upload once it is older than the rule's age.
    expect(await objectExists(r.fileKey)).toBe(true);
    // The bucket is shared by parallel test files: only this upload is expired here.
    expect(r.fileKey.startsWith(PENDING_UPLOADS_RULE.prefix)).toBe(true);
    const later = new Date(Date.now() + (PENDING_UPLOADS_RULE.expireAfterDays + 1) * DAY_MS);
    const expired = await expireUploads({ s3: s3Client(), bucket: process.env.UPLOADS_BUCKET!, prefix: r.fileKey, now: later });
    expect(expired.deleted).toEqual([r.fileKey]);
    expect(await objectExists(r.fileKey)).toBe(false);
    expect(await objectExists(row.json.adharFilePath)).toBe(true);
  });

  const rejected: [string, () => Promise<string>, string][] = [
    ['wrong magic bytes with an allowed extension', () => putPending(api, randomBytes(2000)), FILE_MESSAGES.wrongType],
    ['an HTML file named .png', () => putPending(api, HTML, 'image/png'), FILE_MESSAGES.wrongType],
    ['500*1024+1 bytes', () => putPending(api, pngOfSize(MAX_FILE_BYTES + 1)), FILE_MESSAGES.tooLarge],
    ['an empty object', () => putPending(api, Buffer.alloc(0)), FILE_MESSAGES.empty],
  ];
  for (const [what, make, message] of rejected) {
    it(`refuses ${what} after upload, with a bilingual 400, and removes the object`, async () => {
      const key = await make();
      expect(await objectExists(key)).toBe(true);
      const r = await postJson(api, '/svsregistration', { ...fields(), fileKey: key });
      expect(r.status).toBe(400);
      expect(r.json.message).toBe(message);
      expect(r.json.fields).toEqual({ FileAdhar: MSG_FILE });
      expect(await objectExists(key)).toBe(false);
    });
  }

  it('refuses a file that was never uploaded, and a key the server did not issue', async () => {
    for (const key of [`pending/${randomBytes(18).toString('base64url')}`, 'aadhaar/2025/0000000001-x.png', '../etc/passwd']) {
      const r = await postJson(api, '/svsregistration', { ...fields(), fileKey: key });
      expect(r.status).toBe(400);
      expect(r.json.message).toBe(FILE_MESSAGES.missing);
      expect(r.json.fields).toEqual({ FileAdhar: MSG_FILE });
    }
  });

  it('refuses a JPEG declared as PDF only when its bytes are not an allowed kind (type by magic bytes, not by name)', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(500)]);
    const { key } = await uploadScan(api, jpeg, { contentType: 'application/pdf', fileName: 'scan.pdf' });
    const r = await postJson(api, '/svsregistration', { ...fields(), fileKey: key });
    expect(r.status).toBe(201);
    const row = await api.call('GET', `/api/registrations/${r.json.data.id}`, { token: tokens.admin });
    expect(row.json.adharFilePath).toMatch(/\.jpg$/);
  });
});

describe('registration as a multipart form (FileAdhar)', () => {
  it('accepts the multipart form post (FileAdhar) with a PDF and with a GIF', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), randomBytes(100)]);
    for (const file of [
      { data: SAMPLE_PDF, name: 'aadhaar.pdf', type: 'application/pdf' },
      { data: gif, name: 'aadhaar.gif', type: 'image/gif' },
    ]) {
      const f = fields();
      const r = await registerMultipart(api, f, file);
      expect(r.status).toBe(201);
      expect(r.json.data.uniqeCode).toBeTruthy();
      const letter = await api.call('GET', `/svsregistration/AppointmentList/${r.json.data.uniqeCode}`);
      expect(letter.json.data[0].name).toBe(f.Name);
    }
  });

  it('accepts exactly 500*1024 bytes', async () => {
    const r = await registerMultipart(api, fields(), { data: pngOfSize(MAX_FILE_BYTES), name: 'a.png', type: 'image/png' });
    expect(r.status).toBe(201);
  });

  const cases: [string, { data: Buffer; name: string; type: string } | null, string][] = [
    [
      'wrong magic bytes with an allowed extension',
      { data: randomBytes(3000), name: 'scan.jpg', type: 'image/jpeg' },
      FILE_MESSAGES.wrongType,
    ],
    ['an HTML file named .png', { data: HTML, name: 'scan.png', type: 'image/png' }, FILE_MESSAGES.wrongType],
    ['500*1024+1 bytes', { data: pngOfSize(MAX_FILE_BYTES + 1), name: 'big.png', type: 'image/png' }, FILE_MESSAGES.tooLarge],
    ['a missing file', null, MSG_FORM_INVALID],
  ];
  for (const [what, file, message] of cases) {
    it(`refuses ${what} with a bilingual 400`, async () => {
      const r = await registerMultipart(api, fields(), file);
      expect(r.status).toBe(400);
      expect(r.json.message).toBe(message);
      expect(r.json.fields.FileAdhar).toBe(MSG_FILE);
    });
  }

  it('refuses a body that is neither JSON nor a form, and malformed multipart, with a 4xx', async () => {
    const text = await api.call('POST', '/svsregistration', { rawBody: 'Name=x', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect(text.json.message).toMatch(/फॉर्म.*The form could not be read/);
    const broken = await api.call('POST', '/svsregistration', {
      rawBody: '--abc\r\nContent-Disposition: form-data; name="Name"\r\n\r\nx',
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
    });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
    const badJson = await api.call('POST', '/svsregistration', {
      rawBody: '{"Name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.status).toBe(400);
    expect(badJson.json.message).toMatch(/The form could not be read/);
  });
});

// docs/product-rules.md#registration-form-checks-and-messages
describe('validation rules of the registration form, at their boundaries', () => {
  // Field problems are reported before the file is looked at, so a placeholder key is enough here.
  const post = (over: Record<string, unknown>) =>
    postJson(api, '/svsregistration', { ...fields(over), fileKey: 'pending/not-looked-at-000000' });
  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['blank name', { Name: '   ' }, 'Name', 'आवश्यक'],
    ['missing name', { Name: undefined }, 'Name', 'आवश्यक'],
    ['blank father name', { fatherName: '' }, 'fatherName', 'आवश्यक'],
    ['blank village', { village: ' ' }, 'village', 'आवश्यक'],
    ['blank block', { block: ' | उप जिला - लखनऊ सदर' }, 'block', 'आवश्यक'],
    ['blank sub-district', { block: 'चिनहट | उप जिला -  ' }, 'subDistrict', 'आवश्यक'],
    ['block without sub-district', { block: 'चिनहट' }, 'subDistrict', 'आवश्यक'],
    ['gender placeholder', { gender: '' }, 'gender', 'आवश्यक'],
    ['unknown gender', { gender: 'other' }, 'gender', 'आवश्यक'],
    ['category placeholder', { category: '' }, 'category', 'आवश्यक'],
    ['unknown category', { category: 'XYZ' }, 'category', 'आवश्यक'],
    ['district placeholder', { district: '' }, 'district', 'आवश्यक'],
    ['district outside Uttar Pradesh', { district: 'Pune' }, 'district', 'आवश्यक'],
    ['no crop', { cropName: '', cropId: undefined }, 'cropId', 'आवश्यक'],
    ['Aadhaar of 11 digits', { adharNumber: '12345678901' }, 'adharNumber', '12 अंकों का नंबर दर्ज करें'],
    ['Aadhaar of 13 digits', { adharNumber: '1234567890123' }, 'adharNumber', '12 अंकों का नंबर दर्ज करें'],
    ['Aadhaar with letters', { adharNumber: '12345678901a' }, 'adharNumber', '12 अंकों का नंबर दर्ज करें'],
    ['mobile of 9 digits', { mobile: '987654321' }, 'mobile', '10 अंकों का नंबर दर्ज करें'],
    ['mobile of 11 digits', { mobile: '98765432101' }, 'mobile', '10 अंकों का नंबर दर्ज करें'],
    ['name over 200 characters', { Name: 'क'.repeat(201) }, 'Name', 'अधिकतम 200 अक्षर / At most 200 characters'],
  ];
  for (const [what, over, field, message] of invalid) {
    it(`refuses ${what}`, async () => {
      const r = await post(over);
      expect(r.status).toBe(400);
      expect(r.json.message).toBe(MSG_FORM_INVALID);
      expect(r.json.fields[field]).toBe(message);
    });
  }

  it('marks every invalid field at once, the missing file included', async () => {
    const r = await postJson(api, '/svsregistration', { Name: '', adharNumber: '1', mobile: '', block: '', district: 'x' });
    expect(r.status).toBe(400);
    expect(Object.keys(r.json.fields).sort()).toEqual(
      [
        'FileAdhar',
        'Name',
        'adharNumber',
        'block',
        'category',
        'consent',
        'cropId',
        'district',
        'fatherName',
        'gender',
        'mobile',
        'subDistrict',
        'village',
      ].sort(),
    );
    expect(r.json.fields.FileAdhar).toBe(MSG_FILE);
  });

  it('accepts the exact lengths, spaced Aadhaar, block and sub-district sent apart, and a Hindi district name', async () => {
    const f = fields({
      adharNumber: undefined,
      block: 'बख्शी का तालाब',
      subDistrict: 'बीकेटी',
      district: 'लखनऊ',
      Name: 'क'.repeat(200),
    });
    const digits = newAadhaar(4);
    usedAadhaar.push(digits);
    f.adharNumber = `${digits.slice(0, 4)} ${digits.slice(4, 8)} ${digits.slice(8)}`;
    const r = await registerFarmer(api, f);
    expect(r.status).toBe(201);
    const row = await api.call('GET', `/api/registrations/${r.json.data.id}`, { token: tokens.admin });
    expect(row.json).toMatchObject({ adharNumber: digits, block: 'बख्शी का तालाब', subDistrict: 'बीकेटी', district: 'Lucknow' });
  });

  const quantities: [string, unknown, number, string][] = [
    ['wheat', 0, 1, 'bag'],
    ['wheat', 3, 3, 'bag'],
    ['wheat', 4, 3, 'bag'],
    ['wheat', undefined, 1, 'bag'],
    ['Chick-pea', 6, 6, 'kg'],
    ['chickpea', 7, 6, 'kg'],
    ['Mustard', -5, 1, 'kg'],
    ['मसूर', 11, 10, 'kg'],
    ['मसूर', 'abc', 1, 'kg'],
  ];
  for (const [crop, asked, got, unit] of quantities) {
    it(`clamps ${String(asked)} of ${crop} to ${got} ${unit}`, async () => {
      const r = await registerFarmer(api, fields({ cropName: crop, bagsRequested: asked }));
      expect(r.status).toBe(201);
      const letter = await api.call('GET', `/svsregistration/AppointmentList/${r.json.data.uniqeCode}`);
      expect(letter.json.data[0]).toMatchObject({ bagsRequested: got, unit });
    });
  }

  it('keeps the isAdmin flag only for a signed-in staff caller', async () => {
    const anon = await registerFarmer(api, fields({ isAdmin: true }));
    const staff = await registerFarmer(api, fields({ isAdmin: true }), { token: tokens.seller });
    const rowAnon = await api.call('GET', `/api/registrations/${anon.json.data.id}`, { token: tokens.admin });
    const rowStaff = await api.call('GET', `/api/registrations/${staff.json.data.id}`, { token: tokens.admin });
    expect(rowAnon.json.isAdmin).toBe(false);
    expect(rowStaff.json.isAdmin).toBe(true);
  });
});

// docs/invariants.md#2-one-registration-per-aadhaar-crop-and-year
describe('duplicates and retries (invariant 2)', () => {
  it('returns the first registration to a retried request, and 409 to a different submission for the same Aadhaar and crop', async () => {
    const f = fields({ cropName: 'Mustard' });
    const first = await registerFarmer(api, f);
    expect(first.status).toBe(201);
    const again = await retryRegistration(api, f, first);
    expect(again.status).toBe(200);
    expect(again.json.data).toEqual(first.json.data); // a retry: the first answer as it was, no 'existing'

    const other = await registerFarmer(api, { ...f, mobile: newMobile(), cropName: ' mus-tard ' });
    expect(other.status).toBe(409);
    expect(other.json.message).toBe(MSG_ALREADY_REGISTERED);

    // Another crop is another registration.
    const chickpea = await registerFarmer(api, { ...f, cropName: 'Chickpea', cropId: cropIdOf('Chickpea') });
    expect(chickpea.status).toBe(201);
  });

  it('tells a second, different anonymous submission for the same Aadhaar and crop how to find the letter, without its number or date', async () => {
    const f = fields({ cropName: 'Wheat' });
    const first = await registerFarmer(api, f);
    expect(first.status).toBe(201);
    const { id, year, uniqeCode } = first.json.data;
    const row = await api.call('GET', `/api/registrations/${id}`, { token: tokens.seller });
    // Someone who knows only the Aadhaar number: another name and mobile, the same crop.
    const other = await registerFarmer(api, { ...f, Name: 'Someone Else', mobile: newMobile() });
    expect(other.status).toBe(409);
    expect(other.json).toEqual({ success: false, code: 'CONFLICT', message: MSG_ALREADY_REGISTERED });
    expect(other.json.message).toMatch(/मेरा पत्र खोजें.*Find my letter/);
    expect(other.json.message).toMatch(/Aadhaar number and the mobile number given when you registered/);
    // Nothing of the registration: its number, year, code, appointment day or time of creation.
    const body = other.text;
    expect(body).not.toMatch(new RegExp(`(?<!\\d)${id}(?!\\d)`));
    expect(body).not.toContain(String(year));
    expect(body).not.toContain(uniqeCode);
    expect(body).not.toContain(row.json.appointmentDate);
    expect(body).not.toContain(row.json.created.slice(0, 10));
    // The farmer's own retry (same idempotency key) still gets its first answer unchanged.
    const retry = await retryRegistration(api, f, first);
    expect(retry.status).toBe(200);
    expect(retry.json.data).toEqual(first.json.data);
  });

  it('treats an identical form posted again without a key as the same request', async () => {
    const f = fields();
    const file = { data: SAMPLE_PNG, name: 'a.png', type: 'image/png' };
    const first = await registerMultipart(api, f, file);
    const second = await registerMultipart(api, f, file);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    // Without a key it cannot be told from a second, separate submission: the answer says it was made before.
    expect(second.json.data).toEqual({ ...first.json.data, existing: true });
  });

  it('creates one registration from 20 concurrent identical submissions', async () => {
    const f = fields({ cropName: 'Wheat' });
    const { key } = await uploadScan(api, SAMPLE_PDF);
    const idem = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => postJson(api, '/svsregistration', { ...f, fileKey: key }, { 'idempotency-key': idem })),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const ids = new Set(replies.map((r) => `${r.json.data.year}/${r.json.data.id}/${r.json.data.uniqeCode}`));
    expect(ids.size).toBe(1);
    const list = await api.call('GET', '/api/registrations', { token: tokens.admin, query: { aadhaar: String(f.adharNumber) } });
    expect(list.json.total).toBe(1);
    // The same search with the number kept out of the URL, as the staff screens send it.
    const hidden = await api.call('GET', '/api/registrations', {
      token: tokens.admin,
      headers: { 'x-private-query': `aadhaar=${String(f.adharNumber)}` },
    });
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.json.items.map((i: { id: number }) => i.id)).toEqual(list.json.items.map((i: { id: number }) => i.id));
    const badHidden = await api.call('GET', '/api/registrations', {
      token: tokens.admin,
      headers: { 'x-private-query': 'aadhaar=12345' },
    });
    expect(badHidden.status).toBe(400);
  });
});

describe('the form switch (Is_SVS_Form_On)', () => {
  it('refuses uploads and submissions with 403 while off, and accepts them again when on', async () => {
    const off = await api.call('POST', '/api/config', {
      token: tokens.super_admin,
      body: { key: 'Is_SVS_Form_On', value: 'false' },
    });
    expect(off.status).toBe(200);
    try {
      const up = await requestUploadUrl(api, { fileName: 'a.pdf', contentType: 'application/pdf', size: 100 });
      expect(up.status).toBe(403);
      expect(up.json.message).toBe(MSG_CLOSED);
      const sub = await registerMultipart(api, fields(), { data: SAMPLE_PDF, name: 'a.pdf', type: 'application/pdf' });
      expect(sub.status).toBe(403);
      expect(sub.json.message).toBe('पंजीकरण बंद है / Registrations are closed');
    } finally {
      await api.call('PUT', '/api/settings', {
        token: tokens.admin,
        body: { ...(await api.call('GET', '/api/settings', { token: tokens.admin })).json, Is_SVS_Form_On: true },
      });
    }
    const on = await registerFarmer(api, fields());
    expect(on.status).toBe(201);
  });

  it('answers a lookup of the switch that keeps failing with 503 "submit again", not "closed" nor a booking', async () => {
    await api.call('POST', '/api/config', { token: tokens.super_admin, body: { key: 'Is_SVS_Form_On', value: 'true' } });
    setDocClientForTests(
      faulty(docClient(), (cmd) =>
        cmd instanceof GetCommand && cmd.input.Key?.pk === 'CONFIG' ? named('ECONNRESET', { $metadata: {} }) : undefined,
      ),
    );
    clearConfigCache();
    try {
      const up = await requestUploadUrl(api, { fileName: 'a.pdf', contentType: 'application/pdf', size: 100 });
      expect(up.status, up.text).toBe(503);
      expect(up.json.message).toMatch(/फिर से जमा करें.*submit again/);
    } finally {
      setDocClientForTests(undefined);
      clearConfigCache();
    }
    const up = await requestUploadUrl(api, { fileName: 'a.pdf', contentType: 'application/pdf', size: 100 });
    expect(up.status, up.text).toBe(201);
  });
});

describe('staff routes', () => {
  it('refuse anonymous callers and non-staff', async () => {
    const r = await registerFarmer(api, fields());
    const id = r.json.data.id;
    const user = await api.tokenFor('user');
    for (const path of [
      '/api/registrations',
      `/api/registrations/${id}`,
      `/api/registrations/${id}/aadhaar-file`,
      `/svsregistration/appointment/by-id/${id}`,
    ]) {
      expect((await api.call('GET', path)).status, path).toBe(401);
      expect((await api.call('GET', path, { token: user })).status, path).toBe(403);
      expect((await api.call('GET', path, { token: tokens.seller })).status, path).toBe(200);
    }
  });

  it('give the letter by id in the letter shape, and a 60 s presigned link to the scan', async () => {
    const f = fields();
    const r = await registerFarmer(api, f, { file: SAMPLE_PNG, contentType: 'image/png' });
    const byId = await api.call('GET', `/svsregistration/appointment/by-id/${r.json.data.id}`, { token: tokens.seller });
    expect(byId.status).toBe(200);
    expect(byId.json.data[0].adharNumber).toBe(`XXXX-XXXX-${String(f.adharNumber).slice(-4)}`);
    expect(byId.json.data[0].mobileNumber, 'staff read the number in full').toBe(f.mobile);
    const file = await api.call('GET', `/api/registrations/${r.json.data.id}/aadhaar-file`, { token: tokens.seller });
    expect(file.status).toBe(200);
    const url = new URL(file.json.url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    const got = await fetch(file.json.url);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(SAMPLE_PNG)).toBe(true);
    expect((await api.call('GET', '/api/registrations/999999', { token: tokens.seller })).status).toBe(404);
  });

  it('list with every filter, newest first, with the total and page sizes 25/50/100', async () => {
    const tag = randomBytes(3).toString('hex');
    const made: { id: number; f: Record<string, unknown> }[] = [];
    for (let i = 0; i < 4; i++) {
      const f = fields({
        Name: `Filter${tag} ${i}`,
        fatherName: `Pita${tag}`,
        village: `Gaon${tag}${i % 2}`,
        district: i < 2 ? 'Agra' : 'Varanasi',
      });
      const r = await registerFarmer(api, f);
      expect(r.status).toBe(201);
      made.push({ id: r.json.data.id, f });
    }
    const list = (query: Record<string, string | number>) =>
      api.call('GET', '/api/registrations', { token: tokens.admin, query });
    const byName = await list({ name: `filter${tag}` });
    expect(byName.status).toBe(200);
    expect(byName.json.total).toBe(4);
    expect(byName.json.items.map((i: { id: number }) => i.id)).toEqual(made.map((m) => m.id).reverse());
    // Lists show the Aadhaar masked, to admins too.
    expect(byName.json.items[0].adharNumber).toBe(`XXXX-XXXX-${String(made[3].f.adharNumber).slice(-4)}`);
    expect(byName.json.items[0]).toMatchObject({ isBilled: false, invoiceNumber: null, uniqeCode: expect.any(String) });
    expect((await list({ father: `pita${tag}`, district: 'Agra' })).json.total).toBe(2);
    expect((await list({ name: `filter${tag}`, village: `gaon${tag}1` })).json.total).toBe(2);
    expect((await list({ aadhaar: String(made[2].f.adharNumber) })).json.items.map((i: { id: number }) => i.id)).toEqual([
      made[2].id,
    ]);
    expect((await list({ name: `filter${tag}`, aadhaar: String(made[2].f.adharNumber).slice(-4) })).json.total).toBe(1);
    expect((await list({ id: made[1].id })).json.items[0].name).toBe(made[1].f.Name);
    const year = new Date().getFullYear();
    expect((await list({ name: `filter${tag}`, year })).json.total).toBe(4);
    expect((await list({ name: `filter${tag}`, year: 2001 })).json.total).toBe(0);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await list({ name: `filter${tag}`, from: future })).json.total).toBe(0);
    expect((await list({ name: `filter${tag}`, to: future })).json.total).toBe(4);
    const page = await list({ name: `filter${tag}`, skip: 1, take: 25 });
    expect(page.json.items).toHaveLength(3);
    expect(page.json.total).toBe(4);
    for (const take of [10, 0, 51]) expect((await list({ take })).status).toBe(400);
    expect((await list({ from: 'yesterday' })).status).toBe(400);
    const all = await list({});
    expect(all.json.items.length).toBeLessThanOrEqual(50);
  });
});

// docs/product-rules.md#numbers-as-people-type-them
describe('numbers as people write them', () => {
  it('stores a mobile written with +91, spaces or hyphens as its 10 digits, and finds the letter with it written another way', async () => {
    const mobile = newMobile();
    const spaced = `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;
    const aadhaar = String(newAadhaar());
    const grouped = `${aadhaar.slice(0, 4)} ${aadhaar.slice(4, 8)}-${aadhaar.slice(8)}`;
    const r = await registerFarmer(api, fields({ mobile: spaced, adharNumber: grouped }));
    expect(r.status, r.text).toBe(201);
    const stored = (await scanTable()).find((i) => i.type === 'registration' && i.id === r.json.data.id);
    expect(stored?.mobileNumber).toBe(mobile);

    for (const written of [`0${mobile}`, `91-${mobile}`, `0091 ${mobile}`]) {
      const otp = await knownCode(api, written);
      const found = await postJson(api, '/svsregistration/find-letter', { mobile: written, otp });
      expect(found.status, written).toBe(200);
      expect(found.json.data.code).toBe(r.json.data.uniqeCode);
    }
  });

  it('still refuses a mobile number that is not 10 digits once read', async () => {
    const r = await registerFarmer(api, fields({ mobile: '+91 98765 4321' }));
    expect(r.status).toBe(400);
    expect(r.json.fields.mobile).toBe('10 अंकों का नंबर दर्ज करें');
  });
});

describe('find my letter', () => {
  it('returns the letters of the mobile for its code only (no Aadhaar asked), and refuses bad input in both languages', async () => {
    const f = fields();
    const r = await registerFarmer(api, f);
    const mobile = String(f.mobile);
    const wrongCode = await postJson(api, '/svsregistration/find-letter', { mobile, otp: '000001' });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.json.data).toBeUndefined();
    const otp = await knownCode(api, mobile);
    const found = await postJson(api, '/svsregistration/find-letter', { mobile, otp: ` ${otp.slice(0, 3)} ${otp.slice(3)} ` });
    expect(found.status, found.text).toBe(200);
    expect(found.json.data.code).toBe(r.json.data.uniqeCode);
    expect(found.json.session.token).toBeTruthy();
    expect(found.text).not.toContain(String(f.adharNumber));
    // The code was used.
    expect((await postJson(api, '/svsregistration/find-letter', { mobile, otp })).status).toBe(401);

    // A mobile nobody registered: its code finds nothing, said in both languages.
    const nobody = newMobile();
    const none = await postJson(api, '/svsregistration/find-letter', { mobile: nobody, otp: await knownCode(api, nobody) });
    expect(none.status).toBe(404);
    expect(none.json.message).toMatch(/मोबाइल .* \/ No registration was made with this mobile/);
    expect(none.json.data).toBeUndefined();

    const bad = await postJson(api, '/svsregistration/find-letter', { mobile: '1', otp: '12' });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({
      mobile: '10 अंकों का नंबर दर्ज करें',
      otp: expect.stringMatching(/6 अंकों .* \/ Enter the 6-digit code/),
    });
  });

  it('answers an unknown or malformed letter code with a 404, never a 5xx', async () => {
    for (const code of [randomBytes(16).toString('base64url'), 'short', 'a'.repeat(200), '%00']) {
      const r = await api.call('GET', `/svsregistration/AppointmentList/${encodeURIComponent(code)}`);
      expect(r.status, code).toBe(404);
      expect(r.json.message).toMatch(/Unable to load appointment/);
    }
  });
});

describe('privacy', () => {
  it('keeps no 12-digit Aadhaar in clear in any table item, letter or log line', async () => {
    clearAppointmentSettingsCache();
    expect(usedAadhaar.length).toBeGreaterThan(20);
    const dump = JSON.stringify(await scanTable());
    expect(dump).toContain('aadhaarEnc');
    for (const a of usedAadhaar) expect(dump.includes(a), `table holds ${a.slice(-4)}`).toBe(false);
    const logs = logLines.join('\n');
    expect(logs).toContain('"msg":"registration"');
    for (const a of usedAadhaar) expect(logs.includes(a), `logs hold ${a.slice(-4)}`).toBe(false);
  });
});
