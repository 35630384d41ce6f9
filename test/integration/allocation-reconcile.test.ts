import { UpdateCommand } from '@functions/lib/dynamo-commands';
import { describe, expect, it } from 'vitest';
import { joinQueue, markMigrated, poolKey, promise, readPool } from '@functions/allocation/pool';
import { reconcileHourReached, reconcilePools } from '@functions/allocation/reconcile';
import { docClient, setDocClientForTests, tableName } from '@functions/lib/aws';
import { kolkataDate } from '@shared/schemas/registration';
import { KG, kgCrop, YEAR } from '../fixtures/allocation-helpers';
import { useTestApi } from '../support/integration';
import { newRegistration } from '../support/steps';

/**
 * Reconciliation (docs/decisions/0022-allocation.md, section 8): a quiet, backfilled pool gets its promised
 * grams from the due entries, stock and sold from the lots and `waiting` from the queue, under
 * `version = :seen`, once a day.
 */
const { api } = useTestApi('admin');
const TODAY = kolkataDate();
const QUIET_MS = 2 * 60_000;
/** A moment when every pool written by the test is quiet. */
const later = () => new Date(Date.now() + QUIET_MS + 1_000);

async function register(cropName: string, kg: number) {
  const data = await newRegistration(api, { cropName, bagsRequested: kg });
  return data as { id: number; status: string };
}

describe('reconciliation', () => {
  it('gives back grams and a waiting place leaked by requests that died after their pool write, once a day', async () => {
    const { cropId, cropName } = await kgCrop(50);
    for (let i = 0; i < 3; i++) expect((await register(cropName, 2)).status).toBe('confirmed');
    await markMigrated(cropId, YEAR);
    // Two requests took from the pool and died before their registrations were written.
    expect(await promise(cropId, YEAR, 5 * KG)).toBe(true);
    await joinQueue(cropId, YEAR);
    expect(await readPool(cropId, YEAR)).toMatchObject({ promisedGrams: 11 * KG, freeGrams: 39 * KG, waiting: 1 });

    const notQuiet = await reconcilePools([YEAR], [cropId], { today: TODAY, now: new Date(), quietMs: QUIET_MS });
    expect(notQuiet, 'written just now: a request may be in flight').toEqual({ reconciled: 0, corrected: 0 });

    const run = await reconcilePools([YEAR], [cropId], { today: TODAY, now: later(), quietMs: QUIET_MS });
    expect(run).toEqual({ reconciled: 1, corrected: 1 });
    expect(await readPool(cropId, YEAR)).toMatchObject({
      stockGrams: 50 * KG,
      soldGrams: 0,
      promisedGrams: 6 * KG,
      freeGrams: 44 * KG,
      waiting: 0,
    });
    // Once a day: the same day's next run leaves the pool alone.
    expect(await reconcilePools([YEAR], [cropId], { today: TODAY, now: later(), quietMs: QUIET_MS })).toEqual({
      reconciled: 0,
      corrected: 0,
    });
    expect((await register(cropName, 10)).status, 'the grams given back are promised again').toBe('confirmed');
  });

  it('leaves a pool not yet backfilled, and one written since it was read', async () => {
    const { cropId, cropName } = await kgCrop(20);
    expect((await register(cropName, 2)).status).toBe('confirmed');
    expect(await promise(cropId, YEAR, 3 * KG)).toBe(true);
    expect(await reconcilePools([YEAR], [cropId], { today: TODAY, now: later(), quietMs: QUIET_MS })).toEqual({
      reconciled: 0,
      corrected: 0,
    });

    await markMigrated(cropId, YEAR);
    // A registration writes the pool after reconciliation read it and before its write.
    const real = docClient();
    let bumped = false;
    const bump = new UpdateCommand({
      TableName: tableName(),
      Key: poolKey(cropId, YEAR),
      UpdateExpression: 'ADD #version :one',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':one': 1 },
    });
    setDocClientForTests(
      new Proxy(real, {
        get(target, prop, receiver) {
          if (prop !== 'send') return Reflect.get(target, prop, receiver);
          return async (cmd: any, ...rest: unknown[]) => {
            if (!bumped && cmd instanceof UpdateCommand && cmd.input.ConditionExpression === '#version = :seen') {
              bumped = true;
              await target.send(bump);
            }
            return (target.send as (c: unknown, ...r: unknown[]) => Promise<unknown>).call(target, cmd, ...rest);
          };
        },
      }),
    );
    try {
      expect(await reconcilePools([YEAR], [cropId], { today: TODAY, now: later(), quietMs: QUIET_MS })).toEqual({
        reconciled: 0,
        corrected: 0,
      });
    } finally {
      setDocClientForTests(undefined);
    }
    expect(bumped).toBe(true);
    expect(await readPool(cropId, YEAR)).toMatchObject({ promisedGrams: 5 * KG, freeGrams: 15 * KG });

    // The next run, with nothing written in between, repairs it.
    expect(await reconcilePools([YEAR], [cropId], { today: TODAY, now: later(), quietMs: QUIET_MS })).toEqual({
      reconciled: 1,
      corrected: 1,
    });
    expect(await readPool(cropId, YEAR)).toMatchObject({ promisedGrams: 2 * KG, freeGrams: 18 * KG });
  });

  it('runs from 02:00 in Asia/Kolkata', () => {
    expect(reconcileHourReached(new Date('2026-01-10T20:29:00Z'))).toBe(false); // 01:59 IST
    expect(reconcileHourReached(new Date('2026-01-10T20:30:00Z'))).toBe(true); // 02:00 IST
    expect(reconcileHourReached(new Date('2026-01-10T18:29:00Z'))).toBe(true); // 23:59 IST
  });
});
