import { UpdateCommand } from './dynamo-commands';
import { docClient, tableName } from './aws';
import { batchGet } from './batch-get';
import { log } from './log';
import { withRetry } from './retry';
import { kolkataDate } from '@shared/india-time';

/**
 * Daily statistics for the dashboard: small counter items updated with ADD, read with one BatchGet, so the
 * dashboard never reads the items it counts (docs/data-model.md, "Dashboard statistics").
 *
 *   STAT#<name>[#U<userID>]#<YYYY-MM-DD>[#<shard>] / STAT    count (and amountPaise) of that Asia/Kolkata day
 *   STAT#<name>[#U<userID>]#ALL[#<shard>] / STAT             running totals
 *
 * A stat written by a surge (registrations) is sharded: each increment picks one of STAT_SHARDS[name] items
 * at random and the reader adds the shards up, so no single item takes more than its share of the writes.
 */
export const STAT_SHARDS: Record<string, number> = { registrations: 10 };

export interface StatDelta {
  count?: number;
  amountPaise?: number;
}

export interface StatValue {
  count: number;
  amountPaise: number;
}

/** The Asia/Kolkata calendar day of an instant, 'YYYY-MM-DD' (its formatter made on first use: shared/india-time.ts). */
export const kolkataDay = kolkataDate;

/** The `n` Asia/Kolkata days ending with `today`, oldest first. */
export function lastDays(today: string, n: number): string[] {
  const base = Date.parse(`${today}T12:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(base - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

const shardsOf = (name: string) => STAT_SHARDS[name] ?? 1;

function statPk(name: string, scope: string, userID?: number, shard?: number): string {
  return `STAT#${name}${userID ? `#U${userID}` : ''}#${scope}${shard === undefined ? '' : `#${shard}`}`;
}

/** Keys of every shard of one stat item. */
function statKeys(name: string, scope: string, userID?: number): { pk: string; sk: string }[] {
  const n = shardsOf(name);
  if (n === 1) return [{ pk: statPk(name, scope, userID), sk: 'STAT' }];
  return Array.from({ length: n }, (_, s) => ({ pk: statPk(name, scope, userID, s), sk: 'STAT' }));
}

function pickKey(name: string, scope: string, userID?: number): { pk: string; sk: string } {
  const n = shardsOf(name);
  return n === 1
    ? { pk: statPk(name, scope, userID), sk: 'STAT' }
    : { pk: statPk(name, scope, userID, Math.floor(Math.random() * n)), sk: 'STAT' };
}

function updateOf(key: { pk: string; sk: string }, delta: StatDelta, day: string | undefined) {
  const adds: string[] = [];
  const values: Record<string, unknown> = {};
  if (delta.count) {
    adds.push('#c :c');
    values[':c'] = delta.count;
  }
  if (delta.amountPaise) {
    adds.push('#a :a');
    values[':a'] = delta.amountPaise;
  }
  if (!adds.length) {
    adds.push('#c :c');
    values[':c'] = 0;
  }
  return {
    TableName: tableName(),
    Key: key,
    UpdateExpression: `ADD ${adds.join(', ')}${day ? ' SET #d = :d' : ''}`,
    ExpressionAttributeNames: {
      '#c': 'count',
      ...(delta.amountPaise ? { '#a': 'amountPaise' } : {}),
      ...(day ? { '#d': 'day' } : {}),
    },
    ExpressionAttributeValues: { ...values, ...(day ? { ':d': day } : {}) },
  };
}

/**
 * The Update items that add `delta` to the day's and the running total's stat (for use inside a caller's
 * TransactWrite; the sales area writes its stats in the sale's own transaction).
 */
export function statUpdates(name: string, delta: StatDelta, o: { at?: Date; userID?: number } = {}) {
  const day = kolkataDay(o.at);
  return [updateOf(pickKey(name, day, o.userID), delta, day), updateOf(pickKey(name, 'ALL', o.userID), delta, undefined)];
}

/**
 * Adds `delta` (default one) to today's and the running total of a stat, after the counted thing was
 * committed. Never throws: a stat that cannot be written is logged and the request goes on (the dashboard
 * is then one short, which the count can be rebuilt from the indexes; see docs/data-model.md).
 */
export async function incrementStat(
  name: string,
  delta: StatDelta = { count: 1 },
  o: { at?: Date; userID?: number } = {},
): Promise<void> {
  try {
    await Promise.all(
      statUpdates(name, delta, o).map((u) =>
        withRetry(() => docClient().send(new UpdateCommand(u)), { attempts: 4, baseMs: 20, maxMs: 200 }),
      ),
    );
  } catch (e) {
    log.warn('stat not counted', { stat: name, error: (e as Error).message, name: (e as Error).name });
  }
}

/** Values of a stat for the given days and the running total (one BatchGet, shards summed). */
export async function readStats(
  name: string,
  days: readonly string[],
  o: { userID?: number } = {},
): Promise<{ days: Map<string, StatValue>; all: StatValue }> {
  const scopes = [...days, 'ALL'];
  const keyScope = new Map<string, string>();
  const keys: { pk: string; sk: string }[] = [];
  for (const s of scopes) {
    for (const k of statKeys(name, s, o.userID)) {
      keyScope.set(k.pk, s);
      keys.push(k);
    }
  }
  const sums = new Map<string, StatValue>(scopes.map((s) => [s, { count: 0, amountPaise: 0 }]));
  for (const it of await batchGet(keys)) {
    const s = sums.get(keyScope.get(String(it.pk)) ?? '');
    if (!s) continue;
    s.count += Number(it.count ?? 0);
    s.amountPaise += Number(it.amountPaise ?? 0);
  }
  const all = sums.get('ALL')!;
  sums.delete('ALL');
  return { days: sums, all };
}
