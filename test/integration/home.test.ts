import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/integration';
import { postUnreadableJson } from '../support/api-checks';

const { api, tokens } = useTestApi('admin');

const HOUR = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

let slugSeq = 0;
const uniqueSlug = (base: string) => `${base}-${++slugSeq}`;

async function createBlock(fields: Record<string, unknown>) {
  const r = await api.call('POST', '/api/cms/blocks', {
    token: tokens.admin,
    body: {
      blockID: 0,
      slug: uniqueSlug('b'),
      title: 'A block',
      body: '',
      imageUrl: '',
      sortOrder: 0,
      isActive: true,
      ...fields,
    },
  });
  expect(r.status, r.text).toBe(201);
  return r.json;
}

async function createAnnouncement(fields: Record<string, unknown>) {
  const r = await api.call('POST', '/api/cms/announcements', {
    token: tokens.admin,
    body: {
      announcementID: 0,
      title: 'Notice',
      message: 'Hello',
      severity: 'info',
      startAt: at(-HOUR),
      endAt: null,
      isActive: true,
      ...fields,
    },
  });
  expect(r.status, r.text).toBe(201);
  return r.json;
}

async function summary() {
  const r = await api.call('GET', '/api/home/summary');
  expect(r.status).toBe(200);
  return r.json as {
    blocks: { blockID: number; slug: string }[];
    announcements: { announcementID: number }[];
    registrationOpen: boolean;
    registrationOpensNext: string;
  };
}

