import { UpdateCommand } from '../lib/dynamo-commands';
import { docClient, tableName } from '../lib/aws';
import { batchGet } from '../lib/batch-get';
import { kolkataDay, STAT_SHARDS } from '../lib/stats';
import { withRetry } from '../lib/retry';
import type { RegistrationItem } from '../registrations/registration-entity';
import type { CounterCorrection, CounterLeft } from '@shared/schemas/reconcile';
import { mapBounded, type BillEvents } from './reading';
import { compareTallies, Tally } from './tally';

/**
 * The dashboard's counters (functions/lib/stats.ts, docs/data-model.md "Dashboard statistics") recomputed:
 *  - `registrations` (10 shards): the registrations the stream's consumer counted (their mark `REGCOUNTED#…`, or `countedAt` on older ones), on the India day
 *    of `created`, and the running total;
 *  - `sales`, and `sales#U<user>` for the bill's maker: the bills that stand (a credit note takes its bill off the
 *    bill's own day), count and amountPaise, on the India day of `generatedOn`, and the running totals.
 * A group is a stat's day or running total, all its shards added up as readStats adds them.
 */
const MEASURES = ['count', 'amountPaise'] as const;

const statGroup = (name: string, scope: string, userID?: number) => `STAT#${name}${userID ? `#U${userID}` : ''}#${scope}`;

function keysOf(group: string, name: string) {
  const n = STAT_SHARDS[name] ?? 1;
  return n === 1 ? [{ pk: group, sk: 'STAT' }] : Array.from({ length: n }, (_, s) => ({ pk: `${group}#${s}`, sk: 'STAT' }));
}

export class DashboardReconciler {
  readonly before = new Tally();
  readonly after = new Tally();
  readonly expected = new Tally();
  /** What the job itself added meanwhile (registrations counted late). */
  readonly ours = new Tally();
  /** Every group read: each day of the range and the running total, of each stat and seller. */
  private readonly groups: { group: string; name: string }[] = [];

  constructor(days: readonly string[], userIDs: readonly number[]) {
    for (const scope of [...days, 'ALL']) {
      this.groups.push({ group: statGroup('registrations', scope), name: 'registrations' });
      this.groups.push({ group: statGroup('sales', scope), name: 'sales' });
      for (const u of userIDs) this.groups.push({ group: statGroup('sales', scope, u), name: 'sales' });
    }
  }

  /** One strongly consistent BatchGet per 100 keys, 8 at once. */
  async read(into: 'before' | 'after'): Promise<void> {
    const tally = this[into];
    const keyGroup = new Map<string, string>();
    for (const g of this.groups) {
      tally.touch(g.group);
      for (const k of keysOf(g.group, g.name)) keyGroup.set(k.pk, g.group);
    }
    const keys = [...keyGroup.keys()].map((pk) => ({ pk, sk: 'STAT' }));
    const chunks = Array.from({ length: Math.ceil(keys.length / 100) }, (_, i) => keys.slice(i * 100, i * 100 + 100));
    await mapBounded(chunks, 8, async (chunk) => {
      for (const it of await batchGet(chunk, { consistentRead: true })) {
        const group = keyGroup.get(String(it.pk))!;
        for (const m of MEASURES) tally.add(group, m, Number(it[m] ?? 0));
      }
    });
  }

  /** A registration the consumer counted (or the job counts now: `late`). */
  addRegistration(r: Pick<RegistrationItem, 'created'>, late = false): void {
    const day = kolkataDay(new Date(r.created));
    for (const g of [statGroup('registrations', day), statGroup('registrations', 'ALL')]) {
      this.expected.add(g, 'count', 1);
      if (late) this.ours.add(g, 'count', 1);
    }
  }

  addBill(b: BillEvents): void {
    if (b.cancelledOn) return; // the credit note took it off again, on the bill's own day
    const day = kolkataDay(new Date(b.generatedOn));
    for (const g of [
      statGroup('sales', day),
      statGroup('sales', 'ALL'),
      statGroup('sales', day, b.createdByUserId),
      statGroup('sales', 'ALL', b.createdByUserId),
    ]) {
      this.expected.add(g, 'count', 1);
      this.expected.add(g, 'amountPaise', b.totalPaise);
    }
  }

  /** Compares, writes the differences with ADD on the group's first shard, and says what it did. */
  async correct(): Promise<{ corrections: CounterCorrection[]; left: CounterLeft[] }> {
    const { differences, left } = compareTallies({
      measures: MEASURES,
      readGroups: this.groups.map((g) => g.group),
      before: this.before,
      after: this.after,
      expected: this.expected,
      ours: this.ours,
    });
    const nameOf = new Map(this.groups.map((g) => [g.group, g.name]));
    const byGroup = new Map<string, Record<string, number>>();
    for (const d of differences) byGroup.set(d.group, { ...byGroup.get(d.group), [d.measure]: d.expected - d.stored });
    await mapBounded([...byGroup], 10, async ([group, delta]) => {
      const [key] = keysOf(group, nameOf.get(group)!);
      const scope = group.slice(group.lastIndexOf('#') + 1);
      const adds = Object.keys(delta).map((m) => `#${m} :${m}`);
      await withRetry(() =>
        docClient().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: key,
            UpdateExpression: `ADD ${adds.join(', ')}${scope === 'ALL' ? '' : ' SET #day = :day'}`,
            ExpressionAttributeNames: {
              ...Object.fromEntries(Object.keys(delta).map((m) => [`#${m}`, m])),
              ...(scope === 'ALL' ? {} : { '#day': 'day' }),
            },
            ExpressionAttributeValues: {
              ...Object.fromEntries(Object.entries(delta).map(([m, v]) => [`:${m}`, v])),
              ...(scope === 'ALL' ? {} : { ':day': scope }),
            },
          }),
        ),
      );
    });
    return {
      corrections: differences.map((d) => ({
        kind: 'dashboard' as const,
        counter: d.group,
        combination: '',
        measure: d.measure,
        stored: d.stored,
        expected: d.expected,
      })),
      left: left.map((group) => ({ kind: 'dashboard' as const, counter: group, combination: '' })),
    };
  }
}
