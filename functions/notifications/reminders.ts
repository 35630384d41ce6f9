import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { readConfig } from '@shared/config-keys';
import { addDays, collectBy } from '@shared/allocation-status';
import { normaliseMobile } from '@shared/sms-templates';
import { kolkataDate } from '@shared/india-time';
import { getConfigItem } from '../lib/config-store';
import { METRICS_NAMESPACE } from '../lib/metrics';
import { batchGet } from '../lib/batch-get';
import { queryAll } from '../lib/query';
import { withRetry } from '../lib/retry';
import { readAppointmentSettings } from '../allocation/appointments';
import { regKey, type RegistrationItem } from '../registrations/registration-entity';
import { languageOf, outboxItem, type OutboxItem } from './outbox-entity';
import { failStaleClaim, itemsOf, putOnce, releaseHeld } from './outbox-store';

/**
 * The reminder job (EventBridge in the cloud, a timer in `npm start`, POST /api/notifications/reminders/run):
 *  - the day-before reminder of every confirmed, unbilled registration whose appointment is the next day;
 *  - the last-day-to-collect warning of every one whose last collection day (appointment day plus the grace
 *    days the counter is open, shared/allocation-status.ts collectBy) is the day;
 * each written once per registration and kind (its key), whatever runs twice. The registrations are found by
 * the allocation's due entries (DUE#<appointment day>), one partition per day.
 *
 * It also hands back held items whose quiet hours ended, and settles claims never recorded (sender.ts).
 */
export const CLAIM_STALE_MS = 15 * 60 * 1000;
export const OLDEST_PENDING_METRIC = 'OutboxOldestPendingSeconds';
const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: 'notifications' });

function gauge(name: string, seconds: number): void {
  if (process.env.VITEST) return;
  try {
    metrics.addMetric(name, MetricUnit.Seconds, seconds);
    metrics.publishStoredMetrics();
  } catch {
    /* metrics are best effort */
  }
}
/** How far back an appointment day may be and still have its last day today (grace days plus days off). */
const LOOKBACK_EXTRA_DAYS = 21;

async function dueRegistrations(day: string): Promise<RegistrationItem[]> {
  const entries = await withRetry(() =>
    queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `DUE#${day}` } }),
  );
  if (!entries.length) return [];
  const regs = (await batchGet(entries.map((e) => regKey(Number(e.year), Number(e.id))))) as unknown as RegistrationItem[];
  return regs.filter(
    (r) => (r.status ?? 'confirmed') === 'confirmed' && !r.isBilled && r.appointmentDate === day && !r.personalDataErasedOn,
  );
}

async function writeFor(regs: RegistrationItem[], make: (r: RegistrationItem, mobile: string) => OutboxItem): Promise<number> {
  let written = 0;
  for (const r of regs) {
    const mobile = normaliseMobile(r.mobileNumber);
    if (mobile && (await putOnce(make(r, mobile)))) written++;
  }
  return written;
}

export async function writeReminders(date: string): Promise<{ reminders: number; lastDay: number }> {
  const tomorrow = addDays(date, 1);
  const reminders = await writeFor(await dueRegistrations(tomorrow), (r, mobile) =>
    outboxItem({
      year: r.year,
      id: r.id,
      event: 'reminder',
      mobile,
      language: languageOf(r),
      values: { number: r.id, date: tomorrow, shift: r.appointmentShift ?? '' },
    }),
  );
  const [graceItem, calendar] = await Promise.all([
    withRetry(() => getConfigItem('CollectionGraceDays')),
    readAppointmentSettings(),
  ]);
  const graceDays = readConfig('CollectionGraceDays', graceItem?.value);
  let lastDay = 0;
  for (let back = 0; back <= graceDays + LOOKBACK_EXTRA_DAYS; back++) {
    const day = addDays(date, -back);
    if (collectBy(day, graceDays, calendar) !== date) continue;
    lastDay += await writeFor(await dueRegistrations(day), (r, mobile) =>
      outboxItem({
        year: r.year,
        id: r.id,
        event: 'last-day',
        mobile,
        language: languageOf(r),
        values: { number: r.id, date },
      }),
    );
  }
  return { reminders, lastDay };
}

/**
 * Held items of today and yesterday whose quiet hours are over, back to pending; claims never recorded, failed;
 * and the age of the oldest item still pending, as a metric (OutboxOldestPendingSeconds, alarmed).
 */
export async function releaseAndSettle(
  now = new Date(),
): Promise<{ released: number; settled: number; oldestPendingSeconds: number }> {
  const today = kolkataDate(now);
  const days = [today, addDays(today, -1)];
  let released = 0;
  let settled = 0;
  let oldest: string | undefined;
  for (const day of days) {
    for (const item of await itemsOf(day, 'held', 5000, 5000))
      if (item.holdUntil && item.holdUntil <= now.toISOString() && (await releaseHeld(item))) released++;
    for (const item of await itemsOf(day, 'pending', 5000, 5000))
      if (item.leaseAt && now.getTime() - Date.parse(item.leaseAt) > CLAIM_STALE_MS && (await failStaleClaim(item))) settled++;
      else if (!oldest || item.createdOn < oldest) oldest = item.createdOn;
  }
  const oldestPendingSeconds = oldest ? Math.max(0, Math.round((now.getTime() - Date.parse(oldest)) / 1000)) : 0;
  gauge(OLDEST_PENDING_METRIC, oldestPendingSeconds);
  return { released, settled, oldestPendingSeconds };
}

/** The scheduled job: `{ job: 'reminders' }` once a day, `{ job: 'release' }` every 15 minutes. */
export async function handler(event: { job?: string } = {}) {
  if (event.job === 'reminders') return writeReminders(kolkataDate());
  return releaseAndSettle();
}
