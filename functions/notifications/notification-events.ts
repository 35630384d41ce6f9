import { billPath } from '@shared/public-pages/paths';
import { normaliseMobile } from '@shared/sms-templates';
import { publicUrl } from '../lib/qr';
import type { DecodedRecord, StreamConsumer } from '../lib/stream-consumer';
import { getRegistration } from '../registrations/registration-entity';
import { isOutboxPk, languageOf, outboxItem, type OutboxItem } from './outbox-entity';
import { putOnce } from './outbox-store';
import { isCodeRecord, sendCodeOf } from './code-sender';
import { sendOutboxItems, type SenderDeps } from './sender';

/**
 * The notifications consumer of the table's stream (docs/decisions/0041-sms-notifications.md), through the
 * common consumer (functions/lib/stream-consumer.ts): in the cloud a Lambda behind an event source mapping
 * (stream-handler.ts), locally the stand-in's poller (infra/local/streams.ts), the same code.
 *  - a new registration writes its outbox item (registered with its date and shift, or waitlisted with its
 *    place), from the registration as stored now, never from the record's copy (erased: nothing);
 *  - a new bill writes its item (the bill's number and its link with the token);
 *  - a pending, unclaimed outbox item is sent (sender.ts: at most once, whatever comes again).
 * Idempotent per record: an item is put once (its key), and sent only by the sender that claims it.
 */
const sk = (r: Parameters<StreamConsumer['accepts']>[0]) => (r.dynamodb?.Keys?.sk as { S?: string } | undefined)?.S;
const attr = (r: Parameters<StreamConsumer['accepts']>[0], name: string) =>
  (r.dynamodb?.NewImage?.[name] as { S?: string } | undefined)?.S;

/** As the cloud mapping's filters (infra/constructs/notifications.ts). */
export function acceptsNotificationRecord(r: Parameters<StreamConsumer['accepts']>[0]): boolean {
  const key = sk(r);
  if (r.eventName === 'INSERT' && (key === 'REG' || key === 'INVOICE')) return true;
  // a farmer's one-time code, while it is sealed for sending (code-sender.ts)
  if ((r.eventName === 'INSERT' || r.eventName === 'MODIFY') && key === 'FCODE') return attr(r, 'sealed') !== undefined;
  return (
    (r.eventName === 'INSERT' || r.eventName === 'MODIFY') &&
    key === 'NOTE' &&
    attr(r, 'status') === 'pending' &&
    !r.dynamodb?.NewImage?.leaseOwner
  );
}

async function itemOfRegistration(image: Record<string, unknown>): Promise<OutboxItem | undefined> {
  const year = Number(image.year);
  const id = Number(image.id);
  if (!Number.isInteger(year) || !Number.isInteger(id)) throw new Error('a registration record without its year or number');
  const reg = await getRegistration(year, id);
  if (!reg || reg.personalDataErasedOn) return undefined;
  const mobile = normaliseMobile(reg.mobileNumber);
  if (!mobile) return undefined;
  const language = languageOf(reg);
  const status = reg.status ?? 'confirmed';
  if (status === 'confirmed' && reg.appointmentDate)
    return outboxItem({
      year,
      id,
      event: 'registered',
      mobile,
      language,
      values: { number: id, date: reg.appointmentDate, shift: reg.appointmentShift ?? '' },
    });
  if (status === 'waitlisted' && reg.waitlistPosition !== undefined)
    return outboxItem({
      year,
      id,
      event: 'waitlisted',
      mobile,
      language,
      values: { number: id, position: reg.waitlistPosition },
    });
  return undefined;
}

async function itemOfBill(image: Record<string, unknown>): Promise<OutboxItem | undefined> {
  const year = Number(image.year);
  const id = Number(image.registrationID);
  const number = String(image.invoiceNumber ?? '');
  if (!Number.isInteger(year) || !Number.isInteger(id) || !number)
    throw new Error('a bill record without its registration or number');
  const mobile = normaliseMobile(String(image.farmerContact ?? ''));
  if (!mobile) return undefined;
  const token = typeof image.verifyToken === 'string' ? image.verifyToken : undefined;
  const reg = await getRegistration(year, id);
  return outboxItem({
    year,
    id,
    event: 'bill',
    mobile,
    language: languageOf(reg),
    values: { number, link: publicUrl(billPath(number, token)) },
  });
}

export function notificationsConsumer(deps: SenderDeps = {}): StreamConsumer {
  return {
    name: 'notifications',
    accepts: acceptsNotificationRecord,
    async handle(records: readonly DecodedRecord[]) {
      const failures = new Map<string, Error>();
      const toSend = new Map<string, string[]>();
      for (const r of records) {
        const image = r.newImage ?? {};
        try {
          if (isCodeRecord(r.itemPk, r.newImage)) {
            await sendCodeOf(r.itemPk, image, deps);
            continue;
          }
          if (isOutboxPk(r.itemPk)) {
            toSend.set(r.itemPk, [...(toSend.get(r.itemPk) ?? []), r.sequenceNumber]);
            continue;
          }
          const item = image.sk === 'REG' ? await itemOfRegistration(image) : await itemOfBill(image);
          if (item) await putOnce(item);
        } catch (e) {
          failures.set(r.sequenceNumber, e as Error);
        }
      }
      const outcomes = await sendOutboxItems([...toSend.keys()], deps);
      for (const [pk, outcome] of outcomes)
        if (outcome instanceof Error) for (const seq of toSend.get(pk) ?? []) failures.set(seq, outcome);
      return failures;
    },
  };
}

export const notificationEvents = notificationsConsumer();
