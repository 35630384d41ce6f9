import { kolkataDate } from '@shared/india-time';
import { isSmsKind, type SmsKind, type SmsLanguage } from '@shared/sms-templates';

/**
 * The notification outbox's item (docs/decisions/0041-sms-notifications.md): one per registration and event,
 * written in the same transaction as the change it announces (allocation, cancellation) or by the notifications
 * consumer (a new registration, a bill) and the reminder job, and sent once by the sender.
 *
 *   NOTE#<year>#<id10>#<event> / NOTE      gsi1 OUTBOX#<India day created>#<status> / <createdOn>#<pk>
 *
 * The key makes a resent write put it once (its put is conditional on attribute_not_exists). The index lists a
 * day's items of a status (the outbox screen) and counts them; its key moves with the status. The sender's
 * lease (`leaseOwner`, `leaseAt`) is taken on a pending item before it is sent and never given back: an item
 * claimed and not recorded was perhaps sent, so it is never sent again by itself (sender.ts).
 */
export const OUTBOX_STATES = ['pending', 'sent', 'delivered', 'failed', 'held', 'opted-out'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** The events written into the outbox: the allocation's own and the kinds of message. */
export type OutboxEvent = SmsKind | 'drawn';

export interface OutboxItem {
  pk: string;
  sk: 'NOTE';
  type: 'outbox';
  year: number;
  id: number;
  event: OutboxEvent;
  /** 10-digit mobile. */
  mobile: string;
  template: string;
  values: Record<string, string | number>;
  status: OutboxState;
  createdOn: string;
  /** India day of createdOn. */
  day: string;
  language?: SmsLanguage;
  tries?: number;
  messageId?: string;
  templateId?: string;
  sentAt?: string;
  deliveredAt?: string;
  failureReason?: string;
  holdUntil?: string;
  leaseOwner?: string;
  leaseAt?: string;
  resentAt?: string;
  resentBy?: string;
  gsi1pk: string;
  gsi1sk: string;
}

export const outboxKey = (year: number, id: number, event: OutboxEvent) => ({
  pk: `NOTE#${year}#${String(id).padStart(10, '0')}#${event}`,
  sk: 'NOTE' as const,
});

export const isOutboxPk = (pk: unknown): pk is string => typeof pk === 'string' && pk.startsWith('NOTE#');

export const outboxIndexPk = (day: string, status: OutboxState) => `OUTBOX#${day}#${status}`;

/** The index's key for an item of `day` in `status`. */
export const outboxIndex = (item: { day: string; createdOn: string; pk: string }, status: OutboxState) => ({
  gsi1pk: outboxIndexPk(item.day, status),
  gsi1sk: `${item.createdOn}#${item.pk}`,
});

/** The outbox id the API speaks of (path-safe): `<year>.<id10>.<event>`. */
export const outboxIdOf = (pk: string) => pk.slice('NOTE#'.length).replaceAll('#', '.');
export const OUTBOX_ID_PATTERN = /^\d{4}\.\d{10}\.[a-z-]{3,20}$/;
export const pkOfOutboxId = (id: string) => `NOTE#${id.replaceAll('.', '#')}`;

/** The kind of message an item sends: an allocation's draw is a place on the waiting list or a confirmed date. */
export function kindOf(item: Pick<OutboxItem, 'event' | 'values'>): SmsKind {
  if (item.event === 'drawn') return item.values.position !== undefined ? 'waitlisted' : 'promoted';
  if (isSmsKind(item.event)) return item.event;
  throw new Error(`an outbox item of an unknown event ${String(item.event)}`);
}

/** The language the registration was made in (Hindi unless it was made in English). */
export const languageOf = (reg: object | undefined): SmsLanguage =>
  (reg as { language?: string } | undefined)?.language === 'en' ? 'en' : 'hi';

export interface NewOutboxItem {
  year: number;
  id: number;
  event: OutboxEvent;
  mobile: string;
  values: Record<string, string | number>;
  language?: SmsLanguage;
}

/** A new pending item (the put is the caller's, conditional on attribute_not_exists(pk)). */
export function outboxItem(n: NewOutboxItem, createdOn = new Date().toISOString()): OutboxItem {
  const key = outboxKey(n.year, n.id, n.event);
  const day = kolkataDate(new Date(createdOn));
  return {
    ...key,
    type: 'outbox',
    year: n.year,
    id: n.id,
    event: n.event,
    mobile: n.mobile,
    template: `sms.${n.event}`,
    values: n.values,
    status: 'pending',
    createdOn,
    day,
    ...(n.language ? { language: n.language } : {}),
    tries: 0,
    ...outboxIndex({ day, createdOn, pk: key.pk }, 'pending'),
  };
}
