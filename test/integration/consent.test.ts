import { GetCommand } from '@functions/lib/dynamo-commands';
import { beforeAll, describe, expect, it } from 'vitest';
import { docClient, tableName } from '@functions/lib/aws';
import { clearConfigCache } from '@functions/lib/config-store';
import { clearNoticeCache } from '@functions/home/site-pages';
import { regKey } from '@functions/registrations/registration-entity';
import { MSG_CONSENT, MSG_NO_CONSENT } from '@shared/schemas/registration';
import { DEFAULT_CONTENT_VERSION, NOTICE_SLUG, SITE_PAGES } from '@shared/site-pages';
import { useTestApi } from '../support/integration';
import { registerFarmer, registerMultipart, SAMPLE_PDF, seedFormCrops, validFields } from '../fixtures/registration-helpers';
import { newRegistration } from '../support/steps';

/**
 * Notice and consent (docs/product-rules.md#notice-and-consent) and the required pages
 * (docs/product-rules.md#required-pages), against DynamoDB Local and the S3 stand-in.
 */
const { api, tokens } = useTestApi('super_admin', 'admin', 'seller');

const PDF = { data: SAMPLE_PDF, name: 'a.pdf', type: 'application/pdf' };
const withoutConsent = () => {
  const { consent: _c, ...f } = validFields();
  return f;
};

beforeAll(async () => {
  await seedFormCrops();
});

const storedRegistration = async (year: number, id: number) =>
  (await docClient().send(new GetCommand({ TableName: tableName(), Key: regKey(year, id), ConsistentRead: true }))).Item;

const noticePage = async () => {
  const r = await api.call('GET', `/api/home/pages/${NOTICE_SLUG}`);
  expect(r.status, r.text).toBe(200);
  return r.json;
};

/** Saves the notice block as an admin (created the first time); returns the block. */
async function saveNotice(fields: Record<string, unknown>, blockID = 0) {
  const r = await api.call(blockID ? 'PUT' : 'POST', blockID ? `/api/cms/blocks/${blockID}` : '/api/cms/blocks', {
    token: tokens.admin,
    body: { blockID, slug: NOTICE_SLUG, title: 'Notice', body: 'We collect your name.', isActive: true, ...fields },
  });
  expect([200, 201], r.text).toContain(r.status);
  return r.json;
}

describe('registration without consent', () => {
  it.each([
    ['missing', undefined],
    ['false', false],
    ["'no'", 'no'],
    ["'false'", 'false'],
    ['0', 0],
    ['null', null],
    ['an object', { yes: true }],
  ])('is refused with 400 and a Hindi and English message when consent is %s (JSON)', async (_name, consent) => {
    const f = consent === undefined ? withoutConsent() : validFields({ consent });
    const r = await registerFarmer(api, f);
    expect(r.status, r.text).toBe(400);
    expect(r.json.message).toBe(MSG_NO_CONSENT);
    expect(r.json.message).toMatch(/[\u0900-\u097F]/);
    expect(r.json.message).toMatch(/Please read the notice/);
    expect(r.json.fields).toEqual({ consent: MSG_CONSENT });
  });

  it.each([
    ['missing', undefined],
    ["'no'", 'no'],
    ["''", ''],
    ["'off'", 'off'],
  ])('is refused with 400 when the form post’s consent is %s (multipart)', async (_name, consent) => {
    const f = consent === undefined ? withoutConsent() : validFields({ consent });
    const r = await registerMultipart(api, f, PDF);
    expect(r.status, r.text).toBe(400);
    expect(r.json.message).toBe(MSG_NO_CONSENT);
    expect(r.json.fields.consent).toBe(MSG_CONSENT);
  });

  it('names consent beside the other fields when more is wrong', async () => {
    const r = await registerFarmer(api, { ...withoutConsent(), Name: '' });
    expect(r.status).toBe(400);
    expect(Object.keys(r.json.fields).sort()).toEqual(['Name', 'consent']);
  });

  it('refuses a burst of submissions without consent, each with 400 (never a 5xx)', async () => {
    const replies = await Promise.all(Array.from({ length: 12 }, () => registerFarmer(api, withoutConsent())));
    expect(replies.map((r) => r.status)).toEqual(Array(12).fill(400));
  });
});

