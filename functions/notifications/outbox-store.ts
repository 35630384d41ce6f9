import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '../lib/dynamo-commands';
import { docClient, tableName } from '../lib/aws';
import { batchGet } from '../lib/batch-get';
import { isConditionalFailure, withRetry } from '../lib/retry';
import { SMS_KINDS } from '@shared/sms-templates';
import {
  kindOf,
  OUTBOX_STATES,
  outboxIndexPk,
  outboxKey,
  type OutboxEvent,
  type OutboxItem,
  type OutboxState,
} from './outbox-entity';

/** The outbox's reads and writes (the item: outbox-entity.ts). Every change of status is conditional. */
const db = () => docClient();

export async function getOutboxItem(pk: string, consistent = true): Promise<OutboxItem | undefined> {
  const out = await withRetry(() =>
    db().send(new GetCommand({ TableName: tableName(), Key: { pk, sk: 'NOTE' }, ConsistentRead: consistent })),
  );
  return out.Item as OutboxItem | undefined;
}

/** Puts a new item once; false when it was there already (a record handled twice, a job run twice). */
export async function putOnce(item: OutboxItem): Promise<boolean> {
  try {
    await withRetry(() =>
      db().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' })),
    );
    return true;
  } catch (e) {
    if (isConditionalFailure(e)) return false;
    throw e;
  }
}

/** Runs a conditional update; false when its condition did not hold. */
async function conditional(input: ConstructorParameters<typeof UpdateCommand>[0]): Promise<boolean> {
  try {
    await withRetry(() => db().send(new UpdateCommand(input)));
    return true;
  } catch (e) {
    if (isConditionalFailure(e)) return false;
    throw e;
  }
}

const unclaimedPending = 'attribute_exists(pk) AND #status = :pending AND attribute_not_exists(leaseOwner)';

/** A pending, unclaimed item set to `status` without sending (opted out, held for quiet hours, refused). */
export function settleUnsent(
  item: OutboxItem,
  status: 'opted-out' | 'held' | 'failed',
  more: { holdUntil?: string; failureReason?: string } = {},
): Promise<boolean> {
  return conditional({
    TableName: tableName(),
    Key: { pk: item.pk, sk: 'NOTE' },
    UpdateExpression:
      'SET #status = :to, gsi1pk = :gpk' +
      (more.holdUntil ? ', holdUntil = :hold' : '') +
      (more.failureReason ? ', failureReason = :reason' : ''),
    ConditionExpression: unclaimedPending,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':to': status,
      ':pending': 'pending',
      ':gpk': outboxIndexPk(item.day, status),
      ...(more.holdUntil ? { ':hold': more.holdUntil } : {}),
      ...(more.failureReason ? { ':reason': more.failureReason } : {}),
    },
  });
}

/**
 * The sender's lease on a pending item: taken once, by one sender, before anything is sent. Whoever takes it is
 * the only one who may send the item; it is never given back (see outbox-entity.ts).
 */
export function claim(item: OutboxItem, owner: string, at: string): Promise<boolean> {
  return conditional({
    TableName: tableName(),
    Key: { pk: item.pk, sk: 'NOTE' },
    UpdateExpression: 'SET leaseOwner = :owner, leaseAt = :at',
    ConditionExpression: unclaimedPending,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':owner': owner, ':at': at, ':pending': 'pending' },
  });
}

