import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand, UpdateCommand } from '@functions/lib/dynamo-commands';
import { docClient, tableName } from '@functions/lib/aws';
import { dueEntry } from '@functions/allocation/entries';
import { codeKey, regKey, type RegistrationItem } from '@functions/registrations/registration-entity';
import { setClockForTests as setCounterClock } from '@functions/counter/counter-clock';
import { setClockForTests } from '@functions/sales/sale-clock';
import { useTestApi } from '../support/integration';
import { settleAfterEachTest } from '../support/started-work';
import { seedFormCrops } from '../fixtures/registration-helpers';
import { newRegistration } from '../support/steps';

/**
 * The counter's day (docs/decisions/0025-counter-day.md): tokens with no gap and no repeat under a burst of
 * check-ins, one token per registration, every refusal, today's list with its statuses and counts, the queue
 * display, and who may call what.
 */
const { api, tokens } = useTestApi('super_admin', 'admin', 'seller', 'user');
const work = settleAfterEachTest();

/** The appointment day of the form's registrations: the counter's clock is set to it (noon in India). */
let day = '';
let template: RegistrationItem;
let nextId = 900_000;
const atNoon = (d: string) => new Date(`${d}T12:00:00+05:30`);
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function formRegistration(): Promise<{ id: number; year: number; code: string }> {
  const data = await newRegistration(api);
  return { id: data.id, year: data.year, code: data.uniqueCode };
}

/**
 * A registration put straight into the table, like the form's but numbered from 900000, with its letter code
 * and (confirmed, unbilled, with a day) its due entry. `over` changes its status, day, shift or billing.
 */
async function seeded(over: Partial<RegistrationItem> = {}): Promise<RegistrationItem & { code: string }> {
  const id = ++nextId;
  const code = `counterSeed${id}abcdefgh`;
  const item: RegistrationItem = {
    ...template,
    pk: regKey(template.year, id).pk,
    id,
    name: `Farmer ${id}`,
    nameLc: `farmer ${id}`,
    mobileNumber: `98${String(id).padStart(8, '0')}`,
    uniqeCode: code,
    gsi1sk: `${template.created}#${String(id).padStart(10, '0')}`,
    gsi3pk: `REGID#${id}`,
    gsi3sk: String(template.year),
    appointmentDate: day,
    appointmentShiftNumber: 1,
    isBilled: false,
    invoiceNumber: null,
    ...over,
  };
  await docClient().send(new PutCommand({ TableName: tableName(), Item: item }));
  await docClient().send(new PutCommand({ TableName: tableName(), Item: { ...codeKey(code), year: item.year, id } }));
  if ((item.status ?? 'confirmed') === 'confirmed' && !item.isBilled && item.appointmentDate) {
    const due = dueEntry(item.appointmentDate, { cropId: item.cropId!, year: item.year, id, grams: item.promisedGrams ?? 0 });
    await docClient().send(new PutCommand({ TableName: tableName(), Item: due }));
  }
  return { ...item, code };
}

const checkin = (body: unknown, token = tokens.seller) => api.call('POST', '/api/checkin', { token, body });
const today = (query: Record<string, string | number> = {}, token = tokens.seller) =>
  api.call('GET', '/api/today', { token, query });
const setAcceptOtherDays = async (on: boolean) => {
  const r = await api.call('POST', '/api/config', {
    token: tokens.super_admin,
    body: { key: 'AcceptOtherDays', value: on ? 'true' : 'false' },
  });
  expect(r.status, r.text).toBeLessThan(300);
};

beforeAll(async () => {
  await seedFormCrops();
  const first = await formRegistration();
  const reg = await api.call('GET', `/api/registrations/${first.id}`, { token: tokens.admin, query: { year: first.year } });
  expect(reg.status, reg.text).toBe(200);
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  template = (await docClient().send(new GetCommand({ TableName: tableName(), Key: regKey(first.year, first.id) })))
    .Item as RegistrationItem;
  expect(template.appointmentDate).toBeTruthy();
  day = template.appointmentDate!;
  setCounterClock(() => atNoon(day));
});

