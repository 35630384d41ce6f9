import { UpdateCommand } from '@functions/lib/dynamo-commands';
import type { DocClient } from '@functions/lib/dynamo-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readPool } from '@functions/allocation/pool';
import { promote } from '@functions/allocation/promotion';
import { docClient, setDocClientForTests, tableName } from '@functions/lib/aws';
import { padId } from '@functions/lib/counters';
import { clearAppointmentSettingsCache, forgetFullShifts } from '@functions/allocation/appointments';
import { expectConsistent as consistent, expectSlotsMatch as slotsMatch, KG, kgCrop, YEAR } from '../fixtures/allocation-helpers';
import { registerFarmer, validFields } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { scanTable } from '../support/table';
import { farmerToken } from '../support/tokens';

/**
 * Cancellation (docs/decisions/0022-allocation.md, section 6) on DynamoDB Local: by the farmer from the letter
 * (in a farmer session of the registration's mobile: docs/decisions/0043-farmer-one-time-codes.md) or by staff with a reason. The grams go back, the waiting list
 * moves in order, and concurrent cancellations cancel once and never over-promise.
 */
const { api, tokens } = useTestApi('super_admin', 'seller');
let realClient: DocClient;

beforeAll(async () => {
  realClient = docClient();
  const r = await api.call('POST', '/api/config', { token: tokens.super_admin, body: { key: 'PerDayLimit', value: '10' } });
  expect(r.status).toBe(200);
  clearAppointmentSettingsCache();
  forgetFullShifts();
});
afterEach(() => setDocClientForTests(realClient));
afterAll(() => setDocClientForTests(undefined));

const expectConsistent = (cropId: number) => consistent(cropId, realClient);
const expectSlotsMatch = () => slotsMatch(realClient);

interface Registered {
  id: number;
  code: string;
  mobile: string;
  status: string;
  waitlistPosition?: number;
}

/** Registers farmers one after another, each asking for `kg`. */
async function register(cropName: string, count: number, kg: number): Promise<Registered[]> {
  const out: Registered[] = [];
  for (let i = 0; i < count; i++) {
    const fields = validFields({ cropName, bagsRequested: kg });
    const r = await registerFarmer(api, fields);
    expect(r.status).toBe(201);
    out.push({ ...r.json.data, code: r.json.data.uniqueCode, mobile: String(fields.mobile) });
  }
  return out;
}

const letter = async (code: string) => {
  const r = await api.call('GET', `/svsregistration/AppointmentList/${code}`);
  expect(r.status).toBe(200);
  return r.json.data[0];
};
const staffCancel = (id: number, reason = 'Farmer called to cancel', token = tokens.seller) =>
  api.call('POST', `/api/registrations/${id}/cancel`, { token, body: { reason } });
/** The farmer cancels in a session of the mobile (the registration's own unless another is given). */
const farmerCancel = async (code: string, mobile: string) =>
  api.call('POST', `/svsregistration/${code}/cancel`, { token: await farmerToken(mobile), body: {} });

