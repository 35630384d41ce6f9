import { PutCommand, TransactWriteCommand } from '@functions/lib/dynamo-commands';
import { afterEach, describe, expect, it } from 'vitest';
import { docClient, setDocClientForTests, tableName } from '@functions/lib/aws';
import { cancellationReasons, withRetry } from '@functions/lib/retry';
import {
  changeStock,
  joinQueue,
  leaveQueue,
  moveToSold,
  promise,
  promoteUpdate,
  readPool,
  release,
} from '@functions/allocation/pool';
import { faulty, named } from '../support/faulty-client';
import { useTestApi } from '../support/integration';

/**
 * The stock pool of a crop and year (docs/decisions/0022-allocation.md) on DynamoDB Local: promised + sold
 * never above the stock, whatever the concurrency, and waiting-list positions 1..n without gaps or repeats.
 * Each test uses a crop id of its own, so its pool starts empty.
 */
useTestApi();
const YEAR = 2026;
const KG = 1000;
let nextCrop = 9000;
const newCrop = () => ++nextCrop;

afterEach(() => setDocClientForTests(undefined));

/** The invariant, and free = stock − sold − promised as stored. */
async function expectWithinStock(cropId: number) {
  const p = await readPool(cropId, YEAR);
  expect(p.promisedGrams + p.soldGrams).toBeLessThanOrEqual(p.stockGrams);
  expect(p.freeGrams).toBe(p.stockGrams - p.soldGrams - p.promisedGrams);
  return p;
}