describe('GET /api/home/summary', () => {
  it('is public, short-lived cacheable JSON with blocks and announcements', async () => {
    const r = await api.call('GET', '/api/home/summary');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=60');
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    expect(Array.isArray(r.json.blocks)).toBe(true);
    expect(Array.isArray(r.json.announcements)).toBe(true);
  });

  it('lists active blocks in sortOrder, ties by creation, negative orders first', async () => {
    const c = await createBlock({ title: 'C', sortOrder: 30 });
    const a = await createBlock({ title: 'A', sortOrder: 10 });
    const b1 = await createBlock({ title: 'B1', sortOrder: 20 });
    const b2 = await createBlock({ title: 'B2', sortOrder: 20 });
    const first = await createBlock({ title: 'First', sortOrder: -5 });
    const mine = new Set([a, b1, b2, c, first].map((x) => x.blockID));
    const order = (await summary()).blocks.filter((x) => mine.has(x.blockID)).map((x) => x.blockID);
    expect(order).toEqual([first.blockID, a.blockID, b1.blockID, b2.blockID, c.blockID]);

    // Moving a block moves it on the home page.
    const moved = await api.call('PUT', `/api/cms/blocks/${c.blockID}`, { token: tokens.admin, body: { ...c, sortOrder: 15 } });
    expect(moved.status).toBe(200);
    const after = (await summary()).blocks.filter((x) => mine.has(x.blockID)).map((x) => x.blockID);
    expect(after).toEqual([first.blockID, a.blockID, c.blockID, b1.blockID, b2.blockID]);
  });

  it('hides inactive blocks, which the CMS list still shows with includeInactive', async () => {
    const hidden = await createBlock({ title: 'Hidden', isActive: false, sortOrder: 1 });
    const shown = await createBlock({ title: 'Shown', sortOrder: 2 });
    const ids = (await summary()).blocks.map((x) => x.blockID);
    expect(ids).toContain(shown.blockID);
    expect(ids).not.toContain(hidden.blockID);

    const activeOnly = await api.call('GET', '/api/cms/blocks', { token: tokens.admin });
    expect(activeOnly.status).toBe(200);
    expect(activeOnly.json.map((x: { blockID: number }) => x.blockID)).not.toContain(hidden.blockID);
    for (const query of [{ includeInactive: 'true' }, { includeInactive: '1' }, { includeInactive: '' }]) {
      const all = await api.call('GET', '/api/cms/blocks', { token: tokens.admin, query });
      expect(all.status).toBe(200);
      const row = all.json.find((x: { blockID: number }) => x.blockID === hidden.blockID);
      expect(row, JSON.stringify(query)).toMatchObject({ title: 'Hidden', isActive: false });
    }

    // Switching it on shows it; switching the other off hides that one.
    await api.call('PUT', `/api/cms/blocks/${hidden.blockID}`, { token: tokens.admin, body: { ...hidden, isActive: true } });
    await api.call('PUT', `/api/cms/blocks/${shown.blockID}`, { token: tokens.admin, body: { ...shown, isActive: false } });
    const now = (await summary()).blocks.map((x) => x.blockID);
    expect(now).toContain(hidden.blockID);
    expect(now).not.toContain(shown.blockID);
  });

  it('shows only announcements that are active and inside their time window', async () => {
    const open = await createAnnouncement({ title: 'open-ended', startAt: at(-HOUR), endAt: null });
    const running = await createAnnouncement({ title: 'running', startAt: at(-2 * HOUR), endAt: at(HOUR) });
    const future = await createAnnouncement({ title: 'future', startAt: at(HOUR), endAt: at(2 * HOUR) });
    const ended = await createAnnouncement({ title: 'ended', startAt: at(-3 * HOUR), endAt: at(-HOUR) });
    const inactive = await createAnnouncement({ title: 'inactive', startAt: at(-HOUR), endAt: at(HOUR), isActive: false });
    const futureOpen = await createAnnouncement({ title: 'future open-ended', startAt: at(24 * HOUR), endAt: null });

    const ids = (await summary()).announcements.map((x) => x.announcementID);
    expect(ids).toContain(open.announcementID);
    expect(ids).toContain(running.announcementID);
    for (const hidden of [future, ended, inactive, futureOpen]) expect(ids).not.toContain(hidden.announcementID);

    // Newest start first.
    expect(ids.indexOf(open.announcementID)).toBeLessThan(ids.indexOf(running.announcementID));

    // Deactivating takes it off the home page; the admin list keeps it.
    const off = await api.call('PUT', `/api/cms/announcements/${open.announcementID}`, {
      token: tokens.admin,
      body: { ...open, isActive: false },
    });
    expect(off.status).toBe(200);
    expect((await summary()).announcements.map((x) => x.announcementID)).not.toContain(open.announcementID);
    const all = await api.call('GET', '/api/cms/announcements', { token: tokens.admin, query: { includeInactive: true } });
    const activeOnly = await api.call('GET', '/api/cms/announcements', { token: tokens.admin });
    expect(all.json.map((x: { announcementID: number }) => x.announcementID)).toEqual(
      expect.arrayContaining([open.announcementID, inactive.announcementID, ended.announcementID, future.announcementID]),
    );
    expect(activeOnly.json.map((x: { announcementID: number }) => x.announcementID)).not.toContain(open.announcementID);
    expect(activeOnly.json.map((x: { announcementID: number }) => x.announcementID)).toContain(running.announcementID);
  });

  it('returns announcement fields as the home page needs them', async () => {
    const a = await createAnnouncement({
      title: 'Seed sale opens',
      message: 'Wheat from Monday',
      severity: 'danger',
      endAt: at(HOUR),
    });
    const r = await api.call('GET', '/api/home/summary');
    const got = r.json.announcements.find((x: { announcementID: number }) => x.announcementID === a.announcementID);
    expect(got).toEqual({
      announcementID: a.announcementID,
      title: 'Seed sale opens',
      message: 'Wheat from Monday',
      severity: 'danger',
      startAt: a.startAt,
      endAt: a.endAt,
      isActive: true,
    });
  });
});

