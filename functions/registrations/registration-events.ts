import { GetCommand, TransactWriteCommand } from '../lib/dynamo-commands';
import { docClient, tableName } from '../lib/aws';
import { batchGet } from '../lib/batch-get';
import { padId } from '../lib/counters';
import { cancellationReasons, withRetry } from '../lib/retry';
import { kolkataDay, statUpdates } from '../lib/stats';
import type { DecodedRecord, StreamConsumer } from '../lib/stream-consumer';
import { linkRegistration } from './registration-link';
import { regKey } from './registration-entity';

/**
 * What follows a new registration, off the submit's path (docs/decisions/0032-lean-registration-write.md): the
 * farmer link and the dashboard's registration counters. Fed by the table's stream through the common consumer
 * (functions/lib/stream-consumer.ts): in the cloud a Lambda behind an event source mapping
 * (stream-handler.ts), locally the stand-in's poller (infra/local/streams.ts), the same code.
 *
 * Each record is handled on its own and idempotently, because any record may come again (a retry from a failed
 * record before it, a replay):
 *  - the link is made from the registration as stored now (registration-link.ts), never from the record's copy;
 *  - the counters are added in one transaction with a mark for each registration counted, written only where it is
 *    absent: a registration counted once is never counted again, whatever batch it comes in. The mark is an item of
 *    its own (`REGCOUNTED#<year>#<id10>`, ≈ 50 bytes: 2 WCU in the transaction), not an attribute of the
 *    registration, whose every write is its item and its index copies (docs/decisions/0047-registration-write-units.md);
 *    registrations counted before carry the mark as `countedAt` and are read before counting.
 * A link that fails does not hold back the count, nor the count the link: each is tried again with the record.
 */
const LINKS_AT_ONCE = 10;
/** Registrations counted in one transaction (with their days' and the running total's counters: under 100 items). */
const COUNTED_AT_ONCE = 25;

interface NewRegistration {
  sequenceNumber: string;
  year: number;
  id: number;
  created: string;
}

function newRegistrationOf(r: DecodedRecord): NewRegistration | undefined {
  const image = r.newImage;
  if (r.eventName !== 'INSERT' || image?.sk !== 'REG' || image.type !== 'registration') return undefined;
  const year = Number(image.year);
  const id = Number(image.id);
  const created = String(image.created ?? '');
  if (!Number.isInteger(year) || !Number.isInteger(id) || Number.isNaN(Date.parse(created))) {
    throw new Error('a registration record without its year, number or time');
  }
  return { sequenceNumber: r.sequenceNumber, year, id, created };
}

export const registrationEvents: StreamConsumer = {
  name: 'registration-events',
  // As the cloud mapping's filter (infra/constructs/registration-events.ts): inserts of registrations.
  accepts: (r) => r.eventName === 'INSERT' && (r.dynamodb?.Keys?.sk as { S?: string } | undefined)?.S === 'REG',
  handle: handleNewRegistrations,
};

async function handleNewRegistrations(records: readonly DecodedRecord[]): Promise<Map<string, Error>> {
  const failures = new Map<string, Error>();
  const regs: NewRegistration[] = [];
  for (const r of records) {
    try {
      const reg = newRegistrationOf(r);
      if (reg) regs.push(reg);
    } catch (e) {
      failures.set(r.sequenceNumber, e as Error);
    }
  }
  for (let i = 0; i < regs.length; i += LINKS_AT_ONCE) {
    await Promise.all(
      regs.slice(i, i + LINKS_AT_ONCE).map(async (r) => {
        try {
          await linkRegistration(r.year, r.id);
        } catch (e) {
          failures.set(r.sequenceNumber, e as Error);
        }
      }),
    );
  }
  for (let i = 0; i < regs.length; i += COUNTED_AT_ONCE) {
    const chunk = regs.slice(i, i + COUNTED_AT_ONCE);
    try {
      await countOnce(chunk);
    } catch (e) {
      for (const r of chunk) failures.set(r.sequenceNumber, e as Error);
    }
  }
  return failures;
}

/** The mark of a registration the dashboard counted (registrations counted before it existed carry `countedAt`). */
export const countMarkKey = (year: number, id: number) => ({ pk: `REGCOUNTED#${year}#${padId(id)}`, sk: 'REGCOUNTED' });

const regPk = (r: { year: number; id: number }) => regKey(r.year, r.id).pk;

/**
 * The registrations among these that the dashboard counted (by their `pk`): `countedAt` on the item (counted before
 * the mark was an item) or their mark. One BatchGet of the marks, 100 keys a call.
 */
export async function countedAmong(
  regs: readonly { year: number; id: number; countedAt?: string }[],
  consistent = false,
): Promise<Set<string>> {
  const counted = new Set(regs.filter((r) => r.countedAt).map(regPk));
  const rest = regs.filter((r) => !r.countedAt);
  if (!rest.length) return counted;
  const marks = await batchGet(
    rest.map((r) => countMarkKey(r.year, r.id)),
    { consistentRead: consistent, projection: 'pk' },
  );
  const marked = new Set(marks.map((m) => String(m.pk)));
  for (const r of rest) if (marked.has(countMarkKey(r.year, r.id).pk)) counted.add(regPk(r));
  return counted;
}

/** Whether the dashboard counted this registration (read strongly). */
export async function isCounted(r: { year: number; id: number; countedAt?: string }): Promise<boolean> {
  if (r.countedAt) return true;
  const out = await docClient().send(
    new GetCommand({ TableName: tableName(), Key: countMarkKey(r.year, r.id), ConsistentRead: true }),
  );
  return out.Item !== undefined;
}

/**
 * Adds the registrations not counted yet to the dashboard counters of their days and the running total, putting
 * each one's mark in the same transaction. Registrations gone, or counted before under `countedAt`, are left out
 * (one strongly consistent BatchGet of their keys); a mark already there cancels the transaction, which is then
 * made again without it.
 */
export async function countOnce(regs: readonly NewRegistration[]): Promise<void> {
  const stored = await batchGet(
    regs.map((r) => regKey(r.year, r.id)),
    { consistentRead: true, projection: 'pk, countedAt' },
  );
  const open = new Set(stored.filter((i) => !i.countedAt).map((i) => String(i.pk)));
  let pending = regs.filter((r) => open.has(regPk(r)));
  while (pending.length) {
    const now = new Date().toISOString();
    const perDay = new Map<string, { count: number; at: Date }>();
    for (const r of pending) {
      const at = new Date(r.created);
      const day = perDay.get(kolkataDay(at)) ?? { count: 0, at };
      perDay.set(kolkataDay(at), { count: day.count + 1, at });
    }
    const [, runningTotal] = statUpdates('registrations', { count: pending.length });
    const marks = pending.map((r) => ({
      Put: {
        TableName: tableName(),
        Item: { ...countMarkKey(r.year, r.id), countedAt: now },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    }));
    const counters = [
      ...[...perDay.values()].map((d) => statUpdates('registrations', { count: d.count }, { at: d.at })[0]),
      runningTotal,
    ];
    try {
      await withRetry(() =>
        docClient().send(new TransactWriteCommand({ TransactItems: [...marks, ...counters.map((u) => ({ Update: u }))] })),
      );
      return;
    } catch (e) {
      const reasons = cancellationReasons(e);
      const done = new Set(reasons.flatMap((r, i) => (i < pending.length && r.Code === 'ConditionalCheckFailed' ? [i] : [])));
      if (!done.size) throw e;
      pending = pending.filter((_, i) => !done.has(i));
    }
  }
}
