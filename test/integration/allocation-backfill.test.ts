import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@functions/lib/dynamo-commands';
import { beforeAll, describe, expect, it } from 'vitest';
import { dueKey } from '@functions/allocation/entries';
import { poolKey, readPool } from '@functions/allocation/pool';
import { sweepAllocation } from '@functions/allocation/sweep';
import { docClient, tableName } from '@functions/lib/aws';
import { getLot } from '@functions/lots/lot-entity';
import { getRegistration, regKey } from '@functions/registrations/registration-entity';
import { kolkataDate } from '@shared/schemas/registration';
import { expectConsistent, KG, kgCrop, YEAR } from '../fixtures/allocation-helpers';
import { testAadhaar } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { newRegistration } from '../support/steps';

/**
 * The backfill (docs/decisions/0022-allocation.md, section 11): lots and registrations stored before pools
 * existed are counted by the first sweep, once: the pool gets the lots' stock and sold grams, the unbilled
 * registrations without a status are confirmed with their promise and a due entry, and the pool is marked
 * `migratedOn`. Each test makes its data with the current code and then turns it into what the older code
 * stored (no status, no promise, no due entry; lots without `pooled`; no pool).
 */
const { api, tokens } = useTestApi('admin', 'seller');
const TODAY = kolkataDate();
let producerID: number;

beforeAll(async () => {
  const p = await api.call('POST', '/api/producers', {
    token: tokens.admin,
    body: { name: 'Backfill Producer', aadhaarNumber: testAadhaar('73451234555'), contactNumber: '9876543210' },
  });
  expect(p.status, p.text).toBe(201);
  producerID = p.json.producerID;
});

async function lotOf(cropID: number, kg: number): Promise<number> {
  const r = await api.call('POST', '/api/lots', {
    token: tokens.admin,
    body: { producerID, cropID, quantityAvailable: kg, pricePerUnit: 10 },
  });
  expect(r.status, r.text).toBe(201);
  return r.json.lotID as number;
}

type Reg = { id: number; year: number; status: string; waitlistPosition?: number };

async function register(cropName: string, kg: number): Promise<Reg> {
  return await newRegistration(api, { cropName, bagsRequested: kg });
}

const sell = (reg: { id: number; year: number }, lotID: number, kg: number) =>
  api.call('POST', '/api/sales/make', {
    token: tokens.seller,
    body: { lotID, registrationID: reg.id, year: reg.year, bags: kg, bagSizeKg: 1, paymentMode: 'Cash' },
  });

/** Turns what the current code wrote into what the code before pools stored. */
async function makeOlder(cropId: number, regs: Reg[], lotIDs: number[]): Promise<void> {
  const db = docClient();
  for (const reg of regs) {
    const stored = await getRegistration(reg.year, reg.id, true);
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: regKey(reg.year, reg.id),
              UpdateExpression: 'REMOVE #s, promisedGrams, changeToken',
              ExpressionAttributeNames: { '#s': 'status' },
            },
          },
          ...(stored?.appointmentDate
            ? [{ Delete: { TableName: tableName(), Key: dueKey(stored.appointmentDate, cropId, reg.year, reg.id) } }]
            : []),
        ],
      }),
    );
  }
  for (const lotID of lotIDs) {
    await db.send(
      new UpdateCommand({ TableName: tableName(), Key: { pk: `LOT#${lotID}`, sk: 'LOT' }, UpdateExpression: 'REMOVE pooled' }),
    );
  }
  await db.send(new DeleteCommand({ TableName: tableName(), Key: poolKey(cropId, YEAR) }));
  // An earlier test's sweep found every registration of the year confirmed; these are older again.
  if (regs.length)
    await db.send(new DeleteCommand({ TableName: tableName(), Key: { pk: 'MIGRATION#allocation', sk: `REGS#${YEAR}` } }));
}

async function poolKg(cropId: number) {
  const p = await readPool(cropId, YEAR);
  expect(p.freeGrams).toBe(p.stockGrams - p.soldGrams - p.promisedGrams);
  return { stock: p.stockGrams / KG, sold: p.soldGrams / KG, promised: p.promisedGrams / KG, free: p.freeGrams / KG };
}