describe('registration with consent', () => {
  it('accepts JSON true and stores the notice version and the time of consent; the letter carries both', async () => {
    clearNoticeCache();
    const { version } = await noticePage();
    const before = new Date().toISOString();
    const r = await registerFarmer(api, validFields({ consent: true }));
    const after = new Date().toISOString();
    expect(r.status, r.text).toBe(201);
    const item = await storedRegistration(r.json.data.year, r.json.data.id);
    expect(item?.noticeVersion).toBe(version);
    expect(item?.consentAt >= before && item?.consentAt <= after, `${before} ≤ ${item?.consentAt} ≤ ${after}`).toBe(true);
    const letter = await api.call('GET', `/svsregistration/AppointmentList/${r.json.data.uniqeCode}`);
    expect(letter.status).toBe(200);
    expect(letter.json.data[0]).toMatchObject({ noticeVersion: version, consentAt: item?.consentAt });
  });

  it.each(['on', 'true', 'TRUE'])('accepts the form post’s consent %s (multipart)', async (consent) => {
    const r = await registerMultipart(api, validFields({ consent }), PDF);
    expect(r.status, r.text).toBe(201);
    const item = await storedRegistration(r.json.data.year, r.json.data.id);
    expect(item?.consentAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(item?.noticeVersion).toBeTruthy();
  });
});

describe('the notice block', () => {
  it('is the built-in text in Hindi and English until an admin saves it, with the grievance officer of the settings', async () => {
    const page = await noticePage();
    // The built-in text shows the scan retention days of the settings (30 by default).
    expect(page.version).toBe(`${DEFAULT_CONTENT_VERSION}+30d`);
    expect(page.body).toContain('deleted 30 days after');
    expect(page.bodyHi).toContain('30 दिन बाद');
    expect(page.title).toMatch(/information/);
    expect(page.titleHi).toMatch(/[\u0900-\u097F]/);
    for (const word of ['Aadhaar', 'mobile', 'father', 'category', 'gender', 'address', 'deleted', 'correction', 'erased'])
      expect(page.body).toContain(word);
    expect(page.bodyHi).toMatch(/आधार/);

    const set = await api.call('POST', '/api/config', {
      token: tokens.super_admin,
      body: { key: 'GrievanceOfficerContact', value: '0512-2345678, grievance@example.org' },
    });
    expect(set.status, set.text).toBeLessThan(300);
    clearConfigCache();
    expect((await noticePage()).grievanceOfficerContact).toBe('0512-2345678, grievance@example.org');
  });

  it('changes its version at every save, and registrations record the version of their time', async () => {
    const block = await saveNotice({ title: 'Notice v1', titleHi: 'सूचना 1', bodyHi: 'हम आपका नाम लेते हैं।' });
    const v1 = await noticePage();
    expect(v1).toMatchObject({ title: 'Notice v1', titleHi: 'सूचना 1', bodyHi: 'हम आपका नाम लेते हैं।' });
    expect(v1.version).toBe(block.updatedOn);
    expect(v1.version).not.toBe(DEFAULT_CONTENT_VERSION);

    const edited = await saveNotice({ title: 'Notice v2' }, block.blockID);
    const v2 = await noticePage();
    expect(v2.title).toBe('Notice v2');
    expect(v2.version).toBe(edited.updatedOn);
    expect(v2.version).not.toBe(v1.version);

    clearNoticeCache();
    const r = await newRegistration(api);
    expect((await storedRegistration(r.year, r.id))?.noticeVersion).toBe(v2.version);
  });

  it('says the scan retention days of the settings wherever its text names them, as a new version when they change', async () => {
    const blocks = await api.call('GET', '/api/cms/blocks?includeInactive', { token: tokens.admin });
    const notice = blocks.json.find((b: { slug: string }) => b.slug === NOTICE_SLUG);
    const block = await saveNotice(
      {
        body: 'Scans are deleted {{scanRetentionDays}} days after.',
        bodyHi: '{{scanRetentionDays}} दिन बाद।',
      },
      notice?.blockID ?? 0,
    );
    const at30 = await noticePage();
    expect(at30).toMatchObject({
      body: 'Scans are deleted 30 days after.',
      bodyHi: '30 दिन बाद।',
      version: `${block.updatedOn}+30d`,
    });
    const settings = await api.call('GET', '/api/settings', { token: tokens.admin });
    const saved = await api.call('PUT', '/api/settings', {
      token: tokens.admin,
      body: { ...settings.json, ScanRetentionDays: 45 },
    });
    expect(saved.status, saved.text).toBe(200);
    clearConfigCache();
    const at45 = await noticePage();
    expect(at45).toMatchObject({
      body: 'Scans are deleted 45 days after.',
      bodyHi: '45 दिन बाद।',
      version: `${block.updatedOn}+45d`,
    });
    const back = await api.call('PUT', '/api/settings', {
      token: tokens.admin,
      body: { ...settings.json, ScanRetentionDays: 30 },
    });
    expect(back.status, back.text).toBe(200);
    clearConfigCache();
  });

  it('is no card of the home page', async () => {
    const summary = await api.call('GET', '/api/home/summary');
    expect(summary.json.blocks.map((b: { slug: string }) => b.slug)).not.toContain(NOTICE_SLUG);
  });

  it('falls back to the built-in text when switched off', async () => {
    const blocks = await api.call('GET', '/api/cms/blocks?includeInactive', { token: tokens.admin });
    const notice = blocks.json.find((b: { slug: string }) => b.slug === NOTICE_SLUG);
    await saveNotice({ title: 'Hidden notice', isActive: false }, notice.blockID);
    const page = await noticePage();
    expect(page.version).toBe(`${DEFAULT_CONTENT_VERSION}+30d`);
    expect(page.title).not.toBe('Hidden notice');
    await saveNotice({ title: 'Notice v3' }, notice.blockID);
  });
});

describe('the required pages', () => {
  // The notice's built-in text is checked above; these are still unedited here.
  it.each(SITE_PAGES.map((p) => p.slug))('GET /api/home/pages/%s answers for anyone, cached for half a minute', async (slug) => {
    const r = await api.call('GET', `/api/home/pages/${slug}`);
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=30');
    expect(r.json.slug).toBe(slug);
    expect(r.json.title.length).toBeGreaterThan(3);
    expect(r.json.titleHi).toMatch(/[\u0900-\u097F]/);
    expect(r.json.body.length).toBeGreaterThan(50);
    expect(r.json.bodyHi).toMatch(/[\u0900-\u097F]/);
  });

  it.each(['about', 'nope', 'x'.repeat(300), '%00', '..%2F..%2Fetc'])('answers 404 or 400, never a 5xx, for %s', async (slug) => {
    const r = await api.call('GET', `/api/home/pages/${slug}`);
    expect([400, 404]).toContain(r.status);
  });

  it('answers a burst of the same request alike', async () => {
    const replies = await Promise.all(Array.from({ length: 15 }, () => api.call('GET', '/api/home/pages/terms-of-use')));
    expect(new Set(replies.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(replies.map((r) => r.json.version)).size).toBe(1);
  });

  it('may be edited by admins only, in both languages', async () => {
    const body = { blockID: 0, slug: 'contact', title: 'Contact', titleHi: 'संपर्क', body: 'Call us.', bodyHi: 'फ़ोन करें।' };
    const seller = await api.call('POST', '/api/cms/blocks', { token: tokens.seller, body });
    expect(seller.status).toBe(403);
    const anonymous = await api.call('POST', '/api/cms/blocks', { body });
    expect(anonymous.status).toBe(401);
    const admin = await api.call('POST', '/api/cms/blocks', { token: tokens.admin, body });
    expect(admin.status, admin.text).toBe(201);
    const page = await api.call('GET', '/api/home/pages/contact');
    expect(page.json).toMatchObject({ title: 'Contact', titleHi: 'संपर्क', body: 'Call us.', bodyHi: 'फ़ोन करें।' });
  });
});
