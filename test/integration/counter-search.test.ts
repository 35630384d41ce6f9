import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClockForTests as setCounterClock } from '@functions/counter/counter-clock';
import { kolkataDay } from '@functions/lib/stats';
import { NO_DENOMINATIONS } from '@shared/schemas/day-close';
import { seedFormCrops } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { newRegistration, saveConfig, type Registered } from '../support/steps';

/**
 * What the counter's search sends the server (docs/product-rules.md#the-counters-search-never-picks-a-farmer-by-a-part-of-a-number):
 * a number typed at the counter is a registration number, looked up by the server as such, never a part of
 * another farmer's mobile; another day's registration is found by its number too (refused naming its day, or
 * checked in when the counter accepts letters of other days). And what Today is told besides its rows: which
 * day is today, and whether the seller's own day of sales is closed.
 */
const { api, tokens } = useTestApi('super_admin', 'admin', 'seller');

type Due = Registered & { appointmentDate: string };
/** Due on the counter's day; its mobile holds the number of `later`. */
let due: Due;
/** Due on the next working day. */
let later: Due;
let day = '';

/** What the counter sends, malformed too. */
const checkin = (body: unknown) => api.call('POST', '/api/checkin', { token: tokens.seller, body });
async function registered(over: Record<string, unknown> = {}): Promise<Due> {
  const reg = await newRegistration(api, over);
  const read = await api.route('GET /api/registrations/{id}', {
    token: tokens.admin,
    params: { id: String(reg.id) },
    query: { year: reg.year },
  });
  expect(read.status, read.text).toBe(200);
  const appointmentDate = read.data.appointmentDate;
  expect(appointmentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return { ...reg, appointmentDate: appointmentDate! };
}
const todayOf = async (token = tokens.seller, query: { date?: string } = {}) => {
  const r = await api.route('GET /api/today', { token, query });
  expect(r.status, r.text).toBe(200);
  return r.data;
};
const rowOf = async (id: number) => (await todayOf()).items.find((r) => r.registrationId === id);

beforeAll(async () => {
  await seedFormCrops();
  // One farmer a day: the second registration gets the next working day.
  await saveConfig(api, tokens.super_admin, 'PerDayLimit', '1');
  due = await registered({ mobile: '9812345678' });
  later = await registered();
  day = due.appointmentDate;
  expect(later.appointmentDate > day).toBe(true);
  // The premise of the search's old fault: the later farmer's number is a part of the due farmer's mobile.
  expect('9812345678').toContain(String(later.id));
  setCounterClock(() => new Date(`${day}T11:00:00+05:30`));
});

afterAll(() => setCounterClock());

describe('a typed registration number', () => {
  it('finds another day’s registration by its number and refuses it naming its day; the farmer whose mobile holds the number is not checked in', async () => {
    await saveConfig(api, tokens.super_admin, 'AcceptOtherDays', 'false');
    const r = await checkin({ registrationId: later.id });
    expect(r.status, r.text).toBe(409);
    expect(r.json.code).toBe('other-day');
    expect(r.json.fields).toEqual({ appointmentDate: later.appointmentDate });
    expect(await rowOf(due.id)).toMatchObject({ status: 'expected', token: null });
  });

  it('checks another day’s registration in by its number alone when the counter accepts letters of other days', async () => {
    await saveConfig(api, tokens.super_admin, 'AcceptOtherDays', 'true');
    try {
      const r = await checkin({ registrationId: later.id });
      expect(r.status, r.text).toBe(200);
      expect(r.json.registration).toMatchObject({
        registrationId: later.id,
        otherDay: true,
        appointmentDate: later.appointmentDate,
      });
      expect(await rowOf(due.id)).toMatchObject({ status: 'expected', token: null });
      expect(await rowOf(later.id)).toMatchObject({ status: 'arrived', otherDay: true, token: r.json.token });
    } finally {
      await saveConfig(api, tokens.super_admin, 'AcceptOtherDays', 'false');
    }
  });

  it('answers 404 for a number no registration has, though it is a part of a listed farmer’s mobile, and checks in nobody', async () => {
    const before = (await todayOf()).counts.arrived;
    for (const n of [78, 345, 12345678]) {
      const r = await checkin({ registrationId: n });
      expect(r.status, r.text).toBe(404);
      expect(r.json.code).toBe('not-found');
    }
    expect((await todayOf()).counts.arrived).toBe(before);
    expect(await rowOf(due.id)).toMatchObject({ status: 'expected', token: null });
  });

  it('checks in the number’s own registration, of the year given or else of the day', async () => {
    const wrongYear = await checkin({ registrationId: due.id, year: due.year - 1 });
    expect(wrongYear.status, wrongYear.text).toBe(404);
    const r = await checkin({ registrationId: due.id });
    expect(r.status, r.text).toBe(200);
    expect(r.json.registration).toMatchObject({ registrationId: due.id, year: due.year, otherDay: false });
  });

  it('refuses a mobile number, a name or a part of a number sent as the registration number with 400', async () => {
    for (const registrationId of ['9812345678', 'Ram', '12a', 0, -5, 1.5, 1e10]) {
      const r = await checkin({ registrationId });
      expect(r.status, `${registrationId}: ${r.text}`).toBe(400);
    }
  });
});

describe('what Today is told besides its rows', () => {
  it('names today, and the day listed when another is asked for', async () => {
    const list = await todayOf();
    expect(list).toMatchObject({ date: day, today: day });
    const other = await todayOf(tokens.seller, { date: later.appointmentDate });
    expect(other).toMatchObject({ date: later.appointmentDate, today: day });
    expect(other.items.map((r) => r.registrationId)).toContain(later.id);
  });

  it('says the seller’s own day is closed once it is, to that seller only, until an admin reopens it', async () => {
    expect((await todayOf()).dayClosed).toBeNull();
    const saleDay = kolkataDay(new Date());
    const closed = await api.route('POST /api/day-close', {
      token: tokens.seller,
      body: { date: saleDay, denominations: NO_DENOMINATIONS },
    });
    expect(closed.status, closed.text).toBe(201);
    const told = (await todayOf()).dayClosed;
    expect(told).toMatchObject({ date: saleDay, closedAt: closed.data.closedAt });
    expect(told?.closedByName).toBeTruthy();
    expect((await todayOf(tokens.admin)).dayClosed).toBeNull();

    const reopened = await api.route('POST /api/day-close/{id}/reopen', {
      token: tokens.admin,
      params: { id: closed.data.id },
      body: { reason: 'Counted again' },
    });
    expect(reopened.status, reopened.text).toBe(200);
    expect((await todayOf()).dayClosed).toBeNull();
  });
});
