import type { DocClient } from '@functions/lib/dynamo-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeStock } from '@functions/allocation/pool';
import { promote } from '@functions/allocation/promotion';
import { docClient, setDocClientForTests } from '@functions/lib/aws';
import { clearAppointmentSettingsCache, forgetFullShifts } from '@functions/allocation/appointments';
import { expectConsistent as consistent, expectSlotsMatch as slotsMatch, KG, kgCrop, YEAR } from '../fixtures/allocation-helpers';
import { registerFarmer, validFields } from '../fixtures/registration-helpers';
import { faulty, named } from '../support/faulty-client';
import { useTestApi } from '../support/integration';
import { newRegistration } from '../support/steps';

/**
 * Promotion (docs/decisions/0022-allocation.md, section 3) on DynamoDB Local: when grams are freed, the
 * waiting list is confirmed in position order, each registration at most once, never beyond the stock.
 * Each test has a crop of its own with no lots, so every registration for it is waitlisted until the test
 * adds stock to its pool.
 */
const { api, tokens } = useTestApi('super_admin');
let realClient: DocClient;

beforeAll(async () => {
  realClient = docClient();
  // Capped days (10 a day): every promotion takes a counted slot that can be checked.
  const r = await api.call('POST', '/api/config', { token: tokens.super_admin, body: { key: 'PerDayLimit', value: '10' } });
  expect(r.status).toBe(200);
  clearAppointmentSettingsCache();
  forgetFullShifts();
});
afterEach(() => setDocClientForTests(realClient));
afterAll(() => setDocClientForTests(undefined));

/** Registers farmers one after another (so their positions follow the order of `kgs`); their numbers. */
async function waitlist(cropName: string, kgs: number[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, kg] of kgs.entries()) {
    const r = await newRegistration(api, { cropName, bagsRequested: kg });
    expect(r).toMatchObject({ status: 'waitlisted', waitlistPosition: i + 1 });
    ids.push(r.id);
  }
  return ids;
}

/** Registers many farmers at once (positions in any order). */
async function waitlistAtOnce(cropName: string, count: number, kg: number): Promise<number[]> {
  const replies = await Promise.all(
    Array.from({ length: count }, () => registerFarmer(api, validFields({ cropName, bagsRequested: kg }))),
  );
  expect(replies.map((r) => r.status)).toEqual(replies.map(() => 201));
  return replies.map((r) => r.json.data.id);
}

const expectConsistent = (cropId: number) => consistent(cropId, realClient);
const expectSlotsMatch = () => slotsMatch(realClient);

