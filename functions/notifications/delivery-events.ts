import type { SNSEvent } from 'aws-lambda';
import { log } from '../lib/log';
import { isOutboxPk } from './outbox-entity';
import { applyDelivery, getOutboxItem } from './outbox-store';

/**
 * The configuration set's delivery events (an SNS event destination in the cloud, the stand-in's events
 * locally): each final event settles its outbox item as delivered or failed with the carrier's reason. The
 * item is found by the key the send put in the message's Context. Events that are not final (queued, pending,
 * accepted by the carrier) change nothing; an event for an item already settled, or for an earlier message of a resent
 * item, changes nothing either (outbox-store.ts applyDelivery).
 */
export interface DeliveryEvent {
  eventType: string;
  isFinal?: boolean;
  messageId: string;
  messageStatus?: string;
  messageStatusDescription?: string;
  eventTimestamp?: number;
  messageRequestTimestamp?: number;
  context?: Record<string, string>;
}

export type DeliveryOutcome = 'delivered' | 'failed' | 'ignored';

export async function handleDeliveryEvent(e: DeliveryEvent): Promise<DeliveryOutcome> {
  const pk = e.context?.outbox;
  if (!isOutboxPk(pk) || !e.messageId) return 'ignored';
  // Where a country's carriers give no delivery receipt, a final TEXT_SUCCESSFUL (accepted by the carrier) is the
  // last word and stands for delivered; a TEXT_SUCCESSFUL that is not final waits for the TEXT_DELIVERED after it.
  if (!e.isFinal && e.eventType !== 'TEXT_DELIVERED') return 'ignored';
  const delivered = e.eventType === 'TEXT_DELIVERED' || e.eventType === 'TEXT_SUCCESSFUL';
  const item = await getOutboxItem(pk);
  if (!item) return 'ignored';
  const at = new Date(e.eventTimestamp ?? Date.now()).toISOString();
  const reason = `${e.messageStatus ?? e.eventType}: ${e.messageStatusDescription ?? ''}`.trim();
  const applied = await applyDelivery(
    pk,
    {
      messageId: e.messageId,
      delivered,
      reason,
      at,
      ...(e.messageRequestTimestamp ? { sentAt: new Date(e.messageRequestTimestamp).toISOString() } : {}),
    },
    item.day,
  );
  if (!applied) return 'ignored';
  if (!delivered) log.warn('sms not delivered', { item: pk, status: e.messageStatus ?? e.eventType });
  return delivered ? 'delivered' : 'failed';
}

/** The Lambda behind the SNS topic: one event per SNS record; a record that fails is retried by SNS. */
export async function handler(event: SNSEvent): Promise<void> {
  for (const record of event.Records) {
    let parsed: DeliveryEvent;
    try {
      parsed = JSON.parse(record.Sns.Message) as DeliveryEvent;
    } catch {
      log.warn('sms event not JSON (dropped)', { id: record.Sns.MessageId });
      continue;
    }
    await handleDeliveryEvent(parsed);
  }
}
