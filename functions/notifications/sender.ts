import { randomUUID } from 'node:crypto';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { fillTemplate, smsDate, type SmsKind, type SmsLanguage } from '@shared/sms-templates';
import { log } from '../lib/log';
import { METRICS_NAMESPACE } from '../lib/metrics';
import { isTransient, sleep } from '../lib/retry';
import { getRegistration } from '../registrations/registration-entity';
import { kindOf, languageOf, type OutboxItem } from './outbox-entity';
import { claim, getOutboxItem, recordOutcome, settleUnsent } from './outbox-store';
import { isOptedOut } from './optout-store';
import { smsSettings } from './settings';
import { sendTextMessage, type SendSms } from './sms-client';
import { templatesForSending } from './templates-store';

/**
 * The sender (docs/decisions/0041-sms-notifications.md): takes a pending outbox item and sends it once.
 *
 * At most once, under any number of senders and any crash: an item is sent only by the sender that took its
 * lease (a conditional write on the pending, unclaimed item, outbox-store.ts `claim`), and the lease is never
 * given back. A sender that stops between sending and recording leaves the item claimed and unrecorded: no
 * sender takes it again; its delivery event (which carries the item's key in the send's Context) settles it, or
 * the reminder job's sweep marks it failed after CLAIM_STALE_MS, for an admin to resend.
 *
 * Every try waits for its slot under the account's messages-per-second limit (SMS_MAX_PER_SECOND, one process:
 * the cloud function runs one instance at a time); a throttled or transient failure is tried again after a
 * doubling pause, up to SMS_MAX_TRIES tries, then the item is marked failed with the reason and counted
 * (SmsSendFailed, alarmed). A refusal that would fail again (a bad number, a template the carrier would not
 * match) fails at once.
 */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;
/** Kinds held during quiet hours (the others answer something the farmer or staff just did). */
const QUIET_KINDS: ReadonlySet<SmsKind> = new Set(['reminder', 'last-day']);
const IST_OFFSET_MS = 5.5 * 3600 * 1000;

export interface SenderDeps {
  send?: SendSms;
  now?: () => Date;
}

export type SendOutcome = 'sent' | 'failed' | 'held' | 'opted-out' | 'skipped';

/** When quiet hours end for `now` (India time), or undefined outside them. */
export function quietUntil(now: Date): string | undefined {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const hour = ist.getUTCHours();
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return undefined;
  const day = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() + (hour >= QUIET_FROM_HOUR ? 1 : 0)));
  return new Date(day.getTime() + QUIET_UNTIL_HOUR * 3600 * 1000 - IST_OFFSET_MS).toISOString();
}

// ---- the rate limit: one slot every 1/SMS_MAX_PER_SECOND seconds, for every try of this process ----
let nextSlot = 0;

async function takeSlot(perSecond: number): Promise<void> {
  const now = Date.now();
  const at = Math.max(now, nextSlot);
  nextSlot = at + 1000 / perSecond;
  if (at > now) await sleep(at - now);
}

const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: 'notifications' });
export const SEND_FAILED_METRIC = 'SmsSendFailed';

function countFailure(): void {
  if (process.env.VITEST) return;
  try {
    metrics.addMetric(SEND_FAILED_METRIC, MetricUnit.Count, 1);
    metrics.publishStoredMetrics();
  } catch {
    /* the log line is kept either way */
  }
}

/** Punctuation that would turn an English message into Unicode (70 characters a part instead of 160). */
const TO_GSM: Record<string, string> = { '–': '-', '—': '-', '‘': "'", '’': "'", '“': '"', '”': '"', '…': '...' };

/**
 * The values as the template writes them: dates as DD-MM-YYYY, a label kept in both languages ('हिंदी / English',
 * the shift labels) in the message's language, and English text in GSM-7 punctuation.
 */
export function valuesOf(item: Pick<OutboxItem, 'values'>, language: SmsLanguage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(item.values ?? {})) {
    let text = k === 'date' ? smsDate(String(v)) : String(v);
    const both = text.split(' / ');
    if (both.length === 2 && /[\u0900-\u097F]/.test(both[0]!) && !/[\u0900-\u097F]/.test(both[1]!))
      text = language === 'hi' ? both[0]! : both[1]!;
    if (language === 'en') text = text.replace(/[–—‘’“”…]/g, (c) => TO_GSM[c] ?? c);
    out[k] = text;
  }
  return out;
}

