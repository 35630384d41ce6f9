import type { AllocationEvent } from '@shared/allocation-status';
import { tableName } from '../lib/aws';
import { outboxItem, outboxKey as noteKey } from '../notifications/outbox-entity';

/**
 * The notification outbox (docs/decisions/0022-allocation.md, section 9): one item per registration and
 * event, written in the same transaction as the status change it announces; the notifications area sends it
 * (functions/notifications/outbox-entity.ts holds the item, docs/decisions/0041-sms-notifications.md the sending).
 * The key makes a resent transaction write it once (its put is conditional on attribute_not_exists).
 */
export type OutboxValues = Record<string, string | number>;

export const outboxKey = (year: number, id: number, event: AllocationEvent) => noteKey(year, id, event);

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
  return {
    TableName: tableName(),
    Item: { ...outboxItem(notice, createdOn), template: `allocation.${notice.event}` },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
}