/** What the lease's owner records after its tries. */
export async function recordOutcome(
  item: OutboxItem,
  owner: string,
  o: {
    status: 'sent' | 'failed';
    tries: number;
    language: string;
    templateId?: string;
    messageId?: string;
    sentAt?: string;
    failureReason?: string;
  },
): Promise<boolean> {
  const sets = ['#status = :to', 'gsi1pk = :gpk', 'tries = :tries', '#language = :lang'];
  const values: Record<string, unknown> = {
    ':to': o.status,
    ':gpk': outboxIndexPk(item.day, o.status),
    ':tries': o.tries,
    ':lang': o.language,
    ':owner': owner,
    ':pending': 'pending',
  };
  const optional: [keyof typeof o, string, string][] = [
    ['templateId', 'templateId', ':tid'],
    ['messageId', 'messageId', ':mid'],
    ['sentAt', 'sentAt', ':sent'],
    ['failureReason', 'failureReason', ':reason'],
  ];
  for (const [field, attribute, placeholder] of optional) {
    if (o[field] === undefined) continue;
    sets.push(`${attribute} = ${placeholder}`);
    values[placeholder] = o[field];
  }
  const recorded = await conditional({
    TableName: tableName(),
    Key: { pk: item.pk, sk: 'NOTE' },
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: '#status = :pending AND leaseOwner = :owner',
    ExpressionAttributeNames: { '#status': 'status', '#language': 'language' },
    ExpressionAttributeValues: values,
  });
  if (!recorded && o.messageId) {
    // The delivery event came first (it settles the status): keep what only the sender knows.
    await conditional({
      TableName: tableName(),
      Key: { pk: item.pk, sk: 'NOTE' },
      UpdateExpression:
        'SET tries = :tries, #language = :lang, templateId = :tid, sentAt = if_not_exists(sentAt, :sent), messageId = if_not_exists(messageId, :mid)',
      ConditionExpression: 'leaseOwner = :owner',
      ExpressionAttributeNames: { '#language': 'language' },
      ExpressionAttributeValues: {
        ':tries': o.tries,
        ':lang': o.language,
        ':tid': o.templateId ?? '',
        ':sent': o.sentAt ?? new Date().toISOString(),
        ':mid': o.messageId,
        ':owner': owner,
      },
    });
  }
  return recorded;
}

/**
 * A delivery event: delivered or failed with the carrier's reason. Taken for an item sent (or claimed and not yet
 * recorded: the event may come before the sender's record) under this message id or none yet; a final status
 * is never changed again.
 */
export function applyDelivery(
  pk: string,
  e: { messageId: string; delivered: boolean; reason?: string; at: string; sentAt?: string },
  day: string,
): Promise<boolean> {
  const status: OutboxState = e.delivered ? 'delivered' : 'failed';
  return conditional({
    TableName: tableName(),
    Key: { pk, sk: 'NOTE' },
    UpdateExpression:
      'SET #status = :to, gsi1pk = :gpk, messageId = :mid, sentAt = if_not_exists(sentAt, :sent)' +
      (e.delivered ? ', deliveredAt = :at' : ', failureReason = :reason'),
    ConditionExpression:
      'attribute_exists(pk) AND (#status = :sentState OR (#status = :pending AND attribute_exists(leaseOwner))) AND ' +
      '(attribute_not_exists(messageId) OR messageId = :mid)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':to': status,
      ':gpk': outboxIndexPk(day, status),
      ':mid': e.messageId,
      ':sent': e.sentAt ?? e.at,
      ':pending': 'pending',
      ...(e.delivered ? { ':at': e.at } : { ':reason': e.reason ?? 'not delivered' }),
      ':sentState': 'sent',
    },
  });
}

/** A failed item sent again: once (resentAt), by an admin; the sender takes it as a new pending item. */
export function markForResend(item: OutboxItem, by: string, at: string): Promise<boolean> {
  return conditional({
    TableName: tableName(),
    Key: { pk: item.pk, sk: 'NOTE' },
    UpdateExpression:
      'SET #status = :pending, gsi1pk = :gpk, resentAt = :at, resentBy = :by, tries = :zero ' +
      'REMOVE leaseOwner, leaseAt, messageId, failureReason, deliveredAt, sentAt',
    ConditionExpression: '#status = :failed AND attribute_not_exists(resentAt)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':pending': 'pending',
      ':failed': 'failed',
      ':gpk': outboxIndexPk(item.day, 'pending'),
      ':at': at,
      ':by': by,
      ':zero': 0,
    },
  });
}

/** A held item whose quiet hours ended, handed back to the sender (its change is a new stream record). */
export function releaseHeld(item: OutboxItem): Promise<boolean> {
  return conditional({
    TableName: tableName(),
    Key: { pk: item.pk, sk: 'NOTE' },
    UpdateExpression: 'SET #status = :pending, gsi1pk = :gpk, releasedAt = :now',
    ConditionExpression: '#status = :held',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':pending': 'pending',
      ':held': 'held',
      ':gpk': outboxIndexPk(item.day, 'pending'),
      ':now': new Date().toISOString(),
    },
  });
}