const dueEntryOf = async (cropId: number, reg: Reg) => {
  const stored = await getRegistration(reg.year, reg.id, true);
  const out = await docClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: dueKey(stored!.appointmentDate!, cropId, reg.year, reg.id),
      ConsistentRead: true,
    }),
  );
  return out.Item;
};

describe('the backfill of data stored before pools', () => {
  it('gives the pool the older lots and unbilled registrations once; new registrations then wait for free stock, and an older one is billed', async () => {
    const { cropId, cropName } = await kgCrop();
    const lotA = await lotOf(cropId, 20);
    const lotB = await lotOf(cropId, 10);
    const older = [await register(cropName, 4), await register(cropName, 3), await register(cropName, 5)];
    expect(older.map((r) => r.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    expect((await sell(older[2], lotA, 5)).status).toBe(201);
    await makeOlder(cropId, older, [lotA, lotB]);
    expect(await poolKg(cropId)).toEqual({ stock: 0, sold: 0, promised: 0, free: 0 });

    // Before the backfill the pool has no stock: a new farmer waits.
    const early = await register(cropName, 1);
    expect(early).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });

    const run = await sweepAllocation({ today: TODAY });
    expect(run.backfilled).toMatchObject({ registrations: 2, lots: 2 });
    expect(run.promoted).toBeGreaterThanOrEqual(1);
    expect(await poolKg(cropId)).toEqual({ stock: 30, sold: 5, promised: 8, free: 17 });
    const pool = await readPool(cropId, YEAR);
    expect(pool.migratedOn).toEqual(expect.any(String));
    expect(pool).toMatchObject({ confirmed: 3, waiting: 0 });
    for (const [reg, grams] of [
      [older[0], 4 * KG],
      [older[1], 3 * KG],
    ] as const) {
      expect(await getRegistration(reg.year, reg.id, true)).toMatchObject({ status: 'confirmed', promisedGrams: grams });
      expect(await dueEntryOf(cropId, reg)).toMatchObject({ grams });
    }
    const billed = await getRegistration(older[2].year, older[2].id, true);
    expect(billed?.status, 'a billed registration is not promised again').toBeUndefined();
    expect(await getRegistration(early.year, early.id, true)).toMatchObject({ status: 'confirmed' });
    expect((await getLot(lotA, true))?.pooled).toBe(true);
    expect((await getLot(lotB, true))?.pooled).toBe(true);

    // New registrations are confirmed while stock is free, then waitlisted.
    expect((await register(cropName, 10)).status).toBe('confirmed');
    expect((await register(cropName, 7)).status).toBe('confirmed');
    expect(await register(cropName, 1)).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });

    // An older registration is billed from its promise.
    const sale = await sell(older[0], lotB, 4);
    expect(sale.status, sale.text).toBe(201);
    expect(await poolKg(cropId)).toEqual({ stock: 30, sold: 9, promised: 21, free: 0 });
    expect(await dueEntryOf(cropId, older[0])).toBeUndefined();

    // Done once: the next sweep finds nothing to backfill.
    const again = await sweepAllocation({ today: TODAY });
    expect(again.backfilled).toEqual({ pools: 0, registrations: 0, lots: 0 });
    expect(await poolKg(cropId)).toEqual({ stock: 30, sold: 9, promised: 21, free: 0 });
  });

  it('counts each registration and lot once when two sweeps run it at once', async () => {
    const { cropId, cropName } = await kgCrop();
    const lots = [await lotOf(cropId, 30), await lotOf(cropId, 20)];
    const older = await Promise.all(Array.from({ length: 6 }, () => register(cropName, 2)));
    await makeOlder(cropId, older, lots);

    const runs = await Promise.all([sweepAllocation({ today: TODAY }), sweepAllocation({ today: TODAY })]);
    const counted = (k: 'registrations' | 'lots') => runs.reduce((n, r) => n + (r.backfilled?.[k] ?? 0), 0);
    expect(counted('registrations')).toBe(6);
    expect(counted('lots')).toBe(2);
    expect(await poolKg(cropId)).toEqual({ stock: 50, sold: 0, promised: 12, free: 38 });
    const s = await expectConsistent(cropId, docClient());
    expect(s.pool).toMatchObject({ confirmed: 6, waiting: 0 });
    expect(s.pool.migratedOn).toEqual(expect.any(String));
  });

  it('counts an older lot edited and sold from since pools exist once: the pool had the changes, the backfill adds the rest', async () => {
    const { cropId, cropName } = await kgCrop();
    const lot = await lotOf(cropId, 20);
    const first = await register(cropName, 2);
    expect((await sell(first, lot, 2)).status).toBe(201);
    await makeOlder(cropId, [first], [lot]);

    // Since pools exist: the lot raised by 10 kg (the pool gets the 10), a new farmer confirmed from them and billed.
    const edit = await api.call('PUT', `/api/lots/${lot}`, {
      token: tokens.admin,
      body: { cropID: cropId, year: YEAR, quantityAvailable: 30, pricePerUnit: 10 },
    });
    expect(edit.status, edit.text).toBe(200);
    expect(await poolKg(cropId)).toEqual({ stock: 10, sold: 0, promised: 0, free: 10 });
    const later = await register(cropName, 3);
    expect(later.status).toBe('confirmed');
    expect((await sell(later, lot, 3)).status).toBe(201);
    expect(await getLot(lot, true)).toMatchObject({ baseTotalGrams: 20 * KG, baseUsedGrams: 2 * KG, usedGrams: 5 * KG });

    await sweepAllocation({ today: TODAY });
    expect(await poolKg(cropId)).toEqual({ stock: 30, sold: 5, promised: 0, free: 25 });
    expect((await getLot(lot, true))?.pooled).toBe(true);
  });

  it('counts an older lot moved to another crop whole in its new pool, and one deleted nowhere', async () => {
    const from = await kgCrop();
    const to = await kgCrop();
    const moved = await lotOf(from.cropId, 8);
    const deleted = await lotOf(from.cropId, 10);
    await makeOlder(from.cropId, [], [moved, deleted]);

    const edit = await api.call('PUT', `/api/lots/${moved}`, {
      token: tokens.admin,
      body: { cropID: to.cropId, year: YEAR, quantityAvailable: 8, pricePerUnit: 10 },
    });
    expect(edit.status, edit.text).toBe(200);
    expect((await api.call('DELETE', `/api/lots/${deleted}`, { token: tokens.admin })).status).toBe(200);
    expect(await poolKg(from.cropId)).toEqual({ stock: 0, sold: 0, promised: 0, free: 0 });
    expect(await poolKg(to.cropId)).toEqual({ stock: 8, sold: 0, promised: 0, free: 8 });
    expect((await getLot(moved, true))?.pooled).toBe(true);

    await sweepAllocation({ today: TODAY });
    expect(await poolKg(from.cropId)).toEqual({ stock: 0, sold: 0, promised: 0, free: 0 });
    expect(await poolKg(to.cropId)).toEqual({ stock: 8, sold: 0, promised: 0, free: 8 });
  });

  it('stores a pool whose older registrations exceed its stock over-promised: new farmers wait', async () => {
    const { cropId, cropName } = await kgCrop();
    const lot = await lotOf(cropId, 20);
    const older = [await register(cropName, 6), await register(cropName, 6)];
    await makeOlder(cropId, older, [lot]);
    // The older system promised seed it did not have: the lot holds less than the two requests.
    await docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `LOT#${lot}`, sk: 'LOT' },
        UpdateExpression: 'SET totalGrams = :t, remainingGrams = :t',
        ExpressionAttributeValues: { ':t': 10 * KG },
      }),
    );

    await sweepAllocation({ today: TODAY });
    expect(await poolKg(cropId)).toEqual({ stock: 10, sold: 0, promised: 12, free: -2 });
    expect((await register(cropName, 1)).status).toBe('waitlisted');

    // An older registration is still billed: its promise becomes sold, the excess only shrinks.
    expect((await sell(older[0], lot, 6)).status).toBe(201);
    expect(await poolKg(cropId)).toEqual({ stock: 10, sold: 6, promised: 6, free: -2 });
  });
});
