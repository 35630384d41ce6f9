import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { docClient, setDocClientForTests } from '@functions/lib/aws';
import { consumeRecords } from '@functions/lib/stream-consumer';
import { notificationsConsumer } from '@functions/notifications/notification-events';
import { outboxIdOf, outboxItem, type OutboxEvent, type OutboxItem } from '@functions/notifications/outbox-entity';
import { getOutboxItem, putOnce } from '@functions/notifications/outbox-store';
import { releaseAndSettle } from '@functions/notifications/reminders';
import { sendOutboxItem } from '@functions/notifications/sender';
import { resetSmsSettings } from '@functions/notifications/settings';
import { resetSmsClient } from '@functions/notifications/sms-client';
import { handleDeliveryEvent } from '@functions/notifications/delivery-events';
import { registrationEvents } from '@functions/registrations/registration-events';
import { getRegistration } from '@functions/registrations/registration-entity';
import { DEFAULT_TEMPLATES } from '@shared/sms-templates';
import { startLocalSms, type LocalSms } from '@infra/local/sms';
import { startStreamConsumer, type StreamConsumer } from '@infra/local/streams';
import { newMobile, seedFormCrops } from '../fixtures/registration-helpers';
import { faulty, named } from '../support/faulty-client';
import { useTestApi } from '../support/integration';
import { newRegistration, sold } from '../support/steps';
import { kgCrop } from '../fixtures/allocation-helpers';
import { registerFarmer, validFields } from '../fixtures/registration-helpers';
import { farmerToken } from '../support/tokens';

/**
 * The SMS sender (functions/notifications/sender.ts) against the stand-in (infra/local/sms.ts) through the real
 * SDK client: a registration's message in its language with the DLT IDs, at most once under two senders and a
 * crash between sending and recording, throttling tried again within the rate limit, a failing number given up
 * after the bounded tries, quiet hours, the opt-out list, and the reminder job run twice.
 */
const { api, tokens } = useTestApi({ streams: true }, 'admin', 'seller');
let sms: LocalSms;
let poller: StreamConsumer;

const setSms = (vars: Record<string, string>) => {
  Object.assign(process.env, vars);
  resetSmsSettings();
};

beforeAll(async () => {
  sms = await startLocalSms({ port: 0, onEvent: (e) => handleDeliveryEvent(e).then(() => undefined) });
  setSms({ SMS_ENDPOINT: sms.endpoint, SMS_MAX_PER_SECOND: '1000', SMS_MAX_TRIES: '5', SMS_BACKOFF_MS: '10' });
  resetSmsClient();
  poller = startStreamConsumer({
    endpoint: inject('dynamoEndpoint'),
    tableName: process.env.TABLE_NAME!,
    intervalMs: 0,
    consumers: [registrationEvents, notificationsConsumer()],
  });
  await seedFormCrops();
});

afterAll(async () => {
  await poller?.stop();
  await sms?.stop();
  resetSmsClient();
});

beforeEach(() => setSms({ SMS_MAX_PER_SECOND: '1000', SMS_MAX_TRIES: '5', SMS_BACKOFF_MS: '10' }));

/** The stand-in's inbox of a mobile, read as a person would: GET /inbox?to= on its own port. */
async function inbox(
  mobile: string,
): Promise<{ to: string; body: string; templateId: string; entityId: string; senderId: string }[]> {
  const r = await fetch(`${sms.endpoint}/inbox?to=${mobile}`);
  expect(r.status).toBe(200);
  return r.json();
}

/** Drains the stream and the delivery events it set off. */
async function settle() {
  await poller.drain();
  await sms.settled();
}

let nextId = 50_000;
const YEAR = new Date().getFullYear();

async function seedItem(
  event: OutboxEvent,
  values: Record<string, string | number>,
  mobile = newMobile(),
  createdOn?: string,
): Promise<OutboxItem> {
  const item = outboxItem({ year: YEAR, id: ++nextId, event, mobile, values, language: 'hi' }, createdOn);
  expect(await putOnce(item)).toBe(true);
  return item;
}

/** The item's insert as the stream delivers it. */
let sequence = 90_000_000;
const insertOf = (item: OutboxItem): DynamoDBRecord => ({
  eventName: 'INSERT',
  dynamodb: {
    SequenceNumber: String(++sequence).padStart(21, '0'),
    Keys: marshall({ pk: item.pk, sk: item.sk }) as never,
    NewImage: marshall(item, { removeUndefinedValues: true }) as never,
  },
});