/** A claimed item never recorded (its sender stopped between claiming and recording): failed, never sent again by itself. */
export function failStaleClaim(item: OutboxItem): Promise<boolean> {
  return conditional({
    TableName: tableName(),
    Key: { pk: item.pk, sk: 'NOTE' },
    UpdateExpression: 'SET #status = :failed, gsi1pk = :gpk, failureReason = :reason',
    ConditionExpression: '#status = :pending AND leaseOwner = :owner',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':failed': 'failed',
      ':pending': 'pending',
      ':owner': item.leaseOwner,
      ':gpk': outboxIndexPk(item.day, 'failed'),
      ':reason': 'the sender stopped between claiming and recording: perhaps sent, not sent again (resend if needed)',
    },
  });
}

/** A day's items of one status, newest first, read up to `budget` items. */
export async function itemsOf(day: string, status: OutboxState, take: number, budget = take): Promise<OutboxItem[]> {
  const items: OutboxItem[] = [];
  let start: Record<string, unknown> | undefined;
  let read = 0;
  do {
    const out = await withRetry(() =>
      db().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': outboxIndexPk(day, status) },
          ScanIndexForward: false,
          Limit: Math.min(1000, budget - read),
          ExclusiveStartKey: start,
        }),
      ),
    );
    read += out.ScannedCount ?? 0;
    items.push(...((out.Items ?? []) as OutboxItem[]));
    start = out.LastEvaluatedKey;
  } while (start && items.length < take && read < budget);
  return items;
}

/** How many of a day's items are in each status (counted by the index, items not returned). */
export async function countsOf(day: string): Promise<Record<OutboxState, number>> {
  const entries = await Promise.all(
    OUTBOX_STATES.map(async (status) => {
      let count = 0;
      let start: Record<string, unknown> | undefined;
      do {
        const out = await withRetry(() =>
          db().send(
            new QueryCommand({
              TableName: tableName(),
              IndexName: 'gsi1',
              KeyConditionExpression: 'gsi1pk = :pk',
              ExpressionAttributeValues: { ':pk': outboxIndexPk(day, status) },
              Select: 'COUNT',
              ExclusiveStartKey: start,
            }),
          ),
        );
        count += out.Count ?? 0;
        start = out.LastEvaluatedKey;
      } while (start);
      return [status, count] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<OutboxState, number>;
}

/** Every item a registration may have (one per event): read by key, no index needed. */
export async function itemsOfRegistration(year: number, id: number): Promise<OutboxItem[]> {
  const events: OutboxEvent[] = [...SMS_KINDS, 'drawn'];
  const items = (await batchGet(events.map((e) => outboxKey(year, id, e)))) as unknown as OutboxItem[];
  return items.sort((a, b) => b.createdOn.localeCompare(a.createdOn));
}

/**
 * Erasure (functions/registrations/erasure.ts): the registration's messages keep the mobile's last four digits
 * only, and one not yet sent never is.
 */
export async function eraseMobilesOf(year: number, id: number): Promise<number> {
  let erased = 0;
  for (const item of await itemsOfRegistration(year, id)) {
    if (!/^\d{10}$/.test(item.mobile)) continue;
    const unsent = item.status === 'pending' && !item.leaseOwner ? 'failed' : item.status === 'held' ? 'failed' : undefined;
    await withRetry(() =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: item.pk, sk: 'NOTE' },
          UpdateExpression: unsent
            ? 'SET mobile = :masked, #status = :failed, gsi1pk = :gpk, failureReason = :reason'
            : 'SET mobile = :masked',
          ExpressionAttributeValues: {
            ':masked': `XXXXXX${item.mobile.slice(-4)}`,
            ...(unsent
              ? {
                  ':failed': 'failed',
                  ':gpk': outboxIndexPk(item.day, 'failed'),
                  ':reason': 'the registration’s personal data was erased',
                }
              : {}),
          },
          ...(unsent ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
        }),
      ),
    );
    erased++;
  }
  return erased;
}

export { kindOf };
