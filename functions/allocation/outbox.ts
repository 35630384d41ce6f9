import { QueryCommand } from '../lib/dynamo-commands';
import type { AllocationEvent } from '@shared/allocation-status';
import type { OutboxEntryReply } from '@shared/schemas/replies/allocation';
import { docClient, tableName } from '../lib/aws';
import { padId } from '../lib/counters';
import { withRetry } from '../lib/retry';

/**
 * The notification outbox (docs/decisions/0022-allocation.md, section 9): one item per registration and
 * event, written in the same transaction as the status change it announces, for a later SMS sender.
 *   NOTE#<year>#<id10>#<event> / NOTE        gsi1 OUTBOX#<status> / <createdOn>#<key>
 * The key makes a resent transaction write it once (its put is conditional on attribute_not_exists).
 */
export type OutboxStatus = OutboxEntryReply['status'];
export type OutboxValues = Record<string, string | number>;

export const outboxKey = (year: number, id: number, event: AllocationEvent) => ({
  pk: `NOTE#${year}#${padId(id)}#${event}`,
  sk: 'NOTE',
});

export interface OutboxNotice {
  year: number;
  id: number;
  event: AllocationEvent;
  /** The farmer's 10-digit mobile number. */
  mobile: string;
  /** Registration number, crop, date, shift, position… as the template needs them. */
  values: OutboxValues;
}

/** The outbox item of a status change, as a transaction's Put (once per registration and event). */
export function outboxPut(notice: OutboxNotice, createdOn = new Date().toISOString()) {
  const key = outboxKey(notice.year, notice.id, notice.event);
  return {
    TableName: tableName(),
    Item: {
      ...key,
      type: 'outbox',
      year: notice.year,
      id: notice.id,
      event: notice.event,
      mobile: notice.mobile,
      template: `allocation.${notice.event}`,
      values: notice.values,
      status: 'pending' satisfies OutboxStatus,
      createdOn,
      gsi1pk: `OUTBOX#pending`,
      gsi1sk: `${createdOn}#${key.pk}`,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
}

/** GET /api/notifications/outbox: the newest entries of a status. */
export async function listOutbox(status: OutboxStatus, take: number): Promise<OutboxEntryReply[]> {
  const out = await withRetry(() =>
    docClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `OUTBOX#${status}` },
        ScanIndexForward: false,
        Limit: take,
      }),
    ),
  );
  return (out.Items ?? []).map((item) => ({
    key: String(item.pk),
    year: Number(item.year),
    id: Number(item.id),
    event: item.event as AllocationEvent,
    mobile: String(item.mobile),
    template: String(item.template),
    values: (item.values ?? {}) as OutboxValues,
    status: item.status as OutboxStatus,
    createdOn: String(item.createdOn),
  }));
}
