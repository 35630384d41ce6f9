import { readConfig } from '@shared/config-keys';
import { kolkataDate } from '@shared/schemas/registration';
import { AppError, conflict } from '../lib/errors';
import { log } from '../lib/log';
import { withRetry } from '../lib/retry';
import * as repo from './slots';

/**
 * Appointment assignment (docs/decisions/0008-appointments.md): the earliest working day on or after the
 * configured start date and after today whose capacity is not full. A day's capacity (PerDayLimit) is split
 * in two shift counters: shift 1 holds the first half (rounded up), shift 2 the rest. Each booking is one
 * conditional single-item update on a shift counter (`booked < cap`), so no day or shift is ever overbooked,
 * whatever the concurrency; a booking that is not used is given back with a decrement.
 */
export interface AppointmentSettings {
  perDayLimit: number;
  startDate: string;
  weeklyOffDay: number;
  holidays: string[];
  shiftLabels: [string, string];
}

export interface Slot {
  date: string;
  shift: 1 | 2;
  label: string;
  /** False when PerDayLimit is 0 (no counter was taken, nothing to give back). */
  counted: boolean;
}

/** How far ahead we look for a free day before telling the farmer none is left. */
export const SEARCH_HORIZON_DAYS = 400;
/** How long an instance remembers that a shift was full (a released slot is found again after this). */
const FULL_CACHE_MS = 20_000;
const SETTINGS_CACHE_MS = 5_000;

// ---- calendar (Asia/Kolkata days as YYYY-MM-DD) ----

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

export function weekdayOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** First day that may be booked: the start date, but never today or earlier. */
export function firstBookableDay(today: string, startDate: string): string {
  const tomorrow = addDays(today, 1);
  return startDate && startDate > tomorrow ? startDate : tomorrow;
}

export function isWorkingDay(day: string, s: Pick<AppointmentSettings, 'weeklyOffDay' | 'holidays'>): boolean {
  return weekdayOf(day) !== s.weeklyOffDay && !s.holidays.includes(day);
}

/** Working days from the first bookable one, in order, within the horizon. */
export function* workingDays(today: string, s: AppointmentSettings, horizon = SEARCH_HORIZON_DAYS): Generator<string> {
  const first = firstBookableDay(today, s.startDate);
  for (let i = 0; i < horizon; i++) {
    const day = addDays(first, i);
    if (isWorkingDay(day, s)) yield day;
  }
}

/** Capacity of each shift: the first half (rounded up) to shift 1, the rest to shift 2. */
export function shiftCapacities(perDayLimit: number): [number, number] {
  const first = Math.ceil(perDayLimit / 2);
  return [first, perDayLimit - first];
}

/** ISO date-time of the start of an appointment day in India. */
export function appointmentDateTime(day: string): string {
  return `${day}T00:00:00+05:30`;
}

// ---- settings (a failed lookup must not mean "no cap": it refuses instead) ----

let settingsCache: { at: number; value: AppointmentSettings } | undefined;

export function clearAppointmentSettingsCache(): void {
  settingsCache = undefined;
}

export async function appointmentSettings(): Promise<AppointmentSettings> {
  if (settingsCache && Date.now() - settingsCache.at < SETTINGS_CACHE_MS) return settingsCache.value;
  const value = await readAppointmentSettings();
  settingsCache = { at: Date.now(), value };
  return value;
}

/** The settings as stored now, without the booking path's short cache (the admins' capacity view). */
export async function readAppointmentSettings(): Promise<AppointmentSettings> {
  let raw: Map<string, string>;
  try {
    raw = await repo.readConfigValues(['PerDayLimit', 'AppointmentStartDate', 'WeeklyOffDay', 'Holidays', 'ShiftLabels']);
  } catch (e) {
    log.error('appointment settings unreadable', { error: (e as Error).message, name: (e as Error).name });
    throw busy();
  }
  return {
    perDayLimit: readConfig('PerDayLimit', raw.get('PerDayLimit')),
    startDate: readConfig('AppointmentStartDate', raw.get('AppointmentStartDate')),
    weeklyOffDay: readConfig('WeeklyOffDay', raw.get('WeeklyOffDay')),
    holidays: readConfig('Holidays', raw.get('Holidays')),
    shiftLabels: readConfig('ShiftLabels', raw.get('ShiftLabels')),
  };
}

export function busy(): AppError {
  return new AppError(
    'UNAVAILABLE',
    'सर्वर अभी व्यस्त है, कृपया थोड़ी देर में फिर से जमा करें / The server is busy. Please submit again in a moment.',
  );
}

// ---- booking ----

const fullUntil = new Map<string, number>();
const fullKey = (day: string, shift: number, cap: number) => `${day}#${shift}#${cap}`;

export function forgetFullShifts(): void {
  fullUntil.clear();
}

/**
 * Books the earliest free shift. `regNo` spreads uncapped bookings (PerDayLimit 0) over the two shifts
 * without a counter, so an uncapped day is no hot item.
 */
export async function bookSlot(s: AppointmentSettings, regNo: number, now = new Date()): Promise<Slot> {
  const today = kolkataDate(now);
  if (s.perDayLimit <= 0) {
    const day = workingDays(today, s).next();
    if (day.done) throw noDaysLeft();
    const shift = regNo % 2 === 1 ? 1 : 2;
    // No cap, but still counted: a cap set later must see the bookings the day already holds.
    await withRetry(() => repo.countShiftSlot(day.value, shift));
    return { date: day.value, shift, label: s.shiftLabels[shift - 1], counted: true };
  }
  const caps = shiftCapacities(s.perDayLimit);
  const nowMs = Date.now();
  for (const day of workingDays(today, s)) {
    for (const shift of [1, 2] as const) {
      const cap = caps[shift - 1];
      if (cap <= 0) continue;
      const key = fullKey(day, shift, cap);
      if ((fullUntil.get(key) ?? 0) > nowMs) continue;
      // A throttled update was not applied, so it is safe to send again.
      const taken = await withRetry(() => repo.takeShiftSlot(day, shift, cap));
      if (taken) return { date: day, shift, label: s.shiftLabels[shift - 1], counted: true };
      fullUntil.set(key, nowMs + FULL_CACHE_MS);
    }
  }
  throw noDaysLeft();
}

/** Gives a booked slot back (the registration that took it failed). Never throws: a lost slot only under-fills. */
export async function releaseSlot(slot: Slot): Promise<void> {
  if (!slot.counted) return;
  try {
    await withRetry(() => repo.releaseShiftSlot(slot.date, slot.shift), { attempts: 8 });
    for (const k of fullUntil.keys()) if (k.startsWith(`${slot.date}#${slot.shift}#`)) fullUntil.delete(k);
  } catch (e) {
    log.error('could not give back an appointment slot', { date: slot.date, shift: slot.shift, error: (e as Error).message });
  }
}

function noDaysLeft(): AppError {
  return conflict(
    'अभी कोई अपॉइंटमेंट दिन उपलब्ध नहीं है / No appointment days are available at the moment. Please contact the institute.',
  );
}