/** Sends one outbox item if it is pending and nobody has it; what became of it. */
export async function sendOutboxItem(pk: string, deps: SenderDeps = {}): Promise<SendOutcome> {
  const now = deps.now ?? (() => new Date());
  const send = deps.send ?? sendTextMessage;
  const item = await getOutboxItem(pk);
  if (!item || item.status !== 'pending' || item.leaseOwner) return 'skipped';
  const kind = kindOf(item);
  if (kind !== 'bill' && (await isOptedOut(item.mobile)))
    return (await settleUnsent(item, 'opted-out')) ? 'opted-out' : 'skipped';
  const holdUntil = QUIET_KINDS.has(kind) ? quietUntil(now()) : undefined;
  if (holdUntil) return (await settleUnsent(item, 'held', { holdUntil })) ? 'held' : 'skipped';

  const owner = randomUUID();
  if (!(await claim(item, owner, now().toISOString()))) return 'skipped';

  const reg = await getRegistration(item.year, item.id);
  const language: SmsLanguage = item.language ?? languageOf(reg);
  const failed = async (reason: string, tries: number, templateId?: string): Promise<SendOutcome> => {
    await recordOutcome(item, owner, { status: 'failed', tries, language, templateId, failureReason: reason });
    // The reason's kind only: a carrier's message may name the number (kept on the item, which only admins read).
    log.warn('sms not sent', { item: item.pk, kind, tries, error: reason.split(':')[0] });
    countFailure();
    return 'failed';
  };
  if (reg?.personalDataErasedOn) return failed('the registration’s personal data was erased', 0);
  const template = (await templatesForSending()).get(kind)![language];
  let body: string;
  try {
    body = fillTemplate(kind, template.text, valuesOf(item, language));
  } catch (e) {
    return failed((e as Error).message, 0, template.dltTemplateId);
  }

  const s = smsSettings();
  for (let tries = 1; ; tries++) {
    await takeSlot(s.SMS_MAX_PER_SECOND);
    try {
      const { messageId } = await send({ to: item.mobile, body, templateId: template.dltTemplateId, outboxKey: item.pk });
      await recordOutcome(item, owner, {
        status: 'sent',
        tries,
        language,
        templateId: template.dltTemplateId,
        messageId,
        sentAt: now().toISOString(),
      });
      return 'sent';
    } catch (e) {
      const err = e as Error;
      const reason = `${err.name}: ${err.message}`;
      if (!isTransient(e) || tries >= s.SMS_MAX_TRIES) return failed(reason, tries, template.dltTemplateId);
      log.info('sms try failed (tried again)', { item: item.pk, tries, error: err.name });
      const pause = s.SMS_BACKOFF_MS * 2 ** (tries - 1);
      await sleep(pause / 2 + Math.random() * (pause / 2));
    }
  }
}

/**
 * Sends a farmer's one-time code (docs/decisions/0043-farmer-one-time-codes.md): the `otp` template in the
 * language given, under the same rate limit and tries as the outbox's messages, never held by quiet hours nor
 * refused by an opt-out (the farmer has just asked for it). Neither the code nor the mobile is logged.
 */
export async function sendOneTimeCode(
  c: { mobile: string; code: string; language: SmsLanguage; key: string },
  deps: SenderDeps = {},
): Promise<'sent' | 'failed'> {
  const send = deps.send ?? sendTextMessage;
  const template = (await templatesForSending()).get('otp')![c.language];
  const body = fillTemplate('otp', template.text, { code: c.code });
  const s = smsSettings();
  for (let tries = 1; ; tries++) {
    await takeSlot(s.SMS_MAX_PER_SECOND);
    try {
      await send({ to: c.mobile, body, templateId: template.dltTemplateId, outboxKey: c.key });
      return 'sent';
    } catch (e) {
      const err = e as Error;
      if (!isTransient(e) || tries >= s.SMS_MAX_TRIES) {
        log.warn('one-time code not sent', { tries, error: err.name });
        countFailure();
        return 'failed';
      }
      const pause = s.SMS_BACKOFF_MS * 2 ** (tries - 1);
      await sleep(pause / 2 + Math.random() * (pause / 2));
    }
  }
}

/** Sends items with a few at once (each try still waits for its slot); each item's outcome, or its error. */
export async function sendOutboxItems(
  pks: readonly string[],
  deps: SenderDeps = {},
  atOnce = 8,
): Promise<Map<string, SendOutcome | Error>> {
  const outcomes = new Map<string, SendOutcome | Error>();
  let next = 0;
  const worker = async () => {
    while (next < pks.length) {
      const pk = pks[next++]!;
      try {
        outcomes.set(pk, await sendOutboxItem(pk, deps));
      } catch (e) {
        outcomes.set(pk, e as Error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, pks.length) }, worker));
  return outcomes;
}
