import { kolkataDate } from '@shared/india-time';
import type { OutboxItemReply, OutboxQuery, OutboxReply, TemplateReply, TemplatesReply } from '@shared/schemas/notifications';
import { maskMobile, SMS_KINDS, SMS_VARIABLES, type SmsTemplate } from '@shared/sms-templates';
import { conflict, notFound } from '../lib/errors';
import { kindOf, languageOf, OUTBOX_STATES, outboxIdOf, pkOfOutboxId, type OutboxItem } from './outbox-entity';
import { countsOf, getOutboxItem, itemsOf, itemsOfRegistration, markForResend } from './outbox-store';
import { smsSettings } from './settings';
import { readTemplates, saveTemplate, type StoredTemplate } from './templates-store';

/** The notifications area's rules: what the outbox screen, the templates screen and the staff view read. */
export function toReply(item: OutboxItem, audience: 'admin' | 'staff'): OutboxItemReply {
  return {
    id: outboxIdOf(item.pk),
    kind: kindOf(item),
    mobile: audience === 'admin' ? item.mobile : maskMobile(item.mobile),
    templateId: item.templateId ?? null,
    language: item.language ?? languageOf(undefined),
    status: item.status,
    tries: item.tries ?? 0,
    messageId: item.messageId ?? null,
    sentAt: item.sentAt ?? null,
    deliveredAt: item.deliveredAt ?? null,
    failureReason: item.failureReason ?? null,
    registrationId: item.id,
    year: item.year,
    createdOn: item.createdOn,
    holdUntil: item.holdUntil ?? null,
    resent: Boolean(item.resentAt),
  };
}

/** Items a filtered list reads at most (a day's outbox of one status is read newest first). */
const LIST_READ_BUDGET = 5000;

export async function listOutbox(q: OutboxQuery): Promise<OutboxReply> {
  const day = q.day ?? kolkataDate();
  const statuses = q.status ? [q.status] : OUTBOX_STATES;
  const filtered = Boolean(q.kind || q.mobile);
  const lists = await Promise.all(
    statuses.map((s) => itemsOf(day, s, filtered ? LIST_READ_BUDGET : q.take, filtered ? LIST_READ_BUDGET : q.take)),
  );
  const items = lists
    .flat()
    .filter((i) => (!q.kind || kindOf(i) === q.kind) && (!q.mobile || i.mobile === q.mobile))
    .sort((a, b) => b.createdOn.localeCompare(a.createdOn))
    .slice(0, q.take)
    .map((i) => toReply(i, 'admin'));
  return { day, items, counts: await countsOf(day) };
}

export async function resend(id: string, by: string): Promise<OutboxItem> {
  const item = await getOutboxItem(pkOfOutboxId(id));
  if (!item) throw notFound('No such message');
  if (item.status !== 'failed') throw conflict('Only a failed message can be resent');
  if (item.resentAt) throw conflict('This message was resent once already');
  if (!(await markForResend(item, by, new Date().toISOString()))) throw conflict('This message changed meanwhile; reload');
  return (await getOutboxItem(item.pk))!;
}

export async function messagesOfRegistration(year: number, id: number, audience: 'admin' | 'staff') {
  return { items: (await itemsOfRegistration(year, id)).map((i) => toReply(i, audience)) };
}

const templateReply = (t: StoredTemplate): TemplateReply => ({
  kind: t.kind,
  variables: [...SMS_VARIABLES[t.kind]],
  hi: t.hi,
  en: t.en,
  updatedOn: t.updatedOn,
  updatedBy: t.updatedBy,
});

export async function listTemplates(): Promise<TemplatesReply> {
  const stored = await readTemplates();
  const s = smsSettings();
  return {
    templates: SMS_KINDS.map((k) => templateReply(stored.get(k)!)),
    pricePerPartPaise: s.SMS_PRICE_PER_PART_PAISE,
    entityId: s.SMS_ENTITY_ID,
    senderId: s.SMS_ORIGINATION_IDENTITY,
  };
}

export async function putTemplate(t: SmsTemplate, by: string): Promise<{ before: StoredTemplate; after: TemplateReply }> {
  const before = (await readTemplates()).get(t.kind)!;
  return { before, after: templateReply(await saveTemplate(t, by)) };
}