describe('cancelling', () => {
  it('by staff and by the farmer gives the grams to the next waiting farmers in order', async () => {
    const { cropId, cropName } = await kgCrop(6);
    const confirmed = await register(cropName, 3, 2);
    const waiting = await register(cropName, 3, 2);
    expect(confirmed.map((r) => r.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    expect(waiting.map((r) => r.waitlistPosition)).toEqual([1, 2, 3]);

    // Staff cancel the first: the first waiting farmer gets a date on the same letter link.
    const byStaff = await staffCancel(confirmed[0].id, 'Farmer moved away');
    expect(byStaff.status).toBe(200);
    expect(byStaff.json).toMatchObject({ success: true, status: 'cancelled' });
    let s = await expectConsistent(cropId);
    expect(s.byId.get(confirmed[0].id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Farmer moved away',
      cancelledBy: { id: expect.any(Number), name: expect.any(String) },
    });
    expect(Date.parse(s.byId.get(confirmed[0].id)!.cancelledOn)).not.toBeNaN();
    expect(s.byId.get(waiting[0].id)).toMatchObject({ status: 'confirmed' });
    expect(s.byId.get(waiting[1].id)).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
    const promoted = await letter(waiting[0].code);
    expect(promoted).toMatchObject({ status: 'confirmed', appointmentDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(promoted.waitlistPosition).toBeUndefined();
    expect(await letter(waiting[1].code)).toMatchObject({ status: 'waitlisted', waitlistPosition: 2, placesAhead: 0 });
    expect(await letter(waiting[2].code)).toMatchObject({ status: 'waitlisted', waitlistPosition: 3, placesAhead: 1 });
    const cancelledLetter = await letter(confirmed[0].code);
    expect(cancelledLetter.status).toBe('cancelled');
    expect(cancelledLetter.appointmentDate).toBeUndefined();
    expect(cancelledLetter.appointmentShift).toBeUndefined();

    // The audit keeps who cancelled.
    const audit = (await scanTable({ ConsistentRead: true }, realClient)).filter(
      (i) => i.type === 'audit' && i.action === 'registration.cancel' && i.subjectId === confirmed[0].id,
    );
    expect(audit).toHaveLength(1);

    // The farmer cancels from the letter, typing the last 4 digits in Devanagari: the next one moves up.
    const byFarmer = await farmerCancel(confirmed[1].code, confirmed[1].mobile);
    expect(byFarmer.status).toBe(200);
    s = await expectConsistent(cropId);
    expect(s.byId.get(confirmed[1].id)!.cancelReason).toBeUndefined();
    expect(s.byId.get(confirmed[1].id)!.cancelledBy).toBeUndefined();
    expect(s.byId.get(waiting[1].id)).toMatchObject({ status: 'confirmed' });
    expect(await letter(waiting[2].code)).toMatchObject({ status: 'waitlisted', waitlistPosition: 3, placesAhead: 0 });

    // A waiting farmer who cancels leaves the queue; nothing is promised for them.
    expect((await farmerCancel(waiting[2].code, waiting[2].mobile)).status).toBe(200);
    s = await expectConsistent(cropId);
    expect(s.pool).toMatchObject({ confirmed: 3, waiting: 0, cancelled: 3, promisedGrams: 6 * KG, freeGrams: 0 });
    expect(s.queue).toHaveLength(0);
    expect(s.outbox.filter((o) => o.event === 'cancelled').map((o) => o.template)).toEqual(Array(3).fill('allocation.cancelled'));
    await expectSlotsMatch();
  });

  it('refuses billed, expired and cancelled registrations with 409', async () => {
    const { cropName } = await kgCrop(10);
    const [billed, expired, cancelled] = await register(cropName, 3, 1);
    const set = (id: number, expr: string, values: Record<string, unknown>) =>
      realClient.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: `REG#${YEAR}#${padId(id)}`, sk: 'REG' },
          UpdateExpression: expr,
          ExpressionAttributeNames: expr.includes('#status') ? { '#status': 'status' } : undefined,
          ExpressionAttributeValues: values,
        }),
      );
    await set(billed.id, 'SET isBilled = :t', { ':t': true });
    await set(expired.id, 'SET #status = :e', { ':e': 'expired' });
    expect((await staffCancel(cancelled.id)).status).toBe(200);

    const refusals = [
      await staffCancel(billed.id),
      await farmerCancel(billed.code, billed.mobile),
      await staffCancel(expired.id),
      await farmerCancel(cancelled.code, cancelled.mobile),
    ];
    expect(refusals.map((r) => r.status)).toEqual([409, 409, 409, 409]);
    expect(refusals[1].json.message).toMatch(/बीज.*Seed was already issued/);
    expect(refusals[2].json.message).toMatch(/expired/);
    expect(refusals[3].json.message).toMatch(/पहले ही रद्द.*already cancelled/);
  });

  it('cancels a registration stored before allocation (no status, no promised grams) without touching the pool', async () => {
    const { cropId, cropName } = await kgCrop(10);
    const [old] = await register(cropName, 1, 1);
    await realClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `REG#${YEAR}#${padId(old.id)}`, sk: 'REG' },
        UpdateExpression: 'REMOVE #status, promisedGrams',
        ExpressionAttributeNames: { '#status': 'status' },
      }),
    );
    const before = await readPool(cropId, YEAR);
    expect((await farmerCancel(old.code, old.mobile)).status).toBe(200);
    const after = await readPool(cropId, YEAR);
    expect(after).toMatchObject({
      promisedGrams: before.promisedGrams,
      confirmed: before.confirmed,
      cancelled: before.cancelled,
    });
    expect((await letter(old.code)).status).toBe('cancelled');
  });

  it('with 20 cancellations at once promotes each waiting farmer once, in order, never beyond the stock', async () => {
    const { cropId, cropName } = await kgCrop(20);
    const confirmed = await register(cropName, 20, 1);
    const waiting = await register(cropName, 25, 1);
    expect(confirmed.every((r) => r.status === 'confirmed')).toBe(true);

    const replies = await Promise.all(confirmed.map((r, i) => (i % 2 ? staffCancel(r.id) : farmerCancel(r.code, r.mobile))));
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    // A promotion that met another one's work leaves the rest to the next sweep: run it as the sweep would.
    await promote(cropId, YEAR);

    const s = await expectConsistent(cropId);
    expect(s.pool).toMatchObject({ confirmed: 20, waiting: 5, cancelled: 20, promisedGrams: 20 * KG, freeGrams: 0 });
    expect(waiting.slice(0, 20).every((r) => s.byId.get(r.id)!.status === 'confirmed')).toBe(true);
    expect(waiting.slice(20).every((r) => s.byId.get(r.id)!.status === 'waitlisted')).toBe(true);
    expect(s.outbox.filter((o) => o.event === 'promoted')).toHaveLength(20);
    await expectSlotsMatch();
  }, 120_000);

  it('sent 10 times at once cancels once (one 200, nine 409) and promotes one waiting farmer once', async () => {
    const { cropId, cropName } = await kgCrop(2);
    const [first] = await register(cropName, 1, 2);
    const waiting = await register(cropName, 2, 2);
    const replies = await Promise.all(Array.from({ length: 10 }, () => staffCancel(first.id)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const s = await expectConsistent(cropId);
    expect(s.pool).toMatchObject({ confirmed: 1, waiting: 1, cancelled: 1 });
    expect(s.byId.get(waiting[0].id)!.status).toBe('confirmed');
    expect(s.byId.get(waiting[1].id)!.status).toBe('waitlisted');
    expect(s.outbox.filter((o) => o.event === 'cancelled')).toHaveLength(1);
    await expectSlotsMatch();
  });
});