afterEach(async () => {
  setCounterClock(() => atNoon(day));
  setClockForTests();
});

afterAll(() => {
  setCounterClock();
  setClockForTests();
});

describe('tokens', () => {
  it('gives 50 concurrent check-ins of 50 registrations tokens 1..50, each once', async () => {
    const regs = await Promise.all(Array.from({ length: 50 }, () => seeded()));
    const replies = await work.all(regs.map((r) => checkin({ code: r.code })));
    for (const r of replies) expect(r.status, r.text).toBe(200);
    const given = replies.map((r) => r.json.token as number).sort((a, b) => a - b);
    const before = given[0] - 1;
    expect(given).toEqual(Array.from({ length: 50 }, (_, i) => before + i + 1));
    // Tokens are per day and start at 1: nothing was checked in on this day before this test.
    expect(before).toBe(0);
    const byReg = new Map(replies.map((r) => [r.json.registration.registrationId, r.json.token]));
    expect(byReg.size).toBe(50);
    const list = await today();
    expect(list.json.counts.arrived).toBeGreaterThanOrEqual(50);
    for (const row of list.json.items.filter((i: any) => byReg.has(i.registrationId))) {
      expect(row.token).toBe(byReg.get(row.registrationId));
      expect(row.status).toBe('arrived');
    }
  });

  it('gives 20 concurrent check-ins of one registration one token', async () => {
    const reg = await seeded();
    const replies = await work.all(
      Array.from({ length: 20 }, (_, i) => checkin(i % 2 ? { code: reg.code } : { registrationId: reg.id, year: reg.year })),
    );
    for (const r of replies) expect(r.status, r.text).toBe(200);
    expect(new Set(replies.map((r) => r.json.token)).size).toBe(1);
    expect(replies.filter((r) => r.json.newCheckin)).toHaveLength(1);
    const again = await checkin({ code: `http://localhost:3000/svs/appointment/${reg.code}` });
    expect(again.status, again.text).toBe(200);
    expect(again.json.token).toBe(replies[0].json.token);
    expect(again.json.newCheckin).toBe(false);
  });

  it('checks in by the number alone, picking the registration of the day', async () => {
    const reg = await seeded();
    const r = await checkin({ registrationId: reg.id });
    expect(r.status, r.text).toBe(200);
    expect(r.json.registration).toMatchObject({ registrationId: reg.id, year: reg.year, status: 'arrived', otherDay: false });
  });
});

describe('refusals', () => {
  it.each([
    ['expired', { status: 'expired' as const }],
    ['cancelled', { status: 'cancelled' as const }],
    ['waitlisted', { status: 'waitlisted' as const, appointmentDate: undefined }],
    ['applied', { status: 'applied' as const, appointmentDate: undefined }],
    ['billed', { isBilled: true, invoiceNumber: 'INV2627-000999' }],
  ])('refuses a %s registration with 409 and its code, in Hindi and English', async (reason, over) => {
    const reg = await seeded(over);
    const r = await checkin({ code: reg.code });
    expect(r.status, r.text).toBe(409);
    expect(r.json.code).toBe(reason);
    expect(r.json.message).toMatch(/[\u0900-\u097F]/);
    expect(r.json.message).toMatch(/[A-Za-z]{4}/);
  });

  it('names the bill of an already billed registration', async () => {
    const reg = await seeded({ isBilled: true, invoiceNumber: 'INV2627-000998' });
    const r = await checkin({ code: reg.code });
    expect(r.status, r.text).toBe(409);
    expect(r.json.fields).toEqual({ invoiceNumber: 'INV2627-000998' });
    expect(r.json.message).toContain('INV2627-000998');
  });

  it('refuses another day’s letter while AcceptOtherDays is off, and checks it in marked when it is on', async () => {
    const reg = await seeded({ appointmentDate: dayAfter(day) });
    const refused = await checkin({ code: reg.code });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.code).toBe('other-day');
    expect(refused.json.fields).toEqual({ appointmentDate: dayAfter(day) });
    expect(refused.json.message).toContain(dayAfter(day));
    await setAcceptOtherDays(true);
    try {
      const ok = await checkin({ code: reg.code });
      expect(ok.status, ok.text).toBe(200);
      expect(ok.json.registration.otherDay).toBe(true);
      const row = (await today()).json.items.find((i: any) => i.registrationId === reg.id);
      expect(row).toMatchObject({ status: 'arrived', otherDay: true, token: ok.json.token });
    } finally {
      await setAcceptOtherDays(false);
    }
  });

  it('answers 404 for an unknown letter or number', async () => {
    const unknownCode = await checkin({ code: 'nobodyHasThisCode1234' });
    expect(unknownCode.status).toBe(404);
    expect(unknownCode.json.code).toBe('not-found');
    expect((await checkin({ registrationId: 987_654_321 })).status).toBe(404);
  });
});

