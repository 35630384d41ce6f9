import { GetCommand, type TransactWriteCommandInput, UpdateCommand } from '../lib/dynamo-commands';
import { docClient, tableName } from '../lib/aws';
import { isAmbiguous, isConditionalFailure, isTransient, withRetry } from '../lib/retry';
import type { PoolCounts } from './promise';

/**
 * The stock pool of a crop and year (docs/decisions/0022-allocation.md, section 1):
 *   POOL#<cropId>#<year> / POOL
 * stockGrams, soldGrams, promisedGrams and freeGrams = stock − sold − promised, kept by every write in the
 * same UpdateItem. DynamoDB conditions compare but cannot add, so "promised + sold ≤ stock" is checked as
 * `freeGrams >= :grams` on every write that takes grams. Also the waiting list's `queueTail` (last position
 * handed out) and `waiting`, the counts per status, and `version` and `updatedAt` (every write, for
reconciliation).
 *
 * Each change is an update description (`…Update`) so that the write paths can put it into their own
 * transactions (a lot, a sale, a promotion); the registration path sends `promise` and `joinQueue` alone,
 * as it does with the shift counters (a hot item inside a transaction conflicts with every other one).
 */
export const poolKey = (cropId: number, year: number) => ({ pk: `POOL#${cropId}#${year}`, sk: 'POOL' });

export interface PoolState extends PoolCounts {
  cropId: number;
  year: number;
  freeGrams: number;
  queueTail: number;
  confirmed: number;
  /**
   * Of the confirmed, those billed (a sale +1, its credit note −1): counted since the pool exists, so a sale
   * made before pools is not among them.
   */
  billed: number;
  applied: number;
  expired: number;
  cancelled: number;
  version: number;
  /** When the pool was last written (ISO); absent before its first write. */
  updatedAt?: string;
  /** When the backfill counted the lots and registrations stored before pools (section 11); absent before. */
  migratedOn?: string;
}

/** An update that fits a TransactWriteItems `Update` as well as an UpdateItem. */
export type PoolUpdate = NonNullable<NonNullable<TransactWriteCommandInput['TransactItems']>[number]['Update']>;

export async function readPool(cropId: number, year: number): Promise<PoolState> {
  const out = await withRetry(() =>
    docClient().send(new GetCommand({ TableName: tableName(), Key: poolKey(cropId, year), ConsistentRead: true })),
  );
  return poolState(cropId, year, out.Item);
}

const COUNTERS = [
  'stockGrams',
  'soldGrams',
  'promisedGrams',
  'freeGrams',
  'waiting',
  'queueTail',
  'confirmed',
  'billed',
  'applied',
  'expired',
  'cancelled',
  'version',
] as const satisfies readonly (keyof PoolState)[];

/** Absent counters are 0: the first write of a pool creates it with ADD. */
export function poolState(cropId: number, year: number, item: Record<string, unknown> | undefined): PoolState {
  const counters = Object.fromEntries(COUNTERS.map((name) => [name, Number(item?.[name] ?? 0)]));
  const updatedAt = typeof item?.updatedAt === 'string' ? { updatedAt: item.updatedAt } : {};
  const migratedOn = typeof item?.migratedOn === 'string' ? { migratedOn: item.migratedOn } : {};
  return { cropId, year, ...counters, ...updatedAt, ...migratedOn } as PoolState;
}

