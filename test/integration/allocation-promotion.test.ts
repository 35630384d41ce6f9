import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeStock, readPool } from '@functions/allocation/pool';
import { promote } from '@functions/allocation/promotion';
import * as crops from '@functions/crops/service';
import { docClient, setDocClientForTests } from '@functions/lib/aws';
import { clearAppointmentSettingsCache, forgetFullShifts } from '@functions/registrations/appointments';
import { CropInput } from '@shared/schemas/crops';
import { kolkataDate } from '@shared/schemas/registration';
import { registerFarmer, useCrops, validFields } from '../fixtures/registration-helpers';
import { faulty, named } from '../support/faulty-client';
import { useTestApi } from '../support/integration';
import { scanTable } from '../support/table';

/**
 * Promotion (docs/decisions/0026-allocation.md, section 3) on DynamoDB Local: when grams are freed, the
 * waiting list is confirmed in position order, each registration at most once, never beyond the stock.
 * Each test has a crop of its own with no lots, so every registration for it is waitlisted until the test
 * adds stock to its pool.
 */
const { api, tokens } = useTestApi('super_admin');
const YEAR = Number(kolkataDate(new Date()).slice(0, 4));
const KG = 1000;
let realClient: DynamoDBDocumentClient;
let cropNumber = 0;

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

/** A crop asked for in kg (1 to 10), without stock. */
async function kgCrop(): Promise<{ cropId: number; cropName: string }> {
  const cropName = `Promotion crop ${++cropNumber}`;
  const rules = { unit: 'kg', bagSizeKg: 1, minQty: 1, maxQty: 10, defaultQty: 1 };
  const cropId = (await crops.create(CropInput.parse({ cropName, cropNameHi: `फसल ${cropNumber}`, rules }))).cropID;
  useCrops({ [cropName]: cropId });
  return { cropId, cropName };
}

/** Registers farmers one after another (so their positions follow the order of `kgs`); their numbers. */
async function waitlist(cropName: string, kgs: number[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, kg] of kgs.entries()) {
    const r = await registerFarmer(api, validFields({ cropName, bagsRequested: kg }));
    expect(r.status).toBe(201);
    expect(r.json.data).toMatchObject({ status: 'waitlisted', waitlistPosition: i + 1 });
    ids.push(r.json.data.id);
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

async function storedOf(cropId: number) {
  const items = await scanTable({ ConsistentRead: true }, realClient);
  const regs = items.filter((i) => i.type === 'registration' && i.cropId === cropId);
  const ids = new Set(regs.map((r) => r.id));
  return {
    regs,
    byId: new Map(regs.map((r) => [r.id as number, r])),
    queue: items.filter((i) => i.pk === `QUEUE#${cropId}#${YEAR}`),
    due: items.filter((i) => String(i.pk).startsWith('DUE#') && String(i.sk).startsWith(`${cropId}#${YEAR}#`)),
    outbox: items.filter((i) => i.type === 'outbox' && i.year === YEAR && ids.has(i.id)),
    slots: items.filter((i) => String(i.pk).startsWith('SLOT#')),
  };
}

/** promised + sold ≤ stock, free as stored, and the pool's counts match the stored statuses and entries. */
async function expectConsistent(cropId: number) {
  const p = await readPool(cropId, YEAR);
  const s = await storedOf(cropId);
  expect(p.promisedGrams + p.soldGrams).toBeLessThanOrEqual(p.stockGrams);
  expect(p.freeGrams).toBe(p.stockGrams - p.soldGrams - p.promisedGrams);
  const confirmed = s.regs.filter((r) => r.status === 'confirmed');
  const waitlisted = s.regs.filter((r) => r.status === 'waitlisted');
  expect(p.confirmed).toBe(confirmed.length);
  expect(p.waiting).toBe(waitlisted.length);
  expect(p.promisedGrams).toBe(confirmed.reduce((sum, r) => sum + r.promisedGrams, 0));
  expect(s.due.map((d) => d.id).sort()).toEqual(confirmed.map((r) => r.id).sort());
  expect(s.queue.map((q) => q.id).sort()).toEqual(waitlisted.map((r) => r.id).sort());
  expect(
    s.outbox
      .filter((o) => o.event === 'promoted')
      .map((o) => o.id)
      .sort(),
  ).toEqual(
    confirmed
      .filter((r) => r.promotedOn)
      .map((r) => r.id)
      .sort(),
  );
  return { pool: p, ...s };
}

/** Booked shift counters add up to the registrations holding a slot (nothing booked twice or leaked). */
async function expectSlotsMatch() {
  const items = await scanTable({ ConsistentRead: true }, realClient);
  const booked = items.filter((i) => String(i.pk).startsWith('SLOT#')).reduce((sum, i) => sum + Number(i.booked ?? 0), 0);
  const holding = items.filter((i) => i.type === 'registration' && i.status === 'confirmed' && i.slotCounted).length;
  expect(booked).toBe(holding);
}

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