describe('content blocks (CMS)', () => {
  it('creates when blockID is 0 or absent and updates otherwise, by POST or PUT', async () => {
    const slug = uniqueSlug('crud');
    const created = await api.call('POST', '/api/cms/blocks', {
      token: tokens.admin,
      body: { blockID: 0, slug, title: 'First title', body: 'Body', imageUrl: '/images/wheat.jpg', sortOrder: 3, isActive: true },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      slug,
      title: 'First title',
      body: 'Body',
      imageUrl: '/images/wheat.jpg',
      sortOrder: 3,
      isActive: true,
    });
    const id = created.json.blockID;
    expect(id).toBeGreaterThan(0);

    const noId = await api.call('POST', '/api/cms/blocks', {
      token: tokens.admin,
      body: { slug: uniqueSlug('noid'), title: 'No id' },
    });
    expect(noId.status).toBe(201);
    expect(noId.json.blockID).not.toBe(id);
    expect(noId.json).toMatchObject({ body: '', imageUrl: '', sortOrder: 0, isActive: true });

    // POST with a non-zero id updates that block (as the older system's client does; docs/product-rules.md#content-blocks).
    const viaPost = await api.call('POST', '/api/cms/blocks', {
      token: tokens.admin,
      body: { blockID: id, slug, title: 'Second title', body: 'Body 2', imageUrl: '', sortOrder: 4, isActive: true },
    });
    expect(viaPost.status).toBe(200);
    expect(viaPost.json).toMatchObject({ blockID: id, title: 'Second title', sortOrder: 4 });

    const viaPut = await api.call('PUT', `/api/cms/blocks/${id}`, {
      token: tokens.admin,
      body: {
        blockID: id,
        slug,
        title: 'Third title',
        body: 'Body 3',
        imageUrl: 'https://example.org/a.png',
        sortOrder: 5,
        isActive: true,
      },
    });
    expect(viaPut.status).toBe(200);
    expect(viaPut.json).toMatchObject({ blockID: id, title: 'Third title', imageUrl: 'https://example.org/a.png' });

    const list = await api.call('GET', '/api/cms/blocks', { token: tokens.admin, query: { includeInactive: true } });
    const rows = list.json.filter((x: { slug: string }) => x.slug === slug);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ blockID: id, title: 'Third title', body: 'Body 3', sortOrder: 5 });
    expect(rows[0].createdOn).toBe(created.json.createdOn);
  });

  it('refuses updates of blocks that do not exist and ids that disagree', async () => {
    const missingPost = await api.call('POST', '/api/cms/blocks', {
      token: tokens.admin,
      body: { blockID: 999999, slug: uniqueSlug('x'), title: 'X' },
    });
    expect(missingPost.status).toBe(404);
    expect(missingPost.json.message).toBe('Block not found');
    const missingPut = await api.call('PUT', '/api/cms/blocks/999999', {
      token: tokens.admin,
      body: { slug: uniqueSlug('x'), title: 'X' },
    });
    expect(missingPut.status).toBe(404);

    const b = await createBlock({});
    const mismatch = await api.call('PUT', `/api/cms/blocks/${b.blockID}`, {
      token: tokens.admin,
      body: { ...b, blockID: b.blockID + 1000 },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.message).toMatch(/does not match/);

    const badId = await api.call('PUT', '/api/cms/blocks/abc', {
      token: tokens.admin,
      body: { slug: uniqueSlug('x'), title: 'X' },
    });
    expect(badId.status).toBe(400);
  });

  it("answers 'Slug and Title are required' when either is missing or blank", async () => {
    const bodies = [
      { title: 'No slug' },
      { slug: uniqueSlug('notitle') },
      { slug: '   ', title: 'Blank slug' },
      { slug: uniqueSlug('blank'), title: '   ' },
      { slug: null, title: null },
      {},
    ];
    for (const body of bodies) {
      const r = await api.call('POST', '/api/cms/blocks', { token: tokens.admin, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.message).toBe('Slug and Title are required');
    }
  });

  it('keeps slugs unique (ignoring case) and frees a slug when a block is renamed', async () => {
    const slug = uniqueSlug('unique');
    const first = await createBlock({ slug });
    const dup = await api.call('POST', '/api/cms/blocks', {
      token: tokens.admin,
      body: { slug: slug.toUpperCase(), title: 'Dup' },
    });
    expect(dup.status).toBe(409);
    expect(dup.json.message).toBe(`A block with the slug '${slug}' already exists. Choose another slug.`);

    const other = await createBlock({});
    const steal = await api.call('PUT', `/api/cms/blocks/${other.blockID}`, { token: tokens.admin, body: { ...other, slug } });
    expect(steal.status).toBe(409);

    const renamed = await api.call('PUT', `/api/cms/blocks/${first.blockID}`, {
      token: tokens.admin,
      body: { ...first, slug: `${slug}-new` },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json.slug).toBe(`${slug}-new`);
    const take = await api.call('PUT', `/api/cms/blocks/${other.blockID}`, { token: tokens.admin, body: { ...other, slug } });
    expect(take.status).toBe(200);
    expect(take.json.slug).toBe(slug);
  });

  it('lets exactly one of several simultaneous creates claim a slug', async () => {
    const slug = uniqueSlug('race');
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api.call('POST', '/api/cms/blocks', { token: tokens.admin, body: { slug, title: `Racer ${i}` } }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const list = await api.call('GET', '/api/cms/blocks', { token: tokens.admin, query: { includeInactive: true } });
    expect(list.json.filter((b: { slug: string }) => b.slug === slug)).toHaveLength(1);
  });

  it('accepts only http(s) or site-relative image addresses', async () => {
    const bad = [
      'javascript:alert(1)',
      'JavaScript:window.__xss=1',
      ' javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'vbscript:msgbox',
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      'images/x.png',
      'https://',
      'http://exa mple.org/a.png',
    ];
    for (const imageUrl of bad) {
      const r = await api.call('POST', '/api/cms/blocks', {
        token: tokens.admin,
        body: { slug: uniqueSlug('img'), title: 'Img', imageUrl },
      });
      expect(r.status, imageUrl).toBe(400);
      expect(r.json.message).toMatch(/Image URL must start with http:\/\/, https:\/\/ or \//);
    }
    for (const imageUrl of ['https://example.org/a.png', 'http://example.org/a.png?x=1', '/uploads/a.png', '']) {
      const r = await api.call('POST', '/api/cms/blocks', {
        token: tokens.admin,
        body: { slug: uniqueSlug('img'), title: 'Img', imageUrl },
      });
      expect(r.status, imageUrl).toBe(201);
      expect(r.json.imageUrl).toBe(imageUrl);
    }
  });

  it('bounds lengths and checks types with clear messages', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: 'x'.repeat(201) }, /Title: at most 200 characters/],
      [{ slug: 's'.repeat(65) }, /Slug: at most 64 characters/],
      [{ body: 'b'.repeat(5001) }, /Body: at most 5000 characters/],
      [{ slug: 'has space' }, /Slug: letters, digits/],
      [{ sortOrder: 1.5 }, /Sort order must be a whole number/],
      [{ sortOrder: 'first' }, /Sort order must be a number/],
      [{ sortOrder: 1e9 }, /Sort order must be at most/],
      [{ isActive: 'yes' }, /isActive must be true or false/],
      [{ title: 42 }, /Slug and Title are required/],
    ];
    for (const [fields, message] of cases) {
      const r = await api.call('POST', '/api/cms/blocks', {
        token: tokens.admin,
        body: { slug: uniqueSlug('len'), title: 'T', ...fields },
      });
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.json.message).toMatch(message);
    }
    const okBody = await api.call('POST', '/api/cms/blocks', {
      token: tokens.admin,
      body: { slug: uniqueSlug('len'), title: 'T', body: 'b'.repeat(5000) },
    });
    expect(okBody.status).toBe(201);
  });

  it('stores markup as plain text, byte for byte', async () => {
    const payload = '<script>window.__xss=1</script><img src=x onerror="window.__xss=1">';
    const b = await createBlock({ title: payload, body: `line 1\n${payload}` });
    const got = (await summary()).blocks.find((x) => x.blockID === b.blockID) as unknown as { title: string; body: string };
    expect(got.title).toBe(payload);
    expect(got.body).toBe(`line 1\n${payload}`);
  });

  it('refuses malformed requests with 4xx, never 5xx', async () => {
    const notJson = await postUnreadableJson(api, '/api/cms/blocks', '{"slug":', tokens.admin);
    expect(notJson.status).toBe(400);
    const list = await api.call('POST', '/api/cms/blocks', { token: tokens.admin, body: [1, 2] });
    expect(list.status).toBe(400);
    const text = await api.call('POST', '/api/cms/blocks', {
      token: tokens.admin,
      rawBody: 'slug=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    const empty = await api.call('POST', '/api/cms/announcements', { token: tokens.admin });
    expect(empty.status).toBe(400);
  });
});

