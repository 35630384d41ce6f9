import * as z from 'zod';
import { redactDigitRuns } from '../redact';
import { blankIfMissing, queryBool } from './common';

/**
 * The day-end cash close of one seller's India day (docs/decisions/0026-day-close.md). A close's id names the
 * day and the seller: '<YYYY-MM-DD>-<userID>'.
 */

/** The notes counted, by face value in rupees, largest first; coins are entered as one amount in rupees. */
export const NOTE_VALUES = [500, 200, 100, 50, 20, 10] as const;
export type NoteValue = (typeof NOTE_VALUES)[number];
export type NoteKey = `n${NoteValue}`;
export const noteKey = (v: NoteValue): NoteKey => `n${v}`;

/** More notes of one kind than any counter holds in a day (₹500 × 20,000 is a crore). */
export const MAX_NOTES = 20_000;
/** Coins, in rupees. */
export const MAX_COINS_RUPEES = 1_000_000;
export const DAY_CLOSE_NOTE_MAX = 300;
export const REOPEN_REASON_MIN = 3;
export const REOPEN_REASON_MAX = 300;
/** A close is of today or of one of this many days before it (India time); older days stay as they are. */
export const DAY_CLOSE_PAST_DAYS = 30;

/** The earliest day that may still be closed on `today` ('YYYY-MM-DD'). */
export function earliestClosableDay(today: string): string {
  const at = new Date(`${today}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - DAY_CLOSE_PAST_DAYS);
  return at.toISOString().slice(0, 10);
}

const count = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : v),
    z
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(0, `${label} cannot be negative`)
      .max(max, { error: () => `${label}: at most ${max.toLocaleString('en-IN')}` }),
  );

export const Denominations = z.strictObject({
  n500: count('₹500 notes', MAX_NOTES),
  n200: count('₹200 notes', MAX_NOTES),
  n100: count('₹100 notes', MAX_NOTES),
  n50: count('₹50 notes', MAX_NOTES),
  n20: count('₹20 notes', MAX_NOTES),
  n10: count('₹10 notes', MAX_NOTES),
  /** Rupees in coins. */
  coins: count('Coins', MAX_COINS_RUPEES),
});
export type Denominations = z.infer<typeof Denominations>;

export const NO_DENOMINATIONS: Denominations = { n500: 0, n200: 0, n100: 0, n50: 0, n20: 0, n10: 0, coins: 0 };

/** Rupees counted: the notes at their face value plus the coins. */
export function countedRupees(d: Partial<Denominations>): number {
  let sum = Number(d.coins ?? 0);
  for (const v of NOTE_VALUES) sum += v * Number(d[noteKey(v)] ?? 0);
  return sum;
}

export const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day, 'YYYY-MM-DD', that exists. */
export const calendarDay = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .regex(DAY_RE, `${label} must be a date (YYYY-MM-DD)`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '2000-01-01';
    }, `${label} is not a real date`);

const optionalNote = z
  .union([
    z.string({ error: 'Note must be text' }).trim().max(DAY_CLOSE_NOTE_MAX, `Note: at most ${DAY_CLOSE_NOTE_MAX} characters`),
    z.null(),
  ])
  .optional()
  .transform((v) => (v ? redactDigitRuns(v) : ''));

export const DayCloseInput = z.strictObject({
  date: blankIfMissing(calendarDay('Date')),
  denominations: Denominations,
  note: optionalNote,
  /**
   * The figures' revision the seller looked at (from GET /api/day-close): the close is refused when a sale or a
   * cancellation changed them since. Absent: the figures as the server reads them.
   */
  revision: z.number({ error: 'revision must be a number' }).int().min(0).max(1e9).optional(),
});
export type DayCloseInput = z.infer<typeof DayCloseInput>;
export type DayCloseForm = z.input<typeof DayCloseInput>;

export const DayCloseQuery = z.object({
  date: calendarDay('Date').optional(),
  /** Only the caller's own day, for an admin too (the Day close screen's own section). */
  mine: queryBool,
});
export type DayCloseQuery = z.infer<typeof DayCloseQuery>;

export const DAY_CLOSE_ID_RE = /^(\d{4}-\d{2}-\d{2})-([1-9]\d{0,11})$/;
export const dayCloseId = (day: string, userID: number) => `${day}-${userID}`;

export const DayCloseIdParam = z.object({
  id: z.string().trim().regex(DAY_CLOSE_ID_RE, 'Not a day close id (YYYY-MM-DD-<user id>)'),
});

export const ReopenDayInput = z.strictObject({
  reason: blankIfMissing(
    z
      .string({ error: 'Reason must be text' })
      .trim()
      .min(REOPEN_REASON_MIN, `Reason: at least ${REOPEN_REASON_MIN} characters`)
      .max(REOPEN_REASON_MAX, `Reason: at most ${REOPEN_REASON_MAX} characters`)
      .transform(redactDigitRuns),
  ),
});
export type ReopenDayInput = z.infer<typeof ReopenDayInput>;

export type { DayCloseView, DayCloseListReply, DayCreditNote, DayCloseHistoryEntry } from './replies/day-close';
