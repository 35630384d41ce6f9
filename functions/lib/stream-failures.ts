import { DeleteCommand, GetCommand, UpdateCommand } from './dynamo-commands';
import { docClient, tableName } from './aws';
import { queryAll } from './query';
import { withRetry } from './retry';

/**
 * Where a stream consumer keeps a record it could not handle (docs/decisions/0036-stream-consumers.md):
 *
 *   STREAMFAILED#<consumer> / <sequence number>    the whole stream record (JSON), the last error, attempts,
 *                                                   whether it was set aside, and the key of the item it is about
 *
 * Kept FAILED_RECORD_DAYS, far beyond the stream's 24 hours, until `npm run replay-stream` handles it again.
 * A record is tried ATTEMPTS_BEFORE_SET_ASIDE times (each delivery counts one) and then set aside, so the
 * records after it go on. Erasure removes the records about an erased item (purgeFailedRecordsOf).
 */
export const ATTEMPTS_BEFORE_SET_ASIDE = 3;

/** The table's stream consumers (functions/lib/stream-consumer.ts), named here so that erasure can reach their held records. */
export type ConsumerName = 'registration-events' | 'audit-archive' | 'notifications';
export const CONSUMERS: readonly ConsumerName[] = ['registration-events', 'audit-archive', 'notifications'];
export const FAILED_RECORD_DAYS = 30;

export interface FailedRecord {
  consumer: string;
  sequenceNumber: string;
  /** The stream record as delivered, JSON. */
  record: string;
  /** pk of the table item the record is about. */
  itemPk: string;
  error: string;
  attempts: number;
  setAside: boolean;
  firstFailedAt: string;
  lastFailedAt: string;
}

const failedPk = (consumer: string) => `STREAMFAILED#${consumer}`;

/**
 * Counts one failed attempt at a record and keeps it whole; answers whether it is now set aside (its consumer
 * goes on without it). `permanent` sets it aside at once (a record that cannot be read fails the same way again).
 */
export async function noteFailure(o: {
  consumer: string;
  sequenceNumber: string;
  record: string;
  itemPk: string;
  error: string;
  permanent: boolean;
}): Promise<{ setAside: boolean; attempts: number }> {
  const now = new Date();
  const out = await withRetry(() =>
    docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: failedPk(o.consumer), sk: o.sequenceNumber },
        UpdateExpression:
          'SET #type = :type, consumer = :consumer, sequenceNumber = :seq, #record = :record, itemPk = :itemPk, #error = :error, ' +
          'lastFailedAt = :now, firstFailedAt = if_not_exists(firstFailedAt, :now), expiresAt = :expires ADD attempts :one',
        ExpressionAttributeNames: { '#type': 'type', '#record': 'record', '#error': 'error' },
        ExpressionAttributeValues: {
          ':type': 'stream-failure',
          ':consumer': o.consumer,
          ':seq': o.sequenceNumber,
          ':record': o.record,
          ':itemPk': o.itemPk,
          ':error': o.error.slice(0, 1000),
          ':now': now.toISOString(),
          ':expires': Math.floor(now.getTime() / 1000) + FAILED_RECORD_DAYS * 86_400,
          ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  const attempts = Number(out.Attributes?.attempts ?? 1);
  const setAside = o.permanent || attempts >= ATTEMPTS_BEFORE_SET_ASIDE;
  if (setAside && out.Attributes?.setAside !== true) {
    await withRetry(() =>
      docClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: failedPk(o.consumer), sk: o.sequenceNumber },
          UpdateExpression: 'SET setAside = :true',
          ExpressionAttributeValues: { ':true': true },
        }),
      ),
    );
  }
  return { setAside, attempts };
}

/** A record handled after earlier failures (a retry that worked, or a replay): it leaves the store. */
export async function forgetFailure(consumer: string, sequenceNumber: string): Promise<void> {
  await withRetry(() =>
    docClient().send(new DeleteCommand({ TableName: tableName(), Key: { pk: failedPk(consumer), sk: sequenceNumber } })),
  );
}

export async function hasFailure(consumer: string, sequenceNumber: string): Promise<boolean> {
  const out = await withRetry(() =>
    docClient().send(new GetCommand({ TableName: tableName(), Key: { pk: failedPk(consumer), sk: sequenceNumber } })),
  );
  return Boolean(out.Item);
}

/** Every record a consumer holds (a small partition: each one raised an alarm). */
export async function failedRecords(consumer: string): Promise<FailedRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': failedPk(consumer) },
    ConsistentRead: true,
  });
  return items.map((i) => ({
    consumer: String(i.consumer),
    sequenceNumber: String(i.sequenceNumber),
    record: String(i.record),
    itemPk: String(i.itemPk ?? ''),
    error: String(i.error ?? ''),
    attempts: Number(i.attempts ?? 0),
    setAside: i.setAside === true,
    firstFailedAt: String(i.firstFailedAt ?? ''),
    lastFailedAt: String(i.lastFailedAt ?? ''),
  }));
}

/** Erasure: the failed records about one item (they hold its data as it was) are deleted, from every consumer. */
export async function purgeFailedRecordsOf(itemPk: string, consumers: readonly string[]): Promise<number> {
  let purged = 0;
  for (const consumer of consumers) {
    for (const r of await failedRecords(consumer)) {
      if (r.itemPk !== itemPk) continue;
      await forgetFailure(consumer, r.sequenceNumber);
      purged++;
    }
  }
  return purged;
}
