import { kolkataDate } from '@shared/india-time';
import { releaseAndSettle, writeReminders } from '@functions/notifications/reminders';
import { every } from './lifecycle';

/**
 * The reminder job and the release of held messages, as the cloud's schedules run them (the reminders once a
 * day, the release every 15 minutes): here the reminders now and every hour, the release every minute. Both
 * are idempotent: a reminder is written once per registration and kind.
 */
export const SMS_RELEASE_INTERVAL_MS = 60 * 1000;
export const SMS_REMINDER_INTERVAL_MS = 60 * 60 * 1000;

export function startSmsJobs(): { stop(): Promise<void> } {
  const reminders = every('sms reminders', SMS_REMINDER_INTERVAL_MS, () => writeReminders(kolkataDate()));
  const release = every('sms release', SMS_RELEASE_INTERVAL_MS, () => releaseAndSettle());
  return {
    stop: async () => {
      await Promise.all([reminders.stop(), release.stop()]);
    },
  };
}
