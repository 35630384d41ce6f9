import { UpdateCommand } from '../lib/dynamo-commands';
import { docClient, tableName } from '../lib/aws';
import { batchGet } from '../lib/batch-get';
import { isConditionalFailure } from '../lib/retry';

/**
 * The appointment shift counters (docs/data-model.md, "Registrations"; invariant docs/invariants.md#1-day-capacity):
 *   SLOT#<day>#<shift> / SLOT  -> booked, cap
 * and the appointment settings read so that a failure is seen, not replaced by defaults.
 */
export const slotKey = (day: string, shift: number) => ({ pk: `SLOT#${day}#${shift}`, sk: 'SLOT' });

const T = () => tableName();
const db = () => docClient();

// ---- configuration (read here so that a failure is seen, not replaced by defaults) ----

export async function readConfigValues(keys: readonly string[]): Promise<Map<string, string>> {
  const items = await batchGet(keys.map((k) => ({ pk: 'CONFIG', sk: k })));
  return new Map(items.map((i) => [String(i.sk), String(i.value ?? '')]));
}

// ---- appointment shift counters ----

/** One conditional increment; false when the shift is full. */
export async function takeShiftSlot(day: string, shift: number, cap: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: T(),
        Key: slotKey(day, shift),
        UpdateExpression: 'ADD booked :one SET #cap = :cap, #day = :day, shift = :shift',
        ConditionExpression: 'attribute_not_exists(booked) OR booked < :cap',
        ExpressionAttributeNames: { '#cap': 'cap', '#day': 'day' },
        ExpressionAttributeValues: { ':one': 1, ':cap': cap, ':day': day, ':shift': shift },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalFailure(e)) return false;
    throw e;
  }
}

/**
 * Counts a booking while the days have no cap (PerDayLimit 0), so that a cap set later starts from the
 * bookings the day already holds.
 */
export async function countShiftSlot(day: string, shift: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: T(),
      Key: slotKey(day, shift),
      UpdateExpression: 'ADD booked :one SET #day = :day, shift = :shift',
      ExpressionAttributeNames: { '#day': 'day' },
      ExpressionAttributeValues: { ':one': 1, ':day': day, ':shift': shift },
    }),
  );
}

export async function releaseShiftSlot(day: string, shift: number): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: T(),
        Key: slotKey(day, shift),
        UpdateExpression: 'ADD booked :minus',
        ConditionExpression: 'booked > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    );
  } catch (e) {
    if (!isConditionalFailure(e)) throw e;
  }
}

export interface ShiftCount {
  day: string;
  shift: number;
  booked: number;
  cap: number;
}

/** Counters of the given days (staff and tests; a BatchGet of 2 items per day). */
export async function shiftCounts(days: readonly string[]): Promise<ShiftCount[]> {
  const items = await batchGet(
    days.flatMap((d) => [slotKey(d, 1), slotKey(d, 2)]),
    { consistentRead: true },
  );
  return items.map((it) => ({
    day: String(it.day),
    shift: Number(it.shift),
    booked: Number(it.booked ?? 0),
    cap: Number(it.cap ?? 0),
  }));
}