describe('announcements (CMS)', () => {
  it('creates when announcementID is 0 or absent and updates otherwise', async () => {
    const a = await createAnnouncement({ title: 'One', severity: 'warn' });
    const noId = await api.call('POST', '/api/cms/announcements', { token: tokens.admin, body: { title: 'Two', message: 'M' } });
    expect(noId.status).toBe(201);
    expect(noId.json.announcementID).not.toBe(a.announcementID);
    expect(noId.json).toMatchObject({ severity: 'info', endAt: null, isActive: true });
    expect(Date.parse(noId.json.startAt)).not.toBeNaN();

    const viaPost = await api.call('POST', '/api/cms/announcements', {
      token: tokens.admin,
      body: { ...a, title: 'One (edited)' },
    });
    expect(viaPost.status).toBe(200);
    expect(viaPost.json).toMatchObject({
      announcementID: a.announcementID,
      title: 'One (edited)',
      severity: 'warn',
      startAt: a.startAt,
    });

    const viaPut = await api.call('PUT', `/api/cms/announcements/${a.announcementID}`, {
      token: tokens.admin,
      body: { title: 'One (again)', message: 'M2', severity: 'success', endAt: '' },
    });
    expect(viaPut.status).toBe(200);
    // startAt left out keeps the stored one; an empty end time is stored as none.
    expect(viaPut.json).toMatchObject({
      announcementID: a.announcementID,
      title: 'One (again)',
      severity: 'success',
      startAt: a.startAt,
      endAt: null,
    });

    const all = await api.call('GET', '/api/cms/announcements', { token: tokens.admin, query: { includeInactive: true } });
    expect(all.json.filter((x: { announcementID: number }) => x.announcementID === a.announcementID)).toHaveLength(1);

    const missing = await api.call('PUT', '/api/cms/announcements/987654', {
      token: tokens.admin,
      body: { title: 'T', message: 'M' },
    });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('Announcement not found');
  });

  it("answers 'Title & Message required' when either is missing or blank", async () => {
    for (const body of [
      { message: 'only message' },
      { title: 'only title' },
      { title: ' ', message: 'm' },
      { title: 't', message: '' },
      {},
    ]) {
      const r = await api.call('POST', '/api/cms/announcements', { token: tokens.admin, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.message).toBe('Title & Message required');
    }
  });

  it('stores an empty end time as null and normalises times to UTC', async () => {
    const a = await createAnnouncement({ startAt: '2024-06-01T10:00+05:30', endAt: '' });
    expect(a.endAt).toBeNull();
    expect(a.startAt).toBe('2024-06-01T04:30:00.000Z');
  });

  it('checks severity, times and lengths with clear messages', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ severity: 'error' }, /Severity must be info, success, warn or danger/],
      [{ startAt: 'tomorrow' }, /Start time must be a date and time/],
      [{ startAt: '2025-13-45T99:00:00Z' }, /Start time must be a date and time/],
      [{ endAt: '2025-01-01' }, /End time must be a date and time/],
      [{ startAt: at(HOUR), endAt: at(-HOUR) }, /End time must be after the start time/],
      [{ title: 't'.repeat(201) }, /Title: at most 200 characters/],
      [{ message: 'm'.repeat(2001) }, /Message: at most 2000 characters/],
      [{ isActive: 1 }, /isActive must be true or false/],
    ];
    for (const [fields, message] of cases) {
      const r = await api.call('POST', '/api/cms/announcements', {
        token: tokens.admin,
        body: { title: 'T', message: 'M', ...fields },
      });
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.json.message).toMatch(message);
    }
    // An end before the stored start is caught on update too.
    const a = await createAnnouncement({ startAt: at(-HOUR) });
    const r = await api.call('PUT', `/api/cms/announcements/${a.announcementID}`, {
      token: tokens.admin,
      body: { title: 'T', message: 'M', endAt: at(-2 * HOUR) },
    });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('End time must be after the start time');
  });
});