describe('the farmer route', () => {
  it('takes only a session of the registration’s mobile: none or a staff token 401, another mobile’s 404', async () => {
    const { cropId, cropName } = await kgCrop(10);
    const [reg, other] = await register(cropName, 2, 1);
    const noSession = await api.call('POST', `/svsregistration/${reg.code}/cancel`, { body: {} });
    expect(noSession.status).toBe(401);
    expect(noSession.json.message).toMatch(/कोड.*code/);
    const staff = await api.call('POST', `/svsregistration/${reg.code}/cancel`, { token: tokens.super_admin, body: {} });
    expect(staff.status).toBe(401);
    const otherMobile = await farmerCancel(reg.code, other.mobile);
    expect(otherMobile.status).toBe(404);
    expect(otherMobile.json.message).toMatch(/[ऀ-ॿ].*\/ [A-Za-z]/);
    expect((await expectConsistent(cropId)).byId.get(reg.id)!.status).toBe('confirmed');
    expect((await farmerCancel(reg.code, reg.mobile)).status).toBe(200);
  });

  it('answers an unknown letter with 404 and bodies other than an empty object with 400', async () => {
    const { cropName } = await kgCrop(10);
    const [reg] = await register(cropName, 1, 1);
    expect((await farmerCancel('A'.repeat(22), reg.mobile)).status).toBe(404);
    expect((await farmerCancel('short', reg.mobile)).status).toBe(404);
    const token = await farmerToken(reg.mobile);
    // The old last-four-digits field is no longer taken (docs/product-rules.md).
    for (const body of [{ mobileLast4: reg.mobile.slice(-4) }, { x: 1 }, [], 'yes']) {
      const r = await api.call('POST', `/svsregistration/${reg.code}/cancel`, { token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.message).toMatch(/[ऀ-ॿ]/);
    }
    const notJson = await api.call('POST', `/svsregistration/${reg.code}/cancel`, {
      token,
      rawBody: '{"x":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
  });
});

describe('the staff route', () => {
  it("takes a seller's token, refuses a caller without one (401), and answers unknown numbers 404 and bad bodies 400", async () => {
    const { cropName } = await kgCrop(10);
    const [reg] = await register(cropName, 1, 1);
    const noToken = await api.call('POST', `/api/registrations/${reg.id}/cancel`, { body: { reason: 'No longer needed' } });
    expect(noToken.status).toBe(401);
    expect((await staffCancel(999_999)).status).toBe(404);
    expect(
      (await api.call('POST', `/api/registrations/${reg.id}/cancel`, { token: tokens.seller, body: { reason: 'x' } })).status,
    ).toBe(400);
    expect(
      (
        await api.call('POST', `/api/registrations/${reg.id}/cancel`, {
          token: tokens.seller,
          body: { reason: 'Moved', extra: 1 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api.call('POST', `/api/registrations/${reg.id}/cancel`, {
          token: tokens.seller,
          body: { reason: 'Fine reason', year: 1800 },
        })
      ).status,
    ).toBe(400);
    const ok = await api.call('POST', `/api/registrations/${reg.id}/cancel`, {
      token: tokens.seller,
      body: { reason: 'Asked at the counter', year: YEAR },
    });
    expect(ok.status).toBe(200);
  });

  it('shows cancelled rows with their reason in the list, and filters the list by status', async () => {
    const { cropName } = await kgCrop(1);
    const [kept, gone] = await register(cropName, 2, 1);
    expect(gone.status).toBe('waitlisted');
    expect((await staffCancel(gone.id, 'Duplicate visit')).status).toBe(200);
    const list = async (status: string) => {
      const r = await api.call('GET', '/api/registrations', { token: tokens.seller, query: { status, take: 100 } });
      expect(r.status).toBe(200);
      return r.json.items as { id: number; status: string; cancelReason?: string; appointmentDate?: string }[];
    };
    const cancelled = await list('cancelled');
    expect(cancelled.every((r) => r.status === 'cancelled')).toBe(true);
    expect(cancelled.find((r) => r.id === gone.id)).toMatchObject({ cancelReason: 'Duplicate visit' });
    const confirmed = await list('confirmed');
    expect(confirmed.every((r) => r.status === 'confirmed' && r.appointmentDate)).toBe(true);
    expect(confirmed.some((r) => r.id === kept.id)).toBe(true);
    expect(confirmed.some((r) => r.id === gone.id)).toBe(false);

    // Stored before allocation (no status): listed as confirmed.
    await realClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `REG#${YEAR}#${padId(kept.id)}`, sk: 'REG' },
        UpdateExpression: 'REMOVE #status',
        ExpressionAttributeNames: { '#status': 'status' },
      }),
    );
    expect((await list('confirmed')).find((r) => r.id === kept.id)).toMatchObject({ status: 'confirmed' });
    expect((await list('waitlisted')).some((r) => r.id === kept.id)).toBe(false);
  });
});
