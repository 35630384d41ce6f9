import { addDays } from '@shared/allocation-status';
import { batchGet } from '../lib/batch-get';
import { log } from '../lib/log';
import { queryAll } from '../lib/query';
import { withRetry } from '../lib/retry';
import { cropLotsPk } from '../lots/lot-entity';
import { poolKey, poolState, setPoolFields, versionIs, type PoolState } from './pool';
import { countQueueEntries } from './queue-store';

/**
 * Reconciliation (docs/decisions/0022-allocation.md, section 8): once a day, after 02:00 in Asia/Kolkata,
 * each backfilled pool that has not been written for `quietMs` gets its counters recomputed from what is
 * stored: `promisedGrams` from its due entries, `stockGrams` and `soldGrams` from its lots, `waiting` from
 * its queue entries, `freeGrams` to match. The write carries `version = :seen` (the version read before
 * anything was counted): a pool written meanwhile is left for a later sweep. This gives back grams leaked by
 * a request that died between its pool write and its transaction.
 */

/** The hour (Asia/Kolkata) from which the day's reconciliation runs: registrations are fewest then. */
export const RECONCILE_FROM_HOUR_IST = 2;
/** Appointments are given at most this many days ahead (docs/decisions/0008). */
const DAYS_AHEAD = 400;
/** Due days Queried at once. */
const DAYS_AT_ONCE = 20;

export function reconcileHourReached(now: Date): boolean {
  const ist = new Date(now.getTime() + 5.5 * 3600_000);
  return ist.getUTCHours() >= RECONCILE_FROM_HOUR_IST;
}

export interface ReconcileOptions {
  /** YYYY-MM-DD in Asia/Kolkata. */
  today: string;
  now: Date;
  /** A pool written within this many ms may have a request in flight: it is left alone. */
  quietMs: number;
  deadline?: number;
}

export interface ReconcileOutcome {
  /** Pools checked and marked for the day. */
  reconciled: number;
  /** Of those, pools whose counters differed from what is stored (and were set to it). */
  corrected: number;
}

export async function reconcilePools(years: number[], cropIds: number[], o: ReconcileOptions): Promise<ReconcileOutcome> {
  const deadline = o.deadline ?? Infinity;
  const outcome: ReconcileOutcome = { reconciled: 0, corrected: 0 };
  const items = await batchGet(
    cropIds.flatMap((id) => years.map((y) => poolKey(id, y))),
    { consistentRead: true },
  );
  const due = items
    .map((i) => ({ pool: poolState(Number(String(i.pk).split('#')[1]), Number(String(i.pk).split('#')[2]), i), item: i }))
    .filter(
      ({ pool, item }) =>
        pool.migratedOn &&
        pool.updatedAt &&
        o.now.getTime() - Date.parse(pool.updatedAt) >= o.quietMs &&
        !(typeof item.reconciledOn === 'string' && item.reconciledOn >= o.today),
    )
    .map(({ pool }) => pool);
  if (due.length === 0) return outcome;
  const promised = await promisedFromDueEntries(Math.min(...due.map((p) => p.year)), o.today, deadline);
  if (!promised) return outcome;
  for (const pool of due) {
    if (Date.now() > deadline) break;
    const [lots, waiting] = await Promise.all([
      lotTotals(pool.cropId, pool.year),
      countQueueEntries(pool.cropId, pool.year, { consistent: true }),
    ]);
    const counted = {
      stockGrams: lots.stockGrams,
      soldGrams: lots.soldGrams,
      promisedGrams: promised.get(`${pool.cropId}#${pool.year}`) ?? 0,
      waiting,
    };
    if (await writeCounted(pool, counted, o)) {
      outcome.reconciled++;
      const differs = (Object.keys(counted) as (keyof typeof counted)[]).filter((k) => pool[k] !== counted[k]);
      if (differs.length) {
        outcome.corrected++;
        log.warn('pool reconciled', {
          cropId: pool.cropId,
          year: pool.year,
          ...Object.fromEntries(differs.map((k) => [k, { was: pool[k], now: counted[k] }])),
        });
      }
    }
  }
  return outcome;
}

/**
 * The grams promised per `<cropId>#<year>`: the due entries of every day a registration of those years can
 * be due on (from the first day of the oldest year to DAYS_AHEAD after today). Undefined when the time
 * budget ran out before all days were read.
 */
async function promisedFromDueEntries(
  fromYear: number,
  today: string,
  deadline: number,
): Promise<Map<string, number> | undefined> {
  const days: string[] = [];
  for (let d = `${fromYear}-01-01`, last = addDays(today, DAYS_AHEAD); d <= last; d = addDays(d, 1)) days.push(d);
  const sums = new Map<string, number>();
  for (let i = 0; i < days.length; i += DAYS_AT_ONCE) {
    if (Date.now() > deadline) return undefined;
    const entries = await Promise.all(
      days.slice(i, i + DAYS_AT_ONCE).map((day) =>
        withRetry(() =>
          queryAll({
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': `DUE#${day}` },
            ConsistentRead: true,
          }),
        ),
      ),
    );
    for (const e of entries.flat()) {
      const key = `${String(e.cropId)}#${String(e.year)}`;
      sums.set(key, (sums.get(key) ?? 0) + Number(e.grams ?? 0));
    }
  }
  return sums;
}

/** Total and used grams of the crop's lots of the year (all pooled once the pool is backfilled). */
async function lotTotals(cropId: number, year: number): Promise<{ stockGrams: number; soldGrams: number }> {
  const lots = await withRetry(() =>
    queryAll({
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :year)',
      ExpressionAttributeValues: { ':pk': cropLotsPk(cropId), ':year': `${year}#` },
    }),
  );
  return {
    stockGrams: lots.reduce((sum, l) => sum + Number(l.totalGrams ?? 0), 0),
    // An offline counter's float sits in usedGrams until sold or given back (floatGrams): it is not sold.
    soldGrams: lots.reduce(
      (sum, l) => sum + Number(l.usedGrams ?? 0) - Number((l as { floatGrams?: number }).floatGrams ?? 0),
      0,
    ),
  };
}

/** Sets the counted values (and `reconciledOn`) only if nothing wrote the pool since it was read. */
async function writeCounted(
  pool: PoolState,
  c: { stockGrams: number; soldGrams: number; promisedGrams: number; waiting: number },
  o: ReconcileOptions,
): Promise<boolean> {
  return setPoolFields(
    pool.cropId,
    pool.year,
    {
      stockGrams: c.stockGrams,
      soldGrams: c.soldGrams,
      promisedGrams: c.promisedGrams,
      freeGrams: c.stockGrams - c.soldGrams - c.promisedGrams,
      waiting: c.waiting,
      reconciledOn: o.today,
    },
    versionIs(pool.version),
    o.now,
  );
}