/** A farmer registered through the API, as stored (mobile, date, shift). */
async function registered() {
  const r = await newRegistration(api);
  return (await getRegistration(r.year, r.id))!;
}

const sentTo = (mobile: string) => sms.messages().filter((m) => m.to === mobile);

describe('a registration’s message', () => {
  it('reaches the farmer once, in Hindi, with its number, date, shift and the DLT IDs, and is marked delivered', async () => {
    const reg = await registered();
    await settle();
    const mobile = reg.mobileNumber;
    const got = await inbox(mobile);
    expect(got).toHaveLength(1);
    const [m] = got;
    const date = reg.appointmentDate!.split('-').reverse().join('-');
    expect(m!.body).toContain(String(reg.id));
    expect(m!.body).toContain(date);
    // The shift's label in the message's language (the label keeps both: 'हिंदी / English').
    expect(m!.body).toContain(reg.appointmentShift!.split(' / ')[0]!);
    expect(m!.body).not.toContain(' / ');
    expect(m!.body).toMatch(/[\u0900-\u097F]/);
    expect(m!.templateId).toBe(DEFAULT_TEMPLATES.registered.hi.dltTemplateId);
    expect(m!.entityId).toMatch(/^\d+$/);
    expect(m!.senderId).toBe('SEEDIN');

    const list = await api.route('GET /api/notifications/outbox', { token: tokens.admin, query: { mobile: `+91 ${mobile}` } });
    expect(list.status, list.text).toBe(200);
    expect(list.data.items).toHaveLength(1);
    expect(list.data.items[0]).toMatchObject({ kind: 'registered', status: 'delivered', tries: 1, language: 'hi', mobile });
    expect(list.data.counts.delivered).toBeGreaterThanOrEqual(1);

    // The staff view of the registration: a seller sees the mobile's last four digits only.
    const staff = await api.route('GET /api/notifications/registrations/{id}', {
      token: tokens.seller,
      params: { id: reg.id },
      query: { year: reg.year },
    });
    expect(staff.status, staff.text).toBe(200);
    expect(staff.data.items.map((i) => i.mobile)).toEqual([`XXXXXX${mobile.slice(-4)}`]);

    // The stream delivering the registration again sends nothing more.
    await settle();
    expect(await inbox(mobile)).toHaveLength(1);
  });

  it('speaks English to a farmer who filled the form in English, and Hindi when the form said nothing or nonsense', async () => {
    const inEnglish = await newRegistration(api, { lang: 'en' });
    const unsaid = await newRegistration(api, { lang: 'fr' });
    await settle();
    const reg = (await getRegistration(inEnglish.year, inEnglish.id))!;
    expect(reg.language).toBe('en');
    const [english] = await inbox(reg.mobileNumber);
    expect(english!.templateId).toBe(DEFAULT_TEMPLATES.registered.en.dltTemplateId);
    expect(english!.body).toMatch(/^Seed registration \d+ confirmed\./);
    // The shift's English label, its dash in GSM-7 so that the message stays in 160-character parts.
    expect(english!.body).toContain(reg.appointmentShift!.split(' / ')[1]!.replace('–', '-'));
    expect(english!.body).not.toMatch(/[\u0900-\u097F]/);

    const other = (await getRegistration(unsaid.year, unsaid.id))!;
    expect(other.language).toBe('hi');
    const [hindi] = await inbox(other.mobileNumber);
    expect(hindi!.templateId).toBe(DEFAULT_TEMPLATES.registered.hi.dltTemplateId);
  });
});

