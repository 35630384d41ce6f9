import { releaseLease, takeLease } from '../lib/lease';
import { log } from '../lib/log';
import { lastDays, kolkataDay } from '../lib/stats';
import { withRetry } from '../lib/retry';
import { listUsers } from '../lib/users-store';
import { countedAmong, countOnce, isCounted } from '../registrations/registration-events';
import type { RegistrationItem } from '../registrations/registration-entity';
import type { CounterCorrection, CounterLeft, ReconcileReply } from '@shared/schemas/reconcile';
import { reportSeason } from '@shared/schemas/reports';
import { DashboardReconciler } from './dashboard';
import { LinkReconciler } from './links';
import { billsOfYear, forEachRegistration, heldYears, mapBounded } from './reading';
import { ReportReconciler } from './reports';

/**
 * The reconciliation job (docs/deployment.md, "Reconciliation job"; invariant 17, docs/invariants.md): the data
 * derived from the registrations and bills (farmer links, dashboard counters, report counters) recomputed from
 * them, and whatever differs corrected and reported. Run nightly by the schedule in the cloud
 * (infra/constructs/reconcile-job.ts), every 10 minutes by `npm start`, and by a super_admin through
 * `POST /api/admin/reconcile`. One run at a time (a lease); a run is safe to repeat: a second run right after a
 * first finds nothing to correct.
 *
 * For each registration year: the report counters of its days are read, then its bills and registrations (page by
 * page), then the counters again (functions/reconcile/tally.ts: how events landing during the run are told
 * apart), and the differences are written; the dashboard counters are read once before all years and once after.
 * What is kept in memory is sums per counter group and the year's bills in brief, not the registrations.
 */
export const RECONCILE_LEASE = { pk: 'SWEEP#reconcile', sk: 'SWEEP' };
const LEASE_MS = 15 * 60 * 1000;
/** Registrations younger than this are the stream's to link and count (it follows within seconds). */
let settleMs = 60_000;
/** Tests reconcile registrations they have just made. */
export const setReconcileSettleMsForTests = (ms: number) => {
  settleMs = ms;
};

/** At most this many entries in each list of the report (the totals stay whole). */
const LIST_CAP = 500;
const COUNTED_AT_ONCE = 25;

export type ReconcileOutcome = ReconcileReply | { busy: true };

export async function runReconciliation(o: { owner?: string; now?: () => Date } = {}): Promise<ReconcileOutcome> {
  const owner = o.owner ?? `reconcile-${Math.random().toString(36).slice(2)}`;
  if (!(await takeLease(RECONCILE_LEASE, owner, LEASE_MS))) return { busy: true };
  try {
    return await reconcile(o.now ?? (() => new Date()));
  } finally {
    await releaseLease(RECONCILE_LEASE, owner);
  }
}

async function reconcile(now: () => Date): Promise<ReconcileReply> {
  const started = now();
  const today = kolkataDay(started);
  const cutoff = new Date(started.getTime() - settleMs).toISOString();
  const { years, fys } = await heldYears(Number(today.slice(0, 4)));
  const users = (await listUsers()).map((u) => u.userID);

  // Every India day a counter of the held years may carry: from 1 January of the first year (or 1 April of the
  // first financial year) to today.
  const first = [years[0] && `${years[0]}-01-01`, fys[0] && `${fys[0]}-04-01`]
    .filter(Boolean)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))[0] as string | undefined;
  const daysFrom = (from: string) =>
    from > today
      ? []
      : lastDays(today, Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1);
  const dashboard = new DashboardReconciler(first ? daysFrom(first) : [today], users);
  await dashboard.read('before');

  const links = new LinkReconciler(cutoff);
  const counters: CounterCorrection[] = [];
  const left: CounterLeft[] = [];
  const countedLate: { year: number; id: number }[] = [];
  const read = { registrations: 0, bills: 0 };

  // A year's report counters on the days its reports read: its season, into the next year (shared/schemas/reports.ts).
  const seasonDays = (year: number) => {
    const { first, last } = reportSeason(year);
    return daysFrom(first).filter((d) => d <= last);
  };

  for (const year of years) {
    const reports = new ReportReconciler(year, seasonDays(year));
    await reports.read('before');
    const bills = await billsOfYear(year, fys);
    for (const list of bills.values()) {
      for (const b of list) dashboard.addBill(b);
      read.bills += list.length;
    }
    const uncounted: RegistrationItem[] = [];
    await forEachRegistration(year, async (regs) => {
      const counted = await countedAmong(regs);
      for (const r of regs) {
        read.registrations++;
        reports.addRegistration(r, bills.get(r.id));
        links.consider(r);
        if (counted.has(r.pk)) dashboard.addRegistration(r);
        else uncounted.push(r);
      }
    });
    // Not counted by the stream: counted now when older than a minute (marked, so the stream never counts it
    // again); a newer one is the stream's, unless it was counted meanwhile (read again, strongly).
    const late = uncounted.filter((r) => r.created < cutoff);
    await mapBounded(
      uncounted.filter((r) => r.created >= cutoff),
      10,
      async (r) => {
        if (await withRetry(() => isCounted(r))) dashboard.addRegistration(r);
      },
    );
    for (let i = 0; i < late.length; i += COUNTED_AT_ONCE) {
      const chunk = late.slice(i, i + COUNTED_AT_ONCE);
      await countOnce(chunk.map((r) => ({ sequenceNumber: '', year: r.year, id: r.id, created: r.created })));
      for (const r of chunk) {
        dashboard.addRegistration(r, true);
        countedLate.push({ year: r.year, id: r.id });
      }
    }
    await links.run();
    await reports.read('after');
    const fixed = await reports.correct();
    counters.push(...fixed.corrections);
    left.push(...fixed.left);
  }

  await dashboard.read('after');
  const fixed = await dashboard.correct();
  counters.push(...fixed.corrections);
  left.push(...fixed.left);

  const corrected = links.corrections.length + countedLate.length + counters.length;
  const reply: ReconcileReply = {
    startedAt: started.toISOString(),
    finishedAt: now().toISOString(),
    years,
    read,
    corrected,
    links: links.corrections.slice(0, LIST_CAP),
    countedLate: countedLate.slice(0, LIST_CAP),
    counters: counters.slice(0, LIST_CAP),
    left: left.slice(0, LIST_CAP),
    notLinked: links.notLinked,
    truncated: [links.corrections, countedLate, counters, left].some((l) => l.length > LIST_CAP),
  };
  if (corrected || left.length) {
    log.warn('reconciliation corrected derived data', {
      links: links.corrections.length,
      countedLate: countedLate.length,
      counters: counters.length,
      left: left.length,
    });
  } else log.info('reconciliation: nothing to correct', { read });
  return reply;
}
