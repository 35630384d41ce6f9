/**
 * A registration's place in the allocation of its crop's stock, and what its letter shows for each
 * (docs/decisions/0022-allocation.md). Shared by the functions (the letter reply, the sweep) and the pages
 * (the letter, the success card, the staff list).
 */
export const ALLOCATION_STATUSES = ['confirmed', 'waitlisted', 'applied', 'expired', 'cancelled'] as const;
export type AllocationStatus = (typeof ALLOCATION_STATUSES)[number];

export const isAllocationStatus = (v: unknown): v is AllocationStatus =>
  typeof v === 'string' && (ALLOCATION_STATUSES as readonly string[]).includes(v);

/** Registrations stored before allocation carry no status: they were given a date, so they are confirmed. */
export function statusOf(reg: { status?: string | null }): AllocationStatus {
  if (reg.status === undefined || reg.status === null) return 'confirmed';
  if (!isAllocationStatus(reg.status)) throw new Error(`Unknown registration status ${reg.status}`);
  return reg.status;
}

/** The changes a registration may go through; expired and cancelled are final. */
const NEXT: Record<AllocationStatus, readonly AllocationStatus[]> = {
  applied: ['confirmed', 'waitlisted', 'cancelled'],
  waitlisted: ['confirmed', 'cancelled'],
  confirmed: ['expired', 'cancelled'],
  expired: [],
  cancelled: [],
};

/** Whether `from` may become `to`; a billed registration no longer changes (its seed was issued). */
export function mayChange(from: AllocationStatus, to: AllocationStatus, isBilled = false): boolean {
  return !isBilled && NEXT[from].includes(to);
}

/** The outbox event a change announces to the farmer (template `allocation.<event>`). */
export type AllocationEvent = 'promoted' | 'drawn' | 'expired' | 'cancelled';

export function eventOf(from: AllocationStatus, to: AllocationStatus): AllocationEvent {
  if (!mayChange(from, to)) throw new Error(`A registration cannot go from ${from} to ${to}`);
  if (to === 'expired' || to === 'cancelled') return to;
  return from === 'applied' ? 'drawn' : 'promoted';
}

/** The day after `day` plus `days` (YYYY-MM-DD calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The counter's days off (the appointment settings WeeklyOffDay and Holidays); WeeklyOffDay -1 = none. */
export interface CollectionCalendar {
  weeklyOffDay: number;
  holidays: readonly string[];
}

const isCounterOpen = (day: string, cal: CollectionCalendar) =>
  new Date(`${day}T00:00:00Z`).getUTCDay() !== cal.weeklyOffDay && !cal.holidays.includes(day);

/**
 * The last day a confirmed farmer may collect: the appointment day plus the grace days, counting only the days
 * the counter is open (the same days booking gives appointments on).
 */
export function collectBy(appointmentDate: string, graceDays: number, cal: CollectionCalendar): string {
  let day = appointmentDate;
  for (let left = graceDays; left > 0; ) {
    day = addDays(day, 1);
    if (isCounterOpen(day, cal)) left--;
  }
  return day;
}

/** A confirmed, unbilled registration expires once `today` (Asia/Kolkata) is past its last collection day. */
export const isPastCollection = (appointmentDate: string, graceDays: number, cal: CollectionCalendar, today: string) =>
  today > collectBy(appointmentDate, graceDays, cal);

/** What the registration holds that the letter's status needs. */
export interface RegistrationStanding {
  status?: string | null;
  isBilled: boolean;
  appointmentDate?: string;
  appointmentShift?: string;
  waitlistPosition?: number;
}

/** The status fields of the public letter reply (names fixed: other tools rely on them). */
export interface LetterStatusFields {
  status: AllocationStatus;
  waitlistPosition?: number;
  placesAhead?: number;
  /** Confirmed only: the last day to collect. */
  expiresOn?: string;
  /** Confirmed only. */
  appointmentDate?: string;
  appointmentShift?: string;
  /** Applied only, once the draw's day is announced (setting DrawDate): YYYY-MM-DD. */
  drawOn?: string;
}

/**
 * The letter reply's status fields: the appointment and its last day only while confirmed, the position and
 * the places ahead only while waitlisted. `placesAhead` is counted by the caller (the living queue before
 * the position); it can never be more than the position allows.
 */
export function letterStatusFields(
  reg: RegistrationStanding,
  ctx: { graceDays: number; calendar: CollectionCalendar; placesAhead?: number; drawDate?: string },
): LetterStatusFields {
  const status = statusOf(reg);
  if (status === 'confirmed') {
    if (!reg.appointmentDate) throw new Error('A confirmed registration has an appointment day');
    return {
      status,
      appointmentDate: reg.appointmentDate,
      ...(reg.appointmentShift ? { appointmentShift: reg.appointmentShift } : {}),
      ...(reg.isBilled ? {} : { expiresOn: collectBy(reg.appointmentDate, ctx.graceDays, ctx.calendar) }),
    };
  }
  if (status === 'waitlisted') {
    const position = reg.waitlistPosition;
    if (!position) throw new Error('A waitlisted registration has a position');
    const ahead = Math.min(Math.max(0, ctx.placesAhead ?? position - 1), position - 1);
    return { status, waitlistPosition: position, placesAhead: ahead };
  }
  if (status === 'applied' && ctx.drawDate) return { status, drawOn: ctx.drawDate };
  return { status };
}

/** How the letter looks for a status: what it shows first and what the farmer may do. */
export interface LetterStatusView {
  status: AllocationStatus;
  /** i18n key of the status line, under `appointment.status` (hi.ts and en.ts). */
  headline: AllocationStatus | 'billed';
  tone: 'go' | 'wait' | 'ended';
  /** The date, the shift, where to come and what to bring: only for a confirmed registration (billed ones keep theirs). */
  showsAppointment: boolean;
  /** The farmer may cancel (confirming with the mobile number's last 4 digits). */
  mayCancel: boolean;
}

export function letterStatusView(reg: RegistrationStanding): LetterStatusView {
  const status = statusOf(reg);
  const open = !reg.isBilled && (status === 'confirmed' || status === 'waitlisted' || status === 'applied');
  return {
    status,
    headline: status === 'confirmed' && reg.isBilled ? 'billed' : status,
    tone: status === 'confirmed' ? 'go' : status === 'waitlisted' || status === 'applied' ? 'wait' : 'ended',
    showsAppointment: status === 'confirmed',
    mayCancel: open,
  };
}
