import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '../lib/dynamo-commands';
import { addDays, isPastCollection, statusOf, type CollectionCalendar } from '@shared/allocation-status';
import { docClient, tableName } from '../lib/aws';
import { log } from '../lib/log';
import { queryAll } from '../lib/query';
import { reportCounterUpdate } from '../lib/report-counters';
import { cancellationReasons, isConditionalFailure, withRetry } from '../lib/retry';
import { regKey, type RegistrationItem } from '../registrations/registration-entity';
import { purgePut } from '../registrations/scan-purge-entity';
import { dueKey } from './entries';
import { outboxPut } from './outbox';
import { releaseUpdate } from './pool';

/**
 * Expiry (docs/decisions/0022-allocation.md, section 5): a confirmed registration not billed by its
 * appointment day plus the grace days (days the counter is open) gives its grams back. The due entries `DUE#<day>` are exactly the
 * confirmed, unbilled registrations of that day (the sale and the cancellation delete them in their own
 * transactions), so each day past collection is one Query. The cursor `SWEEP#expiry` / `SWEEP` keeps the last
 * day left empty; it only moves forward, and only over days with nothing left in them.
 */
export const EXPIRY_CURSOR_KEY = { pk: 'SWEEP#expiry', sk: 'SWEEP' };

/**
 * With no cursor yet, how far back the first run looks. Due entries are written only for appointment days
 * from the registration's day on (appointments are at most 400 days ahead), and the cursor is kept from the
 * first run on, so a first run never misses a day the product wrote.
 */
export const FIRST_RUN_LOOKBACK_DAYS = 400;
/** Empty days are Queried this many at a time (one read unit each). */
const DAYS_AT_ONCE = 20;

export interface ExpiryResult {
  expired: number;
  /** Days whose due entries were handled (expired or removed as stray). */
  days: string[];
}

interface DueEntry {
  day: string;
  cropId: number;
  year: number;
  id: number;
  grams: number;
}

/**
 * The last appointment day whose collection time has passed on `today`. The grace days count only the days the
 * counter is open, so a day's last collection day is at least `graceDays` calendar days later: the search starts
 * there and steps back over the days whose collection still runs (collectBy never decreases as the day grows).
 */
export function lastExpiringDay(today: string, graceDays: number, cal: CollectionCalendar): string {
  let day = addDays(today, -(graceDays + 1));
  while (!isPastCollection(day, graceDays, cal, today)) day = addDays(day, -1);
  return day;
}

/**
 * Expires every confirmed, unbilled registration whose collection time has passed on `today` (YYYY-MM-DD,
 * Asia/Kolkata). No entry is begun after `deadline` (epoch ms): its day is left for the next run.
 */
export async function expireOverdue(
  today: string,
  graceDays: number,
  cal: CollectionCalendar,
  deadline = Infinity,
): Promise<ExpiryResult> {
  const last = lastExpiringDay(today, graceDays, cal);
  const cursor = await readCursor();
  const first = cursor ? addDays(cursor, 1) : addDays(last, -FIRST_RUN_LOOKBACK_DAYS);
  const result: ExpiryResult = { expired: 0, days: [] };
  let emptySoFar: string | undefined;
  let blocked = false;
  for (let from = first; from <= last; from = addDays(from, DAYS_AT_ONCE)) {
    const days = Array.from({ length: DAYS_AT_ONCE }, (_, i) => addDays(from, i)).filter((d) => d <= last);
    const entriesByDay = await Promise.all(days.map(dueEntriesOf));
    for (const [i, day] of days.entries()) {
      const entries = entriesByDay[i];
      let dayDone = true;
      for (const entry of entries) {
        if (Date.now() > deadline) {
          dayDone = false;
          break;
        }
        const outcome = await expireEntry(entry);
        if (outcome === 'expired') result.expired++;
        if (outcome === 'left') dayDone = false;
      }
      if (entries.length > 0) result.days.push(day);
      if (!dayDone) blocked = true;
      if (!blocked) emptySoFar = day;
    }
  }
  if (emptySoFar && (!cursor || emptySoFar > cursor)) await moveCursor(emptySoFar);
  return result;
}

async function readCursor(): Promise<string | undefined> {
  const out = await withRetry(() =>
    docClient().send(new GetCommand({ TableName: tableName(), Key: EXPIRY_CURSOR_KEY, ConsistentRead: true })),
  );
  return typeof out.Item?.day === 'string' ? out.Item.day : undefined;
}

/** Moves the cursor forward to `day`; a sweep that got further meanwhile keeps its own. */
async function moveCursor(day: string): Promise<void> {
  try {
    await withRetry(() =>
      docClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: EXPIRY_CURSOR_KEY,
          UpdateExpression: 'SET #day = :day, updatedAt = :now',
          ConditionExpression: 'attribute_not_exists(#day) OR #day < :day',
          ExpressionAttributeNames: { '#day': 'day' },
          ExpressionAttributeValues: { ':day': day, ':now': new Date().toISOString() },
        }),
      ),
    );
  } catch (e) {
    if (!isConditionalFailure(e)) throw e;
  }
}