/** ADD of each named counter (negative to lower it), plus version and updatedAt, with an optional condition. */
function adds(cropId: number, year: number, counters: Record<string, number>, condition?: Condition): PoolUpdate {
  const names: Record<string, string> = { '#version': 'version', '#updatedAt': 'updatedAt', ...condition?.names };
  const values: Record<string, unknown> = { ':one': 1, ':now': new Date().toISOString(), ...condition?.values };
  const parts = ['#version :one'];
  Object.entries(counters)
    .filter(([, by]) => by !== 0)
    .forEach(([name, by], i) => {
      names[`#c${i}`] = name;
      values[`:c${i}`] = by;
      parts.push(`#c${i} :c${i}`);
    });
  return {
    TableName: tableName(),
    Key: poolKey(cropId, year),
    UpdateExpression: `ADD ${parts.join(', ')} SET #updatedAt = :now`,
    ...(condition ? { ConditionExpression: condition.expression } : {}),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

interface Condition {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/** At least `grams` are free (an absent pool has none). */
const freeAtLeast = (grams: number): Condition => ({
  expression: '#free >= :need',
  names: { '#free': 'freeGrams' },
  values: { ':need': grams },
});

// ---- update descriptions ----

/** Stock of a lot added (positive) or taken away (negative: only while that much is free). */
export function stockUpdate(cropId: number, year: number, deltaGrams: number): PoolUpdate {
  return adds(
    cropId,
    year,
    { stockGrams: deltaGrams, freeGrams: deltaGrams },
    deltaGrams < 0 ? freeAtLeast(-deltaGrams) : undefined,
  );
}

/** A new registration confirmed at once: nobody waits and its grams are free. */
export function promiseUpdate(cropId: number, year: number, grams: number): PoolUpdate {
  const free = freeAtLeast(grams);
  return adds(
    cropId,
    year,
    { promisedGrams: grams, freeGrams: -grams, confirmed: 1 },
    {
      expression: `(attribute_not_exists(#waiting) OR #waiting = :zero) AND ${free.expression}`,
      names: { '#waiting': 'waiting', ...free.names },
      values: { ':zero': 0, ...free.values },
    },
  );
}

/** A waitlisted registration promoted (or an applicant drawn): its grams are free; it leaves the queue when it was in it. */
export function promoteUpdate(cropId: number, year: number, grams: number, from: 'waitlisted' | 'applied'): PoolUpdate {
  return adds(
    cropId,
    year,
    { promisedGrams: grams, freeGrams: -grams, confirmed: 1, ...(from === 'waitlisted' ? { waiting: -1 } : { applied: -1 }) },
    freeAtLeast(grams),
  );
}

/** An applicant the draw did not pick goes on the waiting list (its position is the draw's; see raiseQueueTail). */
export function waitlistApplicantUpdate(cropId: number, year: number): PoolUpdate {
  return adds(cropId, year, { applied: -1, waiting: 1 });
}

/** A promise given back: the registration expired, was cancelled, or its request failed (`undefined`). */
export function releaseUpdate(cropId: number, year: number, grams: number, to?: 'expired' | 'cancelled'): PoolUpdate {
  return adds(cropId, year, { promisedGrams: -grams, freeGrams: grams, confirmed: -1, ...(to ? { [to]: 1 } : {}) });
}

/** A waitlisted or applied registration cancelled: nothing was promised, it only changes counts. */
export function withdrawUpdate(cropId: number, year: number, from: 'waitlisted' | 'applied'): PoolUpdate {
  return adds(cropId, year, { ...(from === 'waitlisted' ? { waiting: -1 } : { applied: -1 }), cancelled: 1 });
}

/**
 * A sale of `soldGrams` to a registration promised `promisedGrams`; giving more than promised needs that much
 * free. `billed` 1 on the registration's pool (its confirmed farmer is now billed), 0 on a lot's pool of another year.
 */
export function saleUpdate(
  cropId: number,
  year: number,
  promisedGrams: number,
  soldGrams: number,
  billed: 0 | 1 = 0,
): PoolUpdate {
  const extra = soldGrams - promisedGrams;
  return adds(
    cropId,
    year,
    { promisedGrams: -promisedGrams, soldGrams, freeGrams: -extra, billed },
    extra > 0 ? freeAtLeast(extra) : undefined,
  );
}

/**
 * A sale cancelled by its credit note (saleUpdate reversed): the sold grams leave `sold`, the registration's
 * promise is held again. When fewer grams come back than are promised again, the difference must be free.
 */
export function saleReversalUpdate(
  cropId: number,
  year: number,
  promisedGrams: number,
  soldGrams: number,
  billed: 0 | -1 = 0,
): PoolUpdate {
  const extra = promisedGrams - soldGrams;
  return adds(
    cropId,
    year,
    { promisedGrams, soldGrams: -soldGrams, freeGrams: -extra, billed },
    extra > 0 ? freeAtLeast(extra) : undefined,
  );
}

/**
 * The backfill (section 11): a lot stored before pools brings the stock and sold grams the pool has not
 * counted; a registration stored before pools is confirmed with its promise. No condition: the grams are
 * there (or promised) already, and an over-promised pool refuses new promises until it is back above 0.
 */
export function backfillLotUpdate(cropId: number, year: number, stockGrams: number, soldGrams: number): PoolUpdate {
  return adds(cropId, year, { stockGrams, soldGrams, freeGrams: stockGrams - soldGrams });
}

export function backfillPromiseUpdate(cropId: number, year: number, grams: number): PoolUpdate {
  return adds(cropId, year, { promisedGrams: grams, freeGrams: -grams, confirmed: 1 });
}

/**
 * SETs the named attributes of the pool (with updatedAt and version +1) under a condition; false when the
 * condition failed. For the writes that set rather than add: the backfill's mark, the draw's queue tail,
 * reconciliation and the waiting-count repair.
 */
export async function setPoolFields(
  cropId: number,
  year: number,
  fields: Record<string, number | string>,
  condition: Condition,
  now = new Date(),
): Promise<boolean> {
  const names: Record<string, string> = { '#version': 'version', '#updatedAt': 'updatedAt', ...condition.names };
  const values: Record<string, unknown> = { ':one': 1, ':now': now.toISOString(), ...condition.values };
  const sets = Object.entries(fields).map(([name, value], i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  try {
    await withRetry(() =>
      docClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: poolKey(cropId, year),
          UpdateExpression: `SET ${[...sets, '#updatedAt = :now'].join(', ')} ADD #version :one`,
          ConditionExpression: condition.expression,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      ),
    );
    return true;
  } catch (e) {
    if (isConditionalFailure(e)) return false;
    throw e;
  }
}

/** The pool was not written since it was read at `seen` (its version). */
export const versionIs = (seen: number): Condition => ({ expression: '#version = :seen', values: { ':seen': seen } });

/** Marks the pool backfilled; false when it was already. */
export const markMigrated = (cropId: number, year: number, now = new Date()) =>
  setPoolFields(
    cropId,
    year,
    { migratedOn: now.toISOString() },
    {
      expression: 'attribute_not_exists(#migratedOn)',
      names: { '#migratedOn': 'migratedOn' },
    },
    now,
  );

// ---- standalone writes (the registration path) ----

/** Resent only when it surely was not applied (throttled, refused); a lost answer is the caller's to handle. */
const notApplied = (e: unknown) => isTransient(e) && !isAmbiguous(e);

/** The pool's attributes after the write; undefined when its condition failed. */
async function send(update: PoolUpdate): Promise<Record<string, unknown> | undefined> {
  try {
    const out = await withRetry(() => docClient().send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' })), {
      retryIf: notApplied,
    });
    return out.Attributes ?? {};
  } catch (e) {
    if (isConditionalFailure(e)) return undefined;
    throw e;
  }
}

/** Promises `grams` to a new registration; false when someone waits or the grams are not free. */
export async function promise(cropId: number, year: number, grams: number): Promise<boolean> {
  return (await send(promiseUpdate(cropId, year, grams))) !== undefined;
}

/** Puts a new registration on the waiting list; its position (1, 2, 3… per crop and year). */
export async function joinQueue(cropId: number, year: number): Promise<number> {
  const after = await send(adds(cropId, year, { queueTail: 1, waiting: 1 }));
  return Number(after!.queueTail);
}

/** Gives back what `joinQueue` took when the registration's request then failed (the position is not reused). */
export async function leaveQueue(cropId: number, year: number): Promise<void> {
  await send(adds(cropId, year, { waiting: -1 }));
}

/** A new registration in draw mode: counted, nothing promised. */
export async function apply(cropId: number, year: number): Promise<void> {
  await send(adds(cropId, year, { applied: 1 }));
}

/** Gives back what `apply` counted when the registration's request then failed. */
export async function withdraw(cropId: number, year: number): Promise<void> {
  await send(adds(cropId, year, { applied: -1 }));
}

/**
 * After a draw: the waiting list's last position handed out is at least the number of applicants the draw
 * waitlisted (1..n), so that a later first-come registration queues after them. Never lowered.
 */
export async function raiseQueueTail(cropId: number, year: number, atLeast: number): Promise<void> {
  await setPoolFields(
    cropId,
    year,
    { queueTail: atLeast },
    {
      expression: 'attribute_not_exists(#tail) OR #tail < :n',
      names: { '#tail': 'queueTail' },
      values: { ':n': atLeast },
    },
  );
}

/** Gives back a promise (see releaseUpdate). */
export async function release(cropId: number, year: number, grams: number, to?: 'expired' | 'cancelled'): Promise<void> {
  await send(releaseUpdate(cropId, year, grams, to));
}

/** Adds (or, when that much is free, takes away) stock; false when taking away more than is free. */
export async function changeStock(cropId: number, year: number, deltaGrams: number): Promise<boolean> {
  return (await send(stockUpdate(cropId, year, deltaGrams))) !== undefined;
}

/** Moves a registration's promise to sold (see saleUpdate); false when it gives more than is free. */
export async function moveToSold(cropId: number, year: number, promisedGrams: number, soldGrams: number): Promise<boolean> {
  return (await send(saleUpdate(cropId, year, promisedGrams, soldGrams))) !== undefined;
}