describe('every change that matters to the farmer', () => {
  it('tells a waiting farmer their place, then the new date when a cancellation promotes them; the cancelled one; and a bill with its link', async () => {
    const { cropId, cropName } = await kgCrop(2);
    const reg = async () => {
      const fields = validFields({ cropName, bagsRequested: 2 });
      const r = await registerFarmer(api, fields);
      expect(r.status, r.text).toBe(201);
      return (await getRegistration(r.json.data.year, r.json.data.id))!;
    };
    const first = await reg();
    const second = await reg();
    expect([first.status, second.status]).toEqual(['confirmed', 'waitlisted']);
    await settle();
    const [waiting] = await inbox(second.mobileNumber);
    expect(waiting!.body).toContain(`प्रतीक्षा सूची में क्रमांक ${second.waitlistPosition}`);
    expect(waiting!.templateId).toBe(DEFAULT_TEMPLATES.waitlisted.hi.dltTemplateId);

    const cancel = await api.call('POST', `/api/registrations/${first.id}/cancel`, {
      token: tokens.seller,
      body: { reason: 'Farmer called to cancel' },
    });
    expect(cancel.status, cancel.text).toBe(200);
    await settle();
    const cancelled = await inbox(first.mobileNumber);
    expect(cancelled.map((m) => m.templateId)).toEqual([
      DEFAULT_TEMPLATES.cancelled.hi.dltTemplateId,
      DEFAULT_TEMPLATES.registered.hi.dltTemplateId,
    ]);
    expect(cancelled[0]!.body).toContain(`बीज पंजीकरण ${first.id} रद्द`);
    const promoted = (await getRegistration(second.year, second.id))!;
    expect(promoted.status).toBe('confirmed');
    const [news] = await inbox(second.mobileNumber);
    expect(news!.templateId).toBe(DEFAULT_TEMPLATES.promoted.hi.dltTemplateId);
    expect(news!.body).toContain(promoted.appointmentDate!.split('-').reverse().join('-'));

    const lots = await api.call('GET', '/api/lots/for-crop', { token: tokens.seller, query: { cropId } });
    expect(lots.status, lots.text).toBe(200);
    const bill = await sold(api, tokens.seller, promoted, lots.json[0].lotID, { bags: 2 });
    await settle();
    const [billed] = await inbox(second.mobileNumber);
    expect(billed!.templateId).toBe(DEFAULT_TEMPLATES.bill.hi.dltTemplateId);
    expect(billed!.body).toContain(bill.invoiceNumber);
    expect(billed!.body).toMatch(new RegExp(`/bill/${bill.invoiceNumber}\\?t=[\\w-]{16,}`));
    const outbox = await api.route('GET /api/notifications/outbox', {
      token: tokens.admin,
      query: { mobile: second.mobileNumber },
    });
    expect(outbox.data.items.map((i) => [i.kind, i.status])).toEqual([
      ['bill', 'delivered'],
      ['promoted', 'delivered'],
      ['waitlisted', 'delivered'],
    ]);
  });
});

describe('erasure', () => {
  it('leaves the last four digits of the mobile on the registration’s messages', async () => {
    const reg = await registered();
    await settle();
    const cancel = await api.call('POST', `/api/registrations/${reg.id}/cancel`, {
      token: tokens.seller,
      body: { reason: 'Farmer asked to be forgotten' },
    });
    expect(cancel.status, cancel.text).toBe(200);
    await settle();
    const ask = await api.call('POST', `/svsregistration/${reg.uniqeCode}/data-requests`, {
      token: await farmerToken(reg.mobileNumber),
      body: { kind: 'erasure', details: 'Please erase my data' },
    });
    expect(ask.status, ask.text).toBe(201);
    const done = await api.call('POST', `/api/data-requests/${ask.json.id}/resolve`, {
      token: tokens.admin,
      body: { outcome: 'done' },
    });
    expect(done.status, done.text).toBe(200);
    const messages = await api.route('GET /api/notifications/registrations/{id}', {
      token: tokens.admin,
      params: { id: reg.id },
      query: { year: reg.year },
    });
    expect(messages.data.items.map((m) => [m.kind, m.mobile])).toEqual([
      ['cancelled', `XXXXXX${reg.mobileNumber.slice(-4)}`],
      ['registered', `XXXXXX${reg.mobileNumber.slice(-4)}`],
    ]);
  });
});