describe('the pool', () => {
  it('keeps 100 concurrent promises of 1 kg against stock for 30 to exactly 30, and queues the other 70 as 1..70', async () => {
    const crop = newCrop();
    expect(await changeStock(crop, YEAR, 30 * KG)).toBe(true);
    const outcomes = await Promise.all(Array.from({ length: 100 }, () => promise(crop, YEAR, 1 * KG)));
    expect(outcomes.filter(Boolean)).toHaveLength(30);
    const positions = await Promise.all(outcomes.filter((ok) => !ok).map(() => joinQueue(crop, YEAR)));
    expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: 70 }, (_, i) => i + 1));
    const p = await expectWithinStock(crop);
    expect(p).toMatchObject({ promisedGrams: 30 * KG, freeGrams: 0, confirmed: 30, waiting: 70, queueTail: 70 });
    // A refused promise writes nothing: the stock, 30 promises and 70 places in the queue.
    expect(p.version).toBe(1 + 30 + 70);
    expect(Date.parse(p.updatedAt!)).not.toBeNaN();
  });

  it('never over-promises with requests of different sizes at once', async () => {
    const crop = newCrop();
    await changeStock(crop, YEAR, 30 * KG);
    const sizes = Array.from({ length: 100 }, (_, i) => (1 + ((i * 5) % 6)) * KG);
    const outcomes = await Promise.all(sizes.map((g) => promise(crop, YEAR, g)));
    const promised = sizes.filter((_, i) => outcomes[i]).reduce((sum, g) => sum + g, 0);
    const p = await expectWithinStock(crop);
    expect(p.promisedGrams).toBe(promised);
    // Nothing that was refused would have fitted what is left.
    expect(sizes.filter((_, i) => !outcomes[i]).every((g) => g > p.freeGrams)).toBe(true);
  });

  it('promises nothing for a crop without stock, nor while someone waits', async () => {
    const crop = newCrop();
    expect(await promise(crop, YEAR, 1 * KG)).toBe(false);
    expect(await joinQueue(crop, YEAR)).toBe(1);
    await changeStock(crop, YEAR, 10 * KG);
    expect(await promise(crop, YEAR, 1 * KG)).toBe(false);
    await leaveQueue(crop, YEAR);
    expect(await promise(crop, YEAR, 1 * KG)).toBe(true);
    expect(await joinQueue(crop, YEAR)).toBe(2);
  });

  it('gives kg back on release, moves them to sold on a sale, and refuses to sell or take away more than is free', async () => {
    const crop = newCrop();
    await changeStock(crop, YEAR, 100 * KG);
    expect(await promise(crop, YEAR, 40 * KG)).toBe(true);
    expect(await promise(crop, YEAR, 40 * KG)).toBe(true);
    await release(crop, YEAR, 40 * KG, 'cancelled');
    expect(await readPool(crop, YEAR)).toMatchObject({ promisedGrams: 40 * KG, freeGrams: 60 * KG, confirmed: 1, cancelled: 1 });

    expect(await moveToSold(crop, YEAR, 40 * KG, 40 * KG)).toBe(true);
    expect(await readPool(crop, YEAR)).toMatchObject({ promisedGrams: 0, soldGrams: 40 * KG, freeGrams: 60 * KG });
    // More than promised only out of what is free.
    expect(await moveToSold(crop, YEAR, 0, 61 * KG)).toBe(false);
    expect(await moveToSold(crop, YEAR, 0, 60 * KG)).toBe(true);
    expect(await changeStock(crop, YEAR, -1)).toBe(false);
    expect(await expectWithinStock(crop)).toMatchObject({ stockGrams: 100 * KG, soldGrams: 100 * KG, freeGrams: 0 });
  });

  it('refuses to take away stock that is promised, even when stock is taken and promised at once', async () => {
    const crop = newCrop();
    await changeStock(crop, YEAR, 50 * KG);
    const work = [
      ...Array.from({ length: 30 }, () => promise(crop, YEAR, 1 * KG)),
      ...Array.from({ length: 10 }, () => changeStock(crop, YEAR, -3 * KG)),
    ];
    await Promise.all(work);
    const p = await expectWithinStock(crop);
    expect(p.stockGrams).toBeGreaterThanOrEqual(20 * KG);
  });

  it('resends promises that were throttled (a throttled write was not applied), and keeps the invariant', async () => {
    const crop = newCrop();
    await changeStock(crop, YEAR, 30 * KG);
    const real = docClient();
    // The first attempt of every promise is throttled (its values object is the same on each attempt).
    const seen = new WeakSet<object>();
    let throttled = 0;
    setDocClientForTests(
      faulty(real, (cmd) => {
        const values = cmd.input.ExpressionAttributeValues as object;
        if (cmd.constructor.name !== 'UpdateCommand' || seen.has(values)) return undefined;
        seen.add(values);
        throttled += 1;
        return named('ProvisionedThroughputExceededException', { $metadata: { httpStatusCode: 400 } });
      }),
    );
    const outcomes = await Promise.all(Array.from({ length: 60 }, () => promise(crop, YEAR, 1 * KG)));
    setDocClientForTests(undefined);
    expect(throttled).toBe(60);
    expect(outcomes.filter(Boolean)).toHaveLength(30);
    expect(await expectWithinStock(crop)).toMatchObject({ promisedGrams: 30 * KG, confirmed: 30 });
  });

  it('does not resend a promise whose answer was lost: at worst kg are left unpromised, never promised twice', async () => {
    const crop = newCrop();
    await changeStock(crop, YEAR, 5 * KG);
    setDocClientForTests(faulty(docClient(), (cmd) => (cmd.constructor.name === 'UpdateCommand' ? 'after' : undefined)));
    await expect(promise(crop, YEAR, 1 * KG)).rejects.toThrow(/timed out/);
    setDocClientForTests(undefined);
    expect(await expectWithinStock(crop)).toMatchObject({ promisedGrams: 1 * KG, confirmed: 1 });
  });

  it('promotes a waiting registration once when many promote it at the same moment, and only as far as the stock goes', async () => {
    const crop = newCrop();
    await changeStock(crop, YEAR, 5 * KG);
    const waiting = [await joinQueue(crop, YEAR), await joinQueue(crop, YEAR)];
    // Stand-ins for two waitlisted registrations of 4 kg each: only one of them fits.
    const regKey = (position: number) => ({ pk: `TESTREG#${crop}#${position}`, sk: 'REG' });
    for (const position of waiting) {
      await docClient().send(new PutCommand({ TableName: tableName(), Item: { ...regKey(position), status: 'waitlisted' } }));
    }
    /** The promotion's transaction as the design has it: the pool and the registration's status, all or nothing. */
    const promote = (position: number) =>
      withRetry(
        () =>
          docClient().send(
            new TransactWriteCommand({
              TransactItems: [
                { Update: promoteUpdate(crop, YEAR, 4 * KG, 'waitlisted') },
                {
                  Update: {
                    TableName: tableName(),
                    Key: regKey(position),
                    UpdateExpression: 'SET #s = :confirmed',
                    ConditionExpression: '#s = :waitlisted',
                    ExpressionAttributeNames: { '#s': 'status' },
                    ExpressionAttributeValues: { ':confirmed': 'confirmed', ':waitlisted': 'waitlisted' },
                  },
                },
              ],
            }),
          ),
        { attempts: 12 },
      ).then(
        () => true,
        (e: unknown) => {
          if (cancellationReasons(e).some((r) => r.Code === 'ConditionalCheckFailed')) return false;
          throw e;
        },
      );
    const attempts = waiting.flatMap((position) => Array.from({ length: 5 }, () => promote(position)));
    const done = await Promise.all(attempts);
    expect(done.filter(Boolean)).toHaveLength(1);
    expect(await expectWithinStock(crop)).toMatchObject({ promisedGrams: 4 * KG, freeGrams: 1 * KG, waiting: 1, confirmed: 1 });
  });
});