async function dueEntriesOf(day: string): Promise<DueEntry[]> {
  const items = await withRetry(() =>
    queryAll({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': dueKey(day, 0, 0, 0).pk },
      ConsistentRead: true,
    }),
  );
  return items.map((i) => ({ day, cropId: Number(i.cropId), year: Number(i.year), id: Number(i.id), grams: Number(i.grams) }));
}

/** 'expired'; 'removed' (a stray entry, or already handled); 'left' (storage stayed busy: the next sweep tries again). */
type EntryOutcome = 'expired' | 'removed' | 'left';

/** Index of each item in the expiring transaction (to read its cancellation reasons). */
const TX = { registration: 0, pool: 1, due: 2, outbox: 3 } as const;

async function expireEntry(entry: DueEntry): Promise<EntryOutcome> {
  const reg = await readRegistration(entry.year, entry.id);
  if (!reg || !expires(reg, entry.day)) return removeStray(entry, reg);
  const now = new Date().toISOString();
  const T = tableName();
  const items = [
    {
      Update: {
        TableName: T,
        Key: regKey(entry.year, entry.id),
        UpdateExpression: 'SET #status = :expired, expiredOn = :now',
        ConditionExpression:
          '(#status = :confirmed OR attribute_not_exists(#status)) AND isBilled = :false AND appointmentDate = :day',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':expired': 'expired',
          ':confirmed': 'confirmed',
          ':false': false,
          ':day': entry.day,
          ':now': now,
        },
      },
    },
    { Update: releaseUpdate(entry.cropId, entry.year, entry.grams, 'expired') },
    {
      Delete: {
        TableName: T,
        Key: dueKey(entry.day, entry.cropId, entry.year, entry.id),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    {
      Put: outboxPut(
        {
          year: entry.year,
          id: entry.id,
          event: 'expired',
          mobile: reg.mobileNumber,
          values: {
            number: entry.id,
            crop: reg.cropName,
            ...(reg.cropNameHi ? { cropHi: reg.cropNameHi } : {}),
            date: entry.day,
            ...(reg.appointmentShift ? { shift: reg.appointmentShift } : {}),
          },
        },
        now,
      ),
    },
    ...purgePut(reg, 'expired', now),
    reportCounterUpdate(reg, { noShows: 1 }, now),
  ];
  try {
    // Resending is safe: the conditions let the transaction apply once.
    await withRetry(() => docClient().send(new TransactWriteCommand({ TransactItems: items })));
    log.info('registration expired', { id: entry.id, year: entry.year, cropId: entry.cropId, day: entry.day });
    return 'expired';
  } catch (e) {
    const reasons = cancellationReasons(e);
    const failed = (i: number) => reasons[i]?.Code === 'ConditionalCheckFailed';
    // Billed, cancelled or expired meanwhile (by another sweep, or by this one's lost first answer).
    if (failed(TX.registration)) return removeStray(entry, await readRegistration(entry.year, entry.id));
    if (failed(TX.due)) return 'removed';
    log.warn('expiry left to the next sweep', { id: entry.id, year: entry.year, day: entry.day, name: (e as Error).name });
    return 'left';
  }
}

/** Whether the registration is the confirmed, unbilled one the entry stands for. */
function expires(reg: RegistrationItem, day: string): boolean {
  return statusOf(reg) === 'confirmed' && !reg.isBilled && reg.appointmentDate === day;
}

async function readRegistration(year: number, id: number): Promise<RegistrationItem | undefined> {
  const out = await withRetry(() =>
    docClient().send(new GetCommand({ TableName: tableName(), Key: regKey(year, id), ConsistentRead: true })),
  );
  return out.Item as RegistrationItem | undefined;
}

/**
 * An entry whose registration is not confirmed, unbilled and due that day stands for nothing: the write that
 * changed the registration should have removed it. It is deleted so that the day can be left behind.
 */
async function removeStray(entry: DueEntry, reg: RegistrationItem | undefined): Promise<EntryOutcome> {
  if (reg && statusOf(reg) !== 'expired') {
    log.warn('stray due entry removed', {
      id: entry.id,
      year: entry.year,
      day: entry.day,
      status: reg.status ?? 'absent',
      billed: reg.isBilled,
    });
  }
  try {
    await withRetry(() =>
      docClient().send(new DeleteCommand({ TableName: tableName(), Key: dueKey(entry.day, entry.cropId, entry.year, entry.id) })),
    );
    return 'removed';
  } catch (e) {
    log.warn('stray due entry not removed', { id: entry.id, day: entry.day, error: (e as Error).message });
    return 'left';
  }
}