describe('who may call the CMS', () => {
  const cmsCalls: [string, string, unknown?][] = [
    ['GET', '/api/cms/blocks'],
    ['POST', '/api/cms/blocks', { slug: 'nope', title: 'Nope' }],
    ['PUT', '/api/cms/blocks/1', { slug: 'nope', title: 'Nope' }],
    ['GET', '/api/cms/announcements'],
    ['POST', '/api/cms/announcements', { title: 'Nope', message: 'Nope' }],
    ['PUT', '/api/cms/announcements/1', { title: 'Nope', message: 'Nope' }],
  ];

  it('refuses anonymous callers (401), sellers and users (403); admins and super admins pass', async () => {
    const seller = await api.tokenFor('seller');
    const user = await api.tokenFor('user');
    const superAdmin = await api.tokenFor('super_admin');
    for (const [method, path, body] of cmsCalls) {
      const anon = await api.call(method, path, { body });
      expect(anon.status, `${method} ${path} anonymous`).toBe(401);
      for (const token of [seller, user]) {
        const r = await api.call(method, path, { body, token });
        expect(r.status, `${method} ${path}`).toBe(403);
      }
    }
    const before = (await api.call('GET', '/api/cms/blocks', { token: tokens.admin, query: { includeInactive: true } })).json;
    expect(before.some((b: { slug: string }) => b.slug === 'nope')).toBe(false);
    for (const token of [tokens.admin, superAdmin]) {
      expect((await api.call('GET', '/api/cms/blocks', { token })).status).toBe(200);
      expect((await api.call('GET', '/api/cms/announcements', { token })).status).toBe(200);
    }
  });

  it('lets anyone read the summary, with or without a token', async () => {
    const seller = await api.tokenFor('seller');
    expect((await api.call('GET', '/api/home/summary')).status).toBe(200);
    expect((await api.call('GET', '/api/home/summary', { token: seller })).status).toBe(200);
  });
});