describe("today's list", () => {
  it('shows expected, arrived and billed with their counts, filters by shift, and turns expected into no-show once the day is past', async () => {
    // A day of its own: the burst above filled the form's day, and the other-day test's letter is due the day after.
    const listDay = dayAfter(dayAfter(day));
    setCounterClock(() => atNoon(listDay));
    const expected1 = await seeded({ appointmentDate: listDay, appointmentShiftNumber: 1 });
    const expected2 = await seeded({ appointmentDate: listDay, appointmentShiftNumber: 2 });
    const arrived = await seeded({ appointmentDate: listDay, appointmentShiftNumber: 2 });
    expect((await checkin({ code: arrived.code })).status).toBe(200);
    // A real bill: a form registration moved to this day, checked in and sold on this day.
    const form = await formRegistration();
    await docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: regKey(form.year, form.id),
        UpdateExpression: 'SET appointmentDate = :d, appointmentShiftNumber = :s',
        ExpressionAttributeValues: { ':d': listDay, ':s': 1 },
      }),
    );
    setClockForTests(() => atNoon(listDay));
    const lots = await api.call('GET', '/api/lots/for-crop', { token: tokens.seller, query: { cropId: template.cropId! } });
    const sale = await api.call('POST', '/api/sales/make', {
      token: tokens.seller,
      body: { lotID: lots.json[0].lotID, registrationID: form.id, year: form.year, bags: 1, paymentMode: 'Cash' },
    });
    expect(sale.status, sale.text).toBe(201);

    const list = await today({ date: listDay });
    expect(list.status, list.text).toBe(200);
    const statusOf = (id: number) => list.json.items.find((i: any) => i.registrationId === id)?.status;
    expect(statusOf(expected1.id)).toBe('expected');
    expect(statusOf(expected2.id)).toBe('expected');
    expect(statusOf(arrived.id)).toBe('arrived');
    expect(statusOf(form.id)).toBe('billed');
    expect(list.json.items.find((i: any) => i.registrationId === form.id).invoiceNumber).toBe(sale.json.invoiceNumber);
    expect(list.json.counts).toEqual({ expected: 2, arrived: 1, billed: 1, 'no-show': 0, total: 4 });
    for (const row of list.json.items) expect(JSON.stringify(row)).not.toMatch(/\d{12}/);

    const shift2 = await today({ date: listDay, shift: 2 });
    expect(shift2.json.items.map((i: any) => i.registrationId).sort()).toEqual([expected2.id, arrived.id].sort());
    expect(shift2.json.counts).toEqual({ expected: 1, arrived: 1, billed: 0, 'no-show': 0, total: 2 });

    setCounterClock(() => atNoon(dayAfter(listDay)));
    const past = await today({ date: listDay });
    expect(past.json.counts).toEqual({ expected: 0, arrived: 1, billed: 1, 'no-show': 2, total: 4 });
  });

  it('refuses a malformed date or shift with 400', async () => {
    expect((await today({ date: '2026-02-30' })).status).toBe(400);
    expect((await today({ date: 'today' })).status).toBe(400);
    expect((await today({ shift: 3 })).status).toBe(400);
  });
});