describe('promotion', () => {
  it('confirms the waiting list in position order as far as stock added allows, each with a date, a due entry and a notice', async () => {
    const { cropId, cropName } = await kgCrop();
    const ids = await waitlist(cropName, [2, 2, 2, 2, 2]);
    expect(await promote(cropId, YEAR)).toEqual({ promoted: 0 });

    expect(await changeStock(cropId, YEAR, 6 * KG)).toBe(true);
    expect(await promote(cropId, YEAR)).toEqual({ promoted: 3 });

    const s = await expectConsistent(cropId);
    expect(s.pool).toMatchObject({ promisedGrams: 6 * KG, freeGrams: 0, confirmed: 3, waiting: 2, queueTail: 5 });
    for (const id of ids.slice(0, 3)) {
      const r = s.byId.get(id)!;
      expect(r).toMatchObject({ status: 'confirmed', appointmentShiftNumber: expect.any(Number), slotCounted: true });
      expect(r.appointmentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.appointmentDateTime).toBe(`${r.appointmentDate}T00:00:00+05:30`);
      expect(Date.parse(r.promotedOn)).not.toBeNaN();
      expect(r.waitlistPosition).toBeUndefined();
      expect(s.due.find((d) => d.id === id)).toMatchObject({ pk: `DUE#${r.appointmentDate}`, grams: 2 * KG });
      expect(s.outbox.find((o) => o.id === id)).toMatchObject({
        event: 'promoted',
        template: 'allocation.promoted',
        mobile: r.mobileNumber,
        status: 'pending',
        values: { number: id, crop: cropName, date: r.appointmentDate, shift: r.appointmentShift },
      });
    }
    for (const [i, id] of ids.slice(3).entries()) {
      expect(s.byId.get(id)).toMatchObject({ status: 'waitlisted', waitlistPosition: 4 + i });
      expect(s.byId.get(id)!.appointmentDate).toBeUndefined();
    }
    expect(s.queue.map((q) => q.position)).toEqual([4, 5]);
    await expectSlotsMatch();

    // Running it again changes nothing; more stock promotes the rest.
    expect(await promote(cropId, YEAR)).toEqual({ promoted: 0 });
    await changeStock(cropId, YEAR, 10 * KG);
    expect(await promote(cropId, YEAR)).toEqual({ promoted: 2 });
    expect((await expectConsistent(cropId)).pool).toMatchObject({ waiting: 0, confirmed: 5, freeGrams: 6 * KG });
  });

  it('begins no promotion once its time budget is spent: a budget of 0 leaves everyone waiting, the next run goes on', async () => {
    const { cropId, cropName } = await kgCrop();
    const ids = await waitlist(cropName, [1, 1, 1]);
    expect(await changeStock(cropId, YEAR, 3 * KG)).toBe(true);

    expect(await promote(cropId, YEAR, { budgetMs: 0 })).toEqual({ promoted: 0 });
    const before = await expectConsistent(cropId);
    expect(ids.map((id) => before.byId.get(id)!.status)).toEqual(['waitlisted', 'waitlisted', 'waitlisted']);
    expect(before.pool).toMatchObject({ waiting: 3, confirmed: 0, freeGrams: 3 * KG });

    expect(await promote(cropId, YEAR, { budgetMs: 60_000 })).toEqual({ promoted: 3 });
    const after = await expectConsistent(cropId);
    expect(ids.map((id) => after.byId.get(id)!.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    await expectSlotsMatch();
  });

  it('lets a head that does not fit block the smaller requests behind it', async () => {
    const { cropId, cropName } = await kgCrop();
    const ids = await waitlist(cropName, [5, 1, 1]);
    await changeStock(cropId, YEAR, 4 * KG);
    expect(await promote(cropId, YEAR)).toEqual({ promoted: 0 });
    expect((await expectConsistent(cropId)).pool).toMatchObject({ waiting: 3, confirmed: 0, freeGrams: 4 * KG });

    await changeStock(cropId, YEAR, 2 * KG);
    expect(await promote(cropId, YEAR)).toEqual({ promoted: 2 });
    const s = await expectConsistent(cropId);
    expect(ids.map((id) => s.byId.get(id)!.status)).toEqual(['confirmed', 'confirmed', 'waitlisted']);
    expect(s.pool.freeGrams).toBe(0);
  });

  it.each([2, 10])(
    'promotes each registration at most once when %i promotions run at once',
    async (runs) => {
      const { cropId, cropName } = await kgCrop();
      await waitlistAtOnce(cropName, 30, 1);
      await changeStock(cropId, YEAR, 20 * KG);
      const results = await Promise.all(Array.from({ length: runs }, () => promote(cropId, YEAR)));
      expect(results.reduce((sum, r) => sum + r.promoted, 0)).toBe(20);

      const s = await expectConsistent(cropId);
      expect(s.pool).toMatchObject({ confirmed: 20, waiting: 10, promisedGrams: 20 * KG, freeGrams: 0 });
      // In position order: the 20 lowest positions were confirmed.
      const positions = s.queue.map((q) => Number(q.position)).sort((a, b) => a - b);
      expect(positions).toEqual(Array.from({ length: 10 }, (_, i) => 21 + i));
      expect(s.outbox.filter((o) => o.event === 'promoted')).toHaveLength(20);
      await expectSlotsMatch();
    },
    120_000,
  );

  it('retries a transaction that conflicts or is throttled', async () => {
    const { cropId, cropName } = await kgCrop();
    await waitlist(cropName, [1, 1]);
    await changeStock(cropId, YEAR, 2 * KG);
    let refused = 0;
    setDocClientForTests(
      faulty(realClient, (cmd) => {
        if (cmd.constructor.name !== 'TransactWriteCommand' || refused >= 3) return undefined;
        refused += 1;
        return refused === 2
          ? named('ThrottlingException', { $metadata: { httpStatusCode: 400 } })
          : named('TransactionCanceledException', {
              CancellationReasons: [
                { Code: 'TransactionConflict' },
                { Code: 'None' },
                { Code: 'None' },
                { Code: 'None' },
                { Code: 'None' },
              ],
            });
      }),
    );
    expect(await promote(cropId, YEAR)).toEqual({ promoted: 2 });
    setDocClientForTests(realClient);
    expect(refused).toBe(3);
    expect((await expectConsistent(cropId)).pool).toMatchObject({ confirmed: 2, waiting: 0 });
    await expectSlotsMatch();
  });

  it('leaves the registration waitlisted and gives its slot back when the pool stays busy', async () => {
    const { cropId, cropName } = await kgCrop();
    const [id] = await waitlist(cropName, [1]);
    await changeStock(cropId, YEAR, 5 * KG);
    setDocClientForTests(
      faulty(realClient, (cmd) =>
        cmd.constructor.name === 'TransactWriteCommand'
          ? named('TransactionCanceledException', {
              CancellationReasons: [
                { Code: 'TransactionConflict' },
                { Code: 'None' },
                { Code: 'None' },
                { Code: 'None' },
                { Code: 'None' },
              ],
            })
          : undefined,
      ),
    );
    expect(await promote(cropId, YEAR)).toEqual({ promoted: 0 });
    setDocClientForTests(realClient);
    const s = await expectConsistent(cropId);
    expect(s.byId.get(id)).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect(s.pool).toMatchObject({ waiting: 1, confirmed: 0, freeGrams: 5 * KG });
    await expectSlotsMatch();

    // The next run promotes it.
    expect(await promote(cropId, YEAR)).toEqual({ promoted: 1 });
    await expectSlotsMatch();
  });

  it('counts a transaction whose answer was lost once, and keeps its slot', async () => {
    const { cropId, cropName } = await kgCrop();
    const [id] = await waitlist(cropName, [1]);
    await changeStock(cropId, YEAR, 1 * KG);
    let lost = 0;
    setDocClientForTests(
      faulty(realClient, (cmd) => {
        if (cmd.constructor.name !== 'TransactWriteCommand' || lost > 0) return undefined;
        lost += 1;
        return 'after';
      }),
    );
    expect(await promote(cropId, YEAR)).toEqual({ promoted: 1 });
    setDocClientForTests(realClient);
    const s = await expectConsistent(cropId);
    expect(s.byId.get(id)).toMatchObject({ status: 'confirmed' });
    expect(s.pool).toMatchObject({ confirmed: 1, waiting: 0, freeGrams: 0 });
    await expectSlotsMatch();
  });
});
