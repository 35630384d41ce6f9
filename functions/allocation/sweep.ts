import { randomUUID } from 'node:crypto';
import { readConfig } from '@shared/config-keys';
import type { SweepReply } from '@shared/schemas/replies/allocation';
import { kolkataDate } from '@shared/schemas/registration';
import { batchGet } from '../lib/batch-get';
import { getConfigItem } from '../lib/config-store';
import { releaseLease, takeLease } from '../lib/lease';
import { log } from '../lib/log';
import { withRetry } from '../lib/retry';
import { dropdown } from '../crops/crop-dropdown';
import { backfillPools, type BackfillOutcome } from './backfill';
import { readAppointmentSettings } from './appointments';
import { expireOverdue } from './expiry';
import { poolKey, poolState, readPool, setPoolFields, versionIs, type PoolState } from './pool';
import { promote } from './promotion';
import { readQueueHead } from './queue-store';
import { reconcileHourReached, reconcilePools, type ReconcileOutcome } from './reconcile';

/**
 * The allocation sweep (docs/decisions/0022-allocation.md, section 8), run every 15 minutes in the cloud,
 * every minute by `npm start`, and on demand by an admin: the backfill of pools stored before allocation
 * (section 11, once per pool), expiry, then promotion of every waiting list of
 * the current and last year, then the repair of a `waiting` count left above 0 by a request that died
 * between its pool write and its transaction, and, once a day after 02:00 IST, the reconciliation of every
 * quiet pool with what is stored (reconcile.ts). Every step is conditional, so two sweeps at once do nothing
 * twice; the lease only keeps two scheduled runs from doing the same work.
 */
export const SWEEP_LEASE_KEY = { pk: 'SWEEP#allocation', sk: 'SWEEP' };
export const SWEEP_LEASE_MS = 5 * 60 * 1000;
/** Longer than any registration request lives: a pool untouched for this long has no request in flight. */
export const QUIET_POOL_MS = 2 * 60 * 1000;

export interface SweepOptions {
  /** YYYY-MM-DD in Asia/Kolkata; the real day unless a test moves it. */
  today?: string;
  /** Take the lease first and do nothing when another run holds it (the scheduled runs). */
  lease?: boolean;
  /** How long the run may begin new work (ms); what is left is the next run's. */
  budgetMs?: number;
}

export type SweepOutcome = SweepReply & {
  skipped?: true;
  waitingRepaired: number;
  backfilled?: BackfillOutcome;
  reconciled?: ReconcileOutcome;
};

export async function sweepAllocation(o: SweepOptions = {}): Promise<SweepOutcome> {
  const today = o.today ?? kolkataDate();
  const deadline = Date.now() + (o.budgetMs ?? Infinity);
  const owner = o.lease ? randomUUID() : undefined;
  if (owner && !(await takeLease(SWEEP_LEASE_KEY, owner, SWEEP_LEASE_MS)))
    return { expired: 0, promoted: 0, days: [], waitingRepaired: 0, skipped: true };
  try {
    const [graceDays, calendar] = await Promise.all([graceDaysSet(), readAppointmentSettings()]);
    const year = Number(today.slice(0, 4));
    const years = [year, year - 1];
    const cropIds = (await dropdown(true)).map((c) => c.id);
    const backfilled = await backfillPools(years, cropIds, deadline);
    const expiry = await expireOverdue(today, graceDays, calendar, deadline);
    const waiting = await poolsWithWaiting(years, cropIds);
    let promoted = 0;
    for (const pool of waiting) {
      if (Date.now() > deadline) break;
      try {
        promoted += (await promote(pool.cropId, pool.year, { budgetMs: deadline - Date.now() })).promoted;
      } catch (e) {
        log.warn('promotion failed; the next sweep tries again', {
          cropId: pool.cropId,
          year: pool.year,
          error: (e as Error).message,
        });
      }
    }
    let waitingRepaired = 0;
    for (const pool of waiting) {
      if (Date.now() > deadline) break;
      if (await repairLeakedWaiting(pool.cropId, pool.year)) waitingRepaired++;
    }
    const now = new Date();
    const reconciled =
      reconcileHourReached(now) && Date.now() <= deadline
        ? await reconcilePools(years, cropIds, { today, now, quietMs: QUIET_POOL_MS, deadline })
        : undefined;
    const outcome = { expired: expiry.expired, promoted, days: expiry.days, waitingRepaired, backfilled, reconciled };
    if (outcome.expired || outcome.promoted || waitingRepaired) log.info('allocation sweep', outcome);
    return outcome;
  } finally {
    if (owner) await releaseLease(SWEEP_LEASE_KEY, owner);
  }
}

/**
 * The grace days as stored. Unlike the lenient getSetting, a failed read ends the run: expiring with the
 * default when an admin set more would take places from farmers who may still come.
 */
async function graceDaysSet(): Promise<number> {
  const item = await withRetry(() => getConfigItem('CollectionGraceDays'));
  return readConfig('CollectionGraceDays', item?.value);
}

/** The pools of the years with someone waiting: one BatchGet over the catalogue's crops. */
async function poolsWithWaiting(years: number[], cropIds: number[]): Promise<PoolState[]> {
  const keys = cropIds.flatMap((id) => years.map((y) => poolKey(id, y)));
  const items = await batchGet(keys, { consistentRead: true });
  return items
    .map((i) => {
      const [, cropId, y] = String(i.pk).split('#');
      return poolState(Number(cropId), Number(y), i);
    })
    .filter((p) => p.waiting > 0)
    .sort((a, b) => a.year - b.year || a.cropId - b.cropId);
}

/**
 * `waiting` above 0 with an empty queue blocks every new confirmation of the crop. It is set to 0 only when
 * the pool has not been written for QUIET_POOL_MS (no request is between its pool write and its
 * transaction) and only if nothing wrote it since it was read (`version = :seen`).
 */
export async function repairLeakedWaiting(cropId: number, year: number, now = new Date()): Promise<boolean> {
  const pool = await readPool(cropId, year);
  if (pool.waiting <= 0 || !pool.updatedAt) return false;
  if (now.getTime() - Date.parse(pool.updatedAt) < QUIET_POOL_MS) return false;
  if ((await readQueueHead(cropId, year, 1)).length > 0) return false;
  if (!(await setPoolFields(cropId, year, { waiting: 0 }, versionIs(pool.version), now))) return false;
  log.warn('leaked waiting count repaired', { cropId, year, was: pool.waiting });
  return true;
}