describe('at most once', () => {
  it('sends 200 items exactly once with two senders taking the same records at once', async () => {
    const items = await Promise.all(Array.from({ length: 200 }, (_, i) => seedItem('expired', { number: 60_000 + i })));
    const records = items.map(insertOf);
    const a = notificationsConsumer();
    const b = notificationsConsumer();
    const before = sms.messages().length;
    const answers = await Promise.all([consumeRecords(a, records), consumeRecords(b, records)]);
    expect(answers.flatMap((x) => x.batchItemFailures)).toEqual([]);
    const sent = sms.messages().slice(before);
    expect(sent).toHaveLength(200);
    expect(new Set(sent.map((m) => m.context.outbox))).toEqual(new Set(items.map((i) => i.pk)));
    await sms.settled();
    const stored = await Promise.all(items.map((i) => getOutboxItem(i.pk)));
    expect(stored.map((i) => i!.status).every((s) => s === 'sent' || s === 'delivered')).toBe(true);
  });

  it('does not send again after a sender died between sending and recording', async () => {
    const item = await seedItem('cancelled', { number: 4242 });
    const real = docClient();
    // The sender's record (and the delivery event's) never reach the table: as if the process died after the send.
    setDocClientForTests(
      faulty(real, (cmd) =>
        String(cmd.input?.UpdateExpression ?? '').includes('#status = :to') ? named('ProcessKilled') : undefined,
      ),
    );
    try {
      const answer = await consumeRecords(notificationsConsumer(), [insertOf(item)]);
      expect(answer.batchItemFailures).toHaveLength(1);
      await sms.settled();
    } finally {
      setDocClientForTests(real);
    }
    expect(sentTo(item.mobile)).toHaveLength(1);
    expect(await getOutboxItem(item.pk)).toMatchObject({ status: 'pending', leaseOwner: expect.any(String) });
    // Every later delivery of the record, and another sender, find the item claimed: nothing is sent again.
    await consumeRecords(notificationsConsumer(), [insertOf(item)]);
    await consumeRecords(notificationsConsumer(), [insertOf(item)]);
    expect(await sendOutboxItem(item.pk)).toBe('skipped');
    expect(sentTo(item.mobile)).toHaveLength(1);
    // Long after, the sweep marks it failed (perhaps sent) for an admin to judge; it still sends nothing.
    const later = await releaseAndSettle(new Date(Date.now() + 20 * 60_000));
    expect(later.settled).toBeGreaterThanOrEqual(1);
    const settled = (await getOutboxItem(item.pk))!;
    expect(settled.status).toBe('failed');
    expect(settled.failureReason).toContain('perhaps sent');
    expect(sentTo(item.mobile)).toHaveLength(1);
  });

  it('fails an item at once on a refusal that is not transient, and an admin resends it once', async () => {
    const item = await seedItem('cancelled', { number: 4343 });
    const dying = notificationsConsumer({
      send: async () => {
        throw Object.assign(new Error('the sender was stopped (injected)'), { name: 'ProcessKilled' });
      },
    });
    await consumeRecords(dying, [insertOf(item)]);
    const failed = (await getOutboxItem(item.pk))!;
    expect(failed).toMatchObject({ status: 'failed', tries: 1 });
    expect(failed.failureReason).toContain('ProcessKilled');
    // A burst of the same resend: one is taken, the others refused.
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.route('POST /api/notifications/outbox/{id}/resend', { token: tokens.admin, params: { id: outboxIdOf(item.pk) } }),
      ),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    await settle();
    expect(sentTo(item.mobile)).toHaveLength(1);
    expect((await getOutboxItem(item.pk))!.status).toBe('delivered');
    // Once only.
    const again = await api.route('POST /api/notifications/outbox/{id}/resend', {
      token: tokens.admin,
      params: { id: outboxIdOf(item.pk) },
    });
    expect(again.status).toBe(409);
  });
});

describe('throttling, failures and the rate limit', () => {
  it('tries a throttled send again, within the messages-per-second limit', async () => {
    setSms({ SMS_MAX_PER_SECOND: '5', SMS_BACKOFF_MS: '10' });
    const items = await Promise.all(Array.from({ length: 4 }, (_, i) => seedItem('expired', { number: 70_000 + i })));
    const callsBefore = sms.calls().length;
    sms.throttleNext(3);
    const answer = await consumeRecords(notificationsConsumer(), items.map(insertOf));
    expect(answer.batchItemFailures).toEqual([]);
    for (const i of items) expect(sentTo(i.mobile)).toHaveLength(1);
    const stored = await Promise.all(items.map((i) => getOutboxItem(i.pk)));
    expect(stored.reduce((n, i) => n + (i!.tries ?? 0), 0)).toBe(4 + 3);
    // Every try, throttled or not, took its own slot of the 5 a second: 7 tries span 6 slots, and no second
    // holds more than 5 (one more allowed for a try the event loop delayed towards the next).
    const calls = sms.calls().slice(callsBefore);
    expect(calls).toHaveLength(7);
    expect(calls.at(-1)! - calls[0]!).toBeGreaterThanOrEqual(6 * 200 - 20);
    const busiest = Math.max(...calls.map((t) => calls.filter((u) => u >= t && u < t + 1000).length));
    expect(busiest).toBeLessThanOrEqual(5 + 1);
  });

  it('gives a number that always fails up after the bounded tries and marks the item failed with the reason', async () => {
    setSms({ SMS_MAX_TRIES: '3' });
    const item = await seedItem('expired', { number: 4444 });
    sms.failAlways(item.mobile);
    const callsBefore = sms.calls().length;
    await consumeRecords(notificationsConsumer(), [insertOf(item)]);
    expect(sms.calls().length - callsBefore).toBe(3);
    const stored = (await getOutboxItem(item.pk))!;
    expect(stored).toMatchObject({ status: 'failed', tries: 3 });
    expect(stored.failureReason).toContain('InternalServerException');
    expect(await inbox(item.mobile)).toEqual([]);
  });
});

