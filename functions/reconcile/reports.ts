import { UpdateCommand } from '../lib/dynamo-commands';
import { docClient } from '../lib/aws';
import { queryAll } from '../lib/query';
import { REPORT_MEASURES, reportCounterUpdate, reportPk, type ReportDelta } from '../lib/report-counters';
import { withRetry } from '../lib/retry';
import { kolkataDay } from '../lib/stats';
import type { RegistrationItem } from '../registrations/registration-entity';
import { mapBounded, type BillEvents } from './reading';
import { compareTallies, Tally } from './tally';
import type { CounterCorrection, CounterLeft } from '@shared/schemas/reconcile';

/**
 * The report counters of one registration year recomputed from its registrations and their bills
 * (functions/lib/report-counters.ts, docs/data-model.md "Report counters"). Each event that wrote a counter is
 * read back from what it left on the registration or the bill:
 *
 * | event | measures | day (India) of |
 * |---|---|---|
 * | registration | registrations, and confirmed or waitlisted as first placed (applied: neither) | `created` |
 * | the draw waitlisting an applicant | waitlisted | `waitlistedOn` |
 * | promotion, or a draw winner's confirmation | confirmed | `promotedOn` |
 * | expiry | noShows | `expiredOn` |
 * | cancellation | cancelled | `cancelledOn` |
 * | sale | billed, grams, cashPaise or onlinePaise | the bill's `generatedOn` |
 * | credit note | the same, negative | the bill's `cancelledOn` |
 *
 * The first placing follows from the registration (firstPlacingOf).
 */
/** How a registration was first placed: what its creation counted (creationDelta). */
export function firstPlacingOf(
  r: Pick<RegistrationItem, 'status' | 'promotedOn' | 'appointmentDate' | 'waitlistPosition' | 'waitlistedOn' | 'promotedFrom'>,
): 'confirmed' | 'waitlisted' | 'applied' {
  if (r.status === undefined) return 'confirmed'; // stored before allocation
  if (r.waitlistedOn || r.status === 'applied') return 'applied'; // the draw waitlisted it, or it still waits for it
  if (r.promotedOn) return r.promotedFrom ?? 'waitlisted'; // promoted before promotedFrom was kept: the waiting list
  if (r.status === 'waitlisted') return 'waitlisted';
  if (r.status === 'cancelled') return r.appointmentDate ? 'confirmed' : r.waitlistPosition ? 'waitlisted' : 'applied';
  return 'confirmed'; // confirmed or expired, never promoted
}

const combinationOf = (r: Pick<RegistrationItem, 'cropId' | 'district' | 'category' | 'gender'>) =>
  `${r.cropId ?? 0}#${r.district}#${r.category}#${r.gender}`;

const groupOf = (year: number, day: string, combination: string) => `${reportPk(year, day)}|${combination}`;

export class ReportReconciler {
  readonly before = new Tally();
  readonly after = new Tally();
  readonly expected = new Tally();
  /** The combination's attributes, to write a correction on an item that may not exist yet. */
  private readonly subjects = new Map<string, { cropId: number; district: string; category: string; gender: string }>();

  constructor(
    readonly year: number,
    readonly days: readonly string[],
  ) {}

  /** Reads every counter item of the year's days (strongly consistent; 20 days at once). */
  async read(into: 'before' | 'after'): Promise<void> {
    const tally = this[into];
    await mapBounded(this.days, 20, async (day) => {
      const items = await withRetry(() =>
        queryAll({
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': reportPk(this.year, day) },
          ConsistentRead: true,
        }),
      );
      for (const it of items) {
        const sk = String(it.sk);
        const combination = sk.slice(0, sk.lastIndexOf('#'));
        const group = groupOf(this.year, day, combination);
        tally.touch(group);
        this.subjects.set(group, {
          cropId: Number(it.cropId ?? 0),
          district: String(it.district ?? ''),
          category: String(it.category ?? ''),
          gender: String(it.gender ?? ''),
        });
        for (const m of REPORT_MEASURES) tally.add(group, m, Number(it[m] ?? 0));
      }
    });
  }

  private count(r: RegistrationItem, at: string | undefined, delta: ReportDelta): void {
    if (!at || Number.isNaN(Date.parse(at))) return;
    const combination = combinationOf(r);
    const group = groupOf(this.year, kolkataDay(new Date(at)), combination);
    if (!this.subjects.has(group)) {
      this.subjects.set(group, { cropId: r.cropId ?? 0, district: r.district, category: r.category, gender: r.gender });
    }
    this.expected.touch(group);
    for (const [m, n] of Object.entries(delta)) this.expected.add(group, m, n ?? 0);
  }

  /** What one registration and its bills counted. */
  addRegistration(r: RegistrationItem, bills: readonly BillEvents[] = []): void {
    const first = firstPlacingOf(r);
    this.count(r, r.created, {
      registrations: 1,
      ...(first === 'confirmed' ? { confirmed: 1 } : first === 'waitlisted' ? { waitlisted: 1 } : {}),
    });
    if (r.waitlistedOn) this.count(r, r.waitlistedOn, { waitlisted: 1 });
    if (r.promotedOn) this.count(r, r.promotedOn, { confirmed: 1 });
    if (r.status === 'expired') this.count(r, r.expiredOn, { noShows: 1 });
    if (r.status === 'cancelled') this.count(r, r.cancelledOn, { cancelled: 1 });
    for (const b of bills) {
      this.count(r, b.generatedOn, b.delta);
      if (b.cancelledOn) this.count(r, b.cancelledOn, Object.fromEntries(Object.entries(b.delta).map(([k, v]) => [k, -v])));
    }
  }

  /** Compares, writes the differences (ADD, on shard 0 of the combination) and says what it did. */
  async correct(): Promise<{ corrections: CounterCorrection[]; left: CounterLeft[] }> {
    const readGroups = [...this.before.groups.keys(), ...this.after.groups.keys(), ...this.expected.groups.keys()];
    const { differences, left } = compareTallies({
      measures: REPORT_MEASURES,
      readGroups: readGroups.filter((g) => this.days.includes(dayOfGroup(g))),
      before: this.before,
      after: this.after,
      expected: this.expected,
    });
    const byGroup = new Map<string, ReportDelta>();
    for (const d of differences) {
      const delta = byGroup.get(d.group) ?? {};
      delta[d.measure as keyof ReportDelta] = d.expected - d.stored;
      byGroup.set(d.group, delta);
    }
    await mapBounded([...byGroup], 10, async ([group, delta]) => {
      const s = this.subjects.get(group)!;
      const day = dayOfGroup(group);
      // Shard 0 of the combination (id 0), on the group's day: the reader adds every shard up.
      const { Update } = reportCounterUpdate({ year: this.year, id: 0, ...s }, delta, `${day}T12:00:00+05:30`);
      await withRetry(() => docClient().send(new UpdateCommand(Update!)));
    });
    const split = (g: string) => {
      const [counter, combination] = g.split('|');
      return { counter, combination };
    };
    return {
      corrections: differences.map((d) => ({
        kind: 'report' as const,
        ...split(d.group),
        measure: d.measure,
        stored: d.stored,
        expected: d.expected,
      })),
      left: left.map((g) => ({ kind: 'report' as const, ...split(g) })),
    };
  }
}

const dayOfGroup = (group: string) => group.slice(0, group.indexOf('|')).split('#')[2];