describe('registration status on the home page', () => {
  const SETTINGS = {
    Is_SVS_Form_On: true,
    PerDayLimit: 0,
    AppointmentStartDate: '',
    WeeklyOffDay: 0,
    Holidays: [],
    ShiftLabels: ['Morning', 'Afternoon'],
  };
  const saveSettings = (body: Record<string, unknown>) =>
    api.call('PUT', '/api/settings', { token: tokens.admin, body: { ...SETTINGS, ...body } });

  it('says registrations are open and their next opening not announced, by default', async () => {
    const r = await api.call('GET', '/api/home/summary');
    expect(r.json).toMatchObject({ registrationOpen: true, registrationOpensNext: '' });
  });

  it('carries the switch and when registrations open next, as an admin saves them on Settings', async () => {
    const saved = await saveSettings({ Is_SVS_Form_On: false, RegistrationOpensNext: ' 2027-03-15 ' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.RegistrationOpensNext).toBe('2027-03-15');
    expect(await summary()).toMatchObject({ registrationOpen: false, registrationOpensNext: '2027-03-15' });
    // The registration page's closed notice reads the same public key without signing in.
    const key = await api.call('GET', '/api/config/RegistrationOpensNext');
    expect(key.status).toBe(200);
    expect(key.json.value).toBe('2027-03-15');

    await saveSettings({ Is_SVS_Form_On: false, RegistrationOpensNext: 'रबी की कटाई के बाद / after the rabi harvest' });
    expect(await summary()).toMatchObject({ registrationOpensNext: 'रबी की कटाई के बाद / after the rabi harvest' });
  });

  it('keeps the stored text when a save leaves the field out, and empties it when sent empty', async () => {
    await saveSettings({ Is_SVS_Form_On: false, RegistrationOpensNext: '2027-04-01' });
    const without = await saveSettings({ Is_SVS_Form_On: true });
    expect(without.status, without.text).toBe(200);
    expect(without.json.RegistrationOpensNext).toBe('2027-04-01');
    expect(await summary()).toMatchObject({ registrationOpen: true, registrationOpensNext: '2027-04-01' });

    await saveSettings({ RegistrationOpensNext: '' });
    expect(await summary()).toMatchObject({ registrationOpensNext: '' });
  });

  it('refuses an impossible date or a long text with a 400 naming the field, and keeps what was stored', async () => {
    await saveSettings({ RegistrationOpensNext: '2027-05-01' });
    const badDay = await saveSettings({ RegistrationOpensNext: '2027-02-30' });
    expect(badDay.status).toBe(400);
    expect(badDay.json.message).toBe('Registrations open next: Not a date: 2027-02-30 (use YYYY-MM-DD)');
    expect(badDay.json.fields?.RegistrationOpensNext).toBeTruthy();

    const long = await saveSettings({ RegistrationOpensNext: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.json.message).toBe('At most 100 characters');

    const notText = await saveSettings({ RegistrationOpensNext: 20270501 });
    expect(notText.status).toBe(400);

    expect(await summary()).toMatchObject({ registrationOpensNext: '2027-05-01' });
  });
});