describe('delivery events', () => {
  it('marks the share of messages the carrier refused failed with its reason (the stand-in’s SMS_FAIL_SHARE)', async () => {
    const refusing = await startLocalSms({
      port: 0,
      failShare: 0.5,
      onEvent: (e) => handleDeliveryEvent(e).then(() => undefined),
    });
    setSms({ SMS_ENDPOINT: refusing.endpoint });
    resetSmsClient();
    try {
      const items = await Promise.all(Array.from({ length: 4 }, (_, i) => seedItem('expired', { number: 80_000 + i })));
      await consumeRecords(notificationsConsumer(), items.map(insertOf));
      await refusing.settled();
      const stored = await Promise.all(items.map((i) => getOutboxItem(i.pk)));
      expect(stored.map((i) => i!.status).sort()).toEqual(['delivered', 'delivered', 'failed', 'failed']);
      for (const i of stored.filter((s) => s!.status === 'failed'))
        expect(i!.failureReason).toBe('CARRIER_UNREACHABLE: The carrier could not reach the phone');
      expect(stored.every((i) => i!.messageId && i!.sentAt)).toBe(true);
    } finally {
      await refusing.stop();
      setSms({ SMS_ENDPOINT: sms.endpoint });
      resetSmsClient();
    }
  });

  it('reads the service’s documented events: waits past queued and pending, takes a final TEXT_SUCCESSFUL as delivered', async () => {
    const silent = await startLocalSms({ port: 0 }); // sends, and leaves the events to this test
    setSms({ SMS_ENDPOINT: silent.endpoint });
    resetSmsClient();
    try {
      const [accepted, unreachable] = await Promise.all([
        seedItem('expired', { number: 81_001 }),
        seedItem('expired', { number: 81_002 }),
      ]);
      await consumeRecords(notificationsConsumer(), [insertOf(accepted), insertOf(unreachable)]);
      const sent = await Promise.all([getOutboxItem(accepted.pk), getOutboxItem(unreachable.pk)]);
      expect(sent.map((i) => i!.status)).toEqual(['sent', 'sent']);
      // The fields of the service's event record (End User Messaging's 'SMS example log').
      const event = (item: OutboxItem, messageId: string, eventType: string, isFinal: boolean, messageStatus: string) => ({
        eventType,
        eventVersion: '1.0',
        eventTimestamp: Date.now(),
        isFinal,
        originationPhoneNumber: 'SEEDIN',
        destinationPhoneNumber: `+91${item.mobile}`,
        isInternationalSend: false,
        mcc: '404',
        mnc: '45',
        messageId,
        messageRequestTimestamp: Date.now() - 1000,
        messageEncoding: 'UCS2',
        messageType: 'TRANSACTIONAL',
        messageStatus,
        messageStatusDescription: `${messageStatus} as the carrier says`,
        context: { outbox: item.pk },
        totalMessageParts: 2,
        totalMessagePrice: 0.0032,
        totalCarrierFee: 0,
      });
      const a = sent[0]!.messageId!;
      const u = sent[1]!.messageId!;
      await expect(handleDeliveryEvent(event(accepted, a, 'TEXT_QUEUED', false, 'QUEUED'))).resolves.toBe('ignored');
      await expect(handleDeliveryEvent(event(accepted, a, 'TEXT_SUCCESSFUL', false, 'SUCCESSFUL'))).resolves.toBe('ignored');
      expect((await getOutboxItem(accepted.pk))!.status).toBe('sent');
      await expect(handleDeliveryEvent(event(accepted, a, 'TEXT_SUCCESSFUL', true, 'SUCCESSFUL'))).resolves.toBe('delivered');
      await expect(handleDeliveryEvent(event(unreachable, u, 'TEXT_PENDING', false, 'PENDING'))).resolves.toBe('ignored');
      await expect(handleDeliveryEvent(event(unreachable, u, 'TEXT_UNREACHABLE', true, 'UNREACHABLE'))).resolves.toBe('failed');
      // Another message's id settles nothing; a late event after the final one changes nothing.
      await expect(handleDeliveryEvent(event(accepted, u, 'TEXT_UNREACHABLE', true, 'UNREACHABLE'))).resolves.toBe('ignored');
      const settled = await Promise.all([getOutboxItem(accepted.pk), getOutboxItem(unreachable.pk)]);
      expect(settled[0]).toMatchObject({ status: 'delivered' });
      expect(settled[1]).toMatchObject({ status: 'failed', failureReason: 'UNREACHABLE: UNREACHABLE as the carrier says' });
    } finally {
      await silent.stop();
      setSms({ SMS_ENDPOINT: sms.endpoint });
      resetSmsClient();
    }
  });
});