describe('queue', () => {
  it('shows the served token per counter and the next waiting tokens, with no names or numbers, cacheable for 5 s', async () => {
    const queueDay = dayAfter(dayAfter(dayAfter(dayAfter(day))));
    setCounterClock(() => atNoon(queueDay));
    const regs = [];
    for (let i = 0; i < 4; i++) regs.push(await seeded({ appointmentDate: queueDay }));
    for (const r of regs) expect((await checkin({ code: r.code })).json.token).toBeGreaterThan(0);
    const served = await api.call('POST', '/api/queue/serve', {
      token: tokens.seller,
      body: { registrationId: regs[0].id, year: regs[0].year, counter: 'Counter 2' },
    });
    expect(served.status, served.text).toBe(200);
    expect(served.json).toMatchObject({ counter: 'Counter 2', token: 1 });

    const q = await api.call('GET', '/api/queue');
    expect(q.status, q.text).toBe(200);
    expect(q.headers.get('cache-control')).toBe('public, max-age=5');
    expect(q.json.serving).toEqual([{ counter: 'Counter 2', token: 1, since: served.json.since }]);
    expect(q.json.next).toEqual([2, 3, 4]);
    const text = q.text;
    for (const r of regs) {
      expect(text).not.toContain(r.name);
      expect(text).not.toContain(String(r.id));
      expect(text).not.toContain(r.mobileNumber);
    }
  });

  /** A day of its own for each queue test (the queue is per day), with `n` farmers checked in. */
  let queueDays = 10;
  async function checkedInOnOwnDay(n: number) {
    let d = day;
    for (let i = 0; i < queueDays; i++) d = dayAfter(d);
    queueDays++;
    setCounterClock(() => atNoon(d));
    const regs = [];
    for (let i = 0; i < n; i++) regs.push(await seeded({ appointmentDate: d }));
    for (const r of regs) expect((await checkin({ code: r.code })).status).toBe(200);
    return regs;
  }
  const serveAt = (r: { id: number; year: number }, at: string, token = tokens.seller) =>
    api.call('POST', '/api/queue/serve', { token, body: { registrationId: r.id, year: r.year, counter: at } });
  const queueNow = async () => (await api.call('GET', '/api/queue')).json;

  it('moves a token called at another counter there: one token at one counter', async () => {
    const [a] = await checkedInOnOwnDay(2);
    expect((await serveAt(a, 'Counter A')).status).toBe(200);
    const moved = await serveAt(a, 'Counter B');
    expect(moved.status, moved.text).toBe(200);
    const q = await queueNow();
    expect(q.serving.map((s: any) => [s.counter, s.token])).toEqual([['Counter B', 1]]);
    expect(q.next).toEqual([2]);
  });

  it('keeps a token at one counter when 20 counters call it at once', async () => {
    const [a] = await checkedInOnOwnDay(1);
    const replies = await work.all(Array.from({ length: 20 }, (_, i) => serveAt(a, `Desk ${i + 1}`)));
    for (const r of replies) expect(r.status, r.text).toBe(200);
    const q = await queueNow();
    expect(q.serving.filter((s: any) => s.token === 1)).toHaveLength(1);
    expect(q.next).toEqual([]);
  });

  it('puts a called but unbilled token back among the next when its counter calls another', async () => {
    const [a, b] = await checkedInOnOwnDay(3);
    expect((await serveAt(a, 'Counter 1')).status).toBe(200);
    expect((await queueNow()).next).toEqual([2, 3]);
    expect((await serveAt(b, 'Counter 1')).status).toBe(200);
    const q = await queueNow();
    expect(q.serving.map((s: any) => [s.counter, s.token])).toEqual([['Counter 1', 2]]);
    expect(q.next).toEqual([1, 3]);
  });

  it('refuses to serve a billed registration with 409 naming its bill', async () => {
    const [a] = await checkedInOnOwnDay(1);
    await docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: regKey(a.year, a.id),
        UpdateExpression: 'SET isBilled = :t, invoiceNumber = :n',
        ExpressionAttributeValues: { ':t': true, ':n': 'INV2627-000997' },
      }),
    );
    const r = await serveAt(a, 'Counter 1');
    expect(r.status, r.text).toBe(409);
    expect(r.json.code).toBe('billed');
    expect(r.json.fields).toEqual({ invoiceNumber: 'INV2627-000997' });
    expect((await queueNow()).serving).toEqual([]);
  });

  it('frees a counter on the display once the token it serves is billed, and keeps the next ones', async () => {
    const [a] = await checkedInOnOwnDay(2);
    expect((await serveAt(a, 'Counter 1')).status).toBe(200);
    expect((await queueNow()).serving.map((s: any) => [s.counter, s.token])).toEqual([['Counter 1', 1]]);
    await docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: regKey(a.year, a.id),
        UpdateExpression: 'SET isBilled = :t, invoiceNumber = :n',
        ExpressionAttributeValues: { ':t': true, ':n': 'INV2627-000998' },
      }),
    );
    const q = await queueNow();
    expect(q.serving).toEqual([]);
    expect(q.next).toEqual([2]);
  });

  it('refuses to serve a farmer checked in on another day', async () => {
    const [a] = await checkedInOnOwnDay(1);
    setCounterClock(() => atNoon(dayAfter(dayAfter(day))));
    const r = await serveAt(a, 'Counter 1');
    expect(r.status, r.text).toBe(409);
    expect(r.json.code).toBe('not-checked-in');
  });

  it('refuses to serve a farmer who has not checked in', async () => {
    const reg = await seeded();
    const r = await api.call('POST', '/api/queue/serve', {
      token: tokens.seller,
      body: { registrationId: reg.id, year: reg.year, counter: 'Counter 1' },
    });
    expect(r.status).toBe(409);
    expect(r.json.code).toBe('not-checked-in');
  });
});

