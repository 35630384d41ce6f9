import * as z from 'zod';
import { nameText } from './common';
import { LETTER_CODE_RE } from './registration';

/** The counter's day (docs/decisions/0025-counter-day.md): today's list, check-in with a token, the queue. */

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

export const TODAY_STATUSES = ['expected', 'arrived', 'billed', 'no-show'] as const;
export type TodayStatus = (typeof TODAY_STATUSES)[number];

/** GET /api/today: an India day (default today) and optionally one shift. */
export const TodayQuery = z.object({
  date: z
    .string()
    .regex(DAY_RE, 'date: use YYYY-MM-DD')
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      'date: not a day of the calendar',
    )
    .optional(),
  shift: z.coerce
    .number({ error: 'shift must be 1 or 2' })
    .int('shift must be 1 or 2')
    .refine((n) => n === 1 || n === 2, 'shift must be 1 or 2')
    .optional(),
});
export type TodayQuery = z.output<typeof TodayQuery>;

const registrationId = z
  .number({ error: 'registrationId must be a number' })
  .int('registrationId must be a whole number')
  .positive('registrationId must be positive')
  .max(1e9, 'registrationId is too large');
const year = z.number({ error: 'year must be a number' }).int('year must be a whole number').min(2000).max(3000);

/**
 * POST /api/checkin: the letter's code (as scanned, or the whole letter link a barcode scanner types) or the
 * registration's number (with its year when the clerk knows it).
 */
export const CheckinInput = z.union(
  [
    z.strictObject({
      code: z
        .string({ error: 'code must be text' })
        .trim()
        .max(300, 'code: at most 300 characters')
        .transform((v) => letterCodeOf(v))
        .refine((v) => LETTER_CODE_RE.test(v), 'code: not a letter code'),
    }),
    z.strictObject({ registrationId, year: year.optional() }),
  ],
  { error: 'Send the letter code (code) or the registration number (registrationId)' },
);
export type CheckinInput = z.output<typeof CheckinInput>;

/** The code of a letter from what a scan gives: the code itself, or the letter's link (…/svs/appointment/<code>). */
export function letterCodeOf(scanned: string): string {
  const text = scanned.trim();
  const m = /\/svs\/appointment\/([^/?#\s]+)/.exec(text);
  if (!m) return text;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

export const COUNTER_NAME_MAX = 40;
export const counterName = nameText(
  z
    .string({ error: 'counter must be text' })
    .trim()
    .min(1, 'counter: name the counter')
    .max(COUNTER_NAME_MAX, `counter: at most ${COUNTER_NAME_MAX} characters`),
  'counter: no control characters or hidden text-direction marks',
);

/** POST /api/queue/serve: the clerk's counter starts serving a checked-in farmer's token. */
export const ServeInput = z.strictObject({ registrationId, year, counter: counterName });
export type ServeInput = z.output<typeof ServeInput>;

/** Why a check-in is refused: the screen shows its own English and Hindi text for each. */
export const CHECKIN_REFUSALS = [
  'not-found',
  'expired',
  'cancelled',
  'billed',
  'waitlisted',
  'applied',
  'other-day',
  'no-appointment',
] as const;
export type CheckinRefusal = (typeof CHECKIN_REFUSALS)[number];

export type { TodayRow, TodayListReply, TodayReply, CheckinReply, QueueReply, ServeReply } from './replies/counter';