describe('quiet hours and the opt-out list', () => {
  it('holds a reminder written at night until 08:00 India time, then sends it', async () => {
    // Written at 22:29 India time (its day is 3 December in India).
    const item = await seedItem(
      'reminder',
      { number: 4545, date: '2026-12-04', shift: 'सुबह' },
      newMobile(),
      '2026-12-03T16:59:00.000Z',
    );
    const night = new Date('2026-12-03T17:00:00Z'); // 22:30 in India
    expect(await sendOutboxItem(item.pk, { now: () => night })).toBe('held');
    expect(await getOutboxItem(item.pk)).toMatchObject({ status: 'held', holdUntil: '2026-12-04T02:30:00.000Z' });
    expect(await releaseAndSettle(new Date('2026-12-04T02:29:00Z'))).toMatchObject({ released: 0 });
    expect(sentTo(item.mobile)).toHaveLength(0);
    expect(await releaseAndSettle(new Date('2026-12-04T02:30:00Z'))).toMatchObject({ released: 1 });
    expect(await sendOutboxItem(item.pk, { now: () => new Date('2026-12-04T02:30:01Z') })).toBe('sent');
    expect(sentTo(item.mobile)).toHaveLength(1);
  });

  it('sends an opted-out mobile no reminder, but its bill', async () => {
    const mobile = newMobile();
    const r = await api.route('POST /api/notifications/opt-out', { token: tokens.admin, body: { mobile: `0${mobile}` } });
    expect(r.status, r.text).toBe(200);
    const reminder = await seedItem('reminder', { number: 4646, date: '2026-12-04', shift: 'सुबह' }, mobile);
    const day = new Date('2026-12-03T06:00:00Z'); // 11:30 in India
    expect(await sendOutboxItem(reminder.pk, { now: () => day })).toBe('opted-out');
    const bill = await seedItem('bill', { number: 'INV2627-000001', link: 'http://localhost/bill/INV2627-000001?t=abc' }, mobile);
    expect(await sendOutboxItem(bill.pk, { now: () => day })).toBe('sent');
    const got = await inbox(mobile);
    expect(got).toHaveLength(1);
    expect(got[0]!.body).toContain('INV2627-000001');
  });
});

describe('the farmer’s own opt-out', () => {
  it('stops the reminders of the letter’s mobile; an unknown letter is refused in both languages', async () => {
    const reg = await registered();
    const r = await api.call('POST', `/svsregistration/${reg.uniqeCode}/sms-opt-out`);
    expect(r.status, r.text).toBe(200);
    expect(r.json.message).toMatch(/SMS.* \/ You will get no more SMS except your bill/);
    const reminder = await seedItem('reminder', { number: reg.id, date: '2026-12-04', shift: 'सुबह' }, reg.mobileNumber);
    expect(await sendOutboxItem(reminder.pk, { now: () => new Date('2026-12-03T06:00:00Z') })).toBe('opted-out');
    const unknown = await api.call('POST', '/svsregistration/AAAAAAAAAAAAAAAAAAAAAA/sms-opt-out');
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('पत्र नहीं मिला / Letter not found');
  });
});

describe('the reminder job', () => {
  it('writes each day-before reminder once, however often it runs', async () => {
    const reg = await registered();
    await settle();
    const dayBefore = new Date(Date.parse(`${reg.appointmentDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const run = () => api.route('POST /api/notifications/reminders/run', { token: tokens.admin, query: { date: dayBefore } });
    const first = await run();
    expect(first.status, first.text).toBe(200);
    expect(first.data.reminders).toBeGreaterThanOrEqual(1);
    const second = await run();
    expect(second.data.reminders).toBe(0);
    const reminder = await getOutboxItem(`NOTE#${reg.year}#${String(reg.id).padStart(10, '0')}#reminder`);
    expect(reminder).toMatchObject({ event: 'reminder', mobile: reg.mobileNumber });
  });
});