describe('access and bad input', () => {
  it('answers 401 without a token and 403 to a user for the staff routes; the queue is public', async () => {
    const reg = await seeded();
    expect((await api.call('GET', '/api/today')).status).toBe(401);
    expect((await api.call('POST', '/api/checkin', { body: { code: reg.code } })).status).toBe(401);
    expect((await api.call('POST', '/api/queue/serve', { body: { registrationId: 1, year: 2026, counter: 'A' } })).status).toBe(
      401,
    );
    expect((await today({}, tokens.user)).status).toBe(403);
    expect((await checkin({ code: reg.code }, tokens.user)).status).toBe(403);
    expect(
      (
        await api.call('POST', '/api/queue/serve', {
          token: tokens.user,
          body: { registrationId: 1, year: 2026, counter: 'A' },
        })
      ).status,
    ).toBe(403);
    expect((await today({}, tokens.admin)).status).toBe(200);
    expect((await api.call('GET', '/api/queue')).status).toBe(200);
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['both a code and a number', { code: 'abcdefghijklmnopqr', registrationId: 5 }],
    ['a code of the wrong shape', { code: 'short' }],
    ['a number as text', { registrationId: 'five' }],
    ['a negative number', { registrationId: -3 }],
    ['an array', [1, 2]],
  ])('refuses a check-in with %s with 400', async (_, body) => {
    const r = await checkin(body);
    expect(r.status, r.text).toBe(400);
  });

  it('refuses malformed JSON and a serve without a counter with 400', async () => {
    const raw = await api.call('POST', '/api/checkin', {
      token: tokens.seller,
      rawBody: '{"code": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    const noCounter = await api.call('POST', '/api/queue/serve', {
      token: tokens.seller,
      body: { registrationId: 1, year: 2026, counter: '  ' },
    });
    expect(noCounter.status).toBe(400);
  });
});
