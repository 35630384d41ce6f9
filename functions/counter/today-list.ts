import { financialYearOf } from '@shared/schemas/sales';
import type { TodayListReply, TodayRow, TodayStatus } from '@shared/schemas/counter';
import { getSettings } from '../lib/config-store';
import { batchGetRegistrations, type RegistrationItem } from '../registrations/registration-entity';
import { fyPk, invoicesBetween } from '../sales/invoice-entity';
import * as repo from './repository';

import { todayInIndia } from './counter-clock';

/**
 * Today's list at the counter (docs/decisions/0025-counter-day.md): the rows of an India day and their status; the
 * exports build the same list from it.
 */

/** The most rows one day's list reads from each source. */
export const DAY_CAP = 5000;

interface Sources {
  regs: Map<string, RegistrationItem>;
  checkins: Map<string, repo.CheckinItem>;
}

export const regRef = (year: number, id: number) => `${year}#${id}`;

/** The bills of an India day, through the financial year's index by time (newest first, at most DAY_CAP). */
async function billsOfDay(day: string) {
  const start = new Date(`${day}T00:00:00+05:30`);
  const end = new Date(start.getTime() + 24 * 3600 * 1000);
  const r = await invoicesBetween('gsi1', fyPk(financialYearOf(day)), start.toISOString(), end.toISOString(), DAY_CAP);
  return r.items.filter((i) => i.day === day && i.status !== 'cancelled');
}

async function readDay(day: string): Promise<Sources> {
  const [due, checkins, bills] = await Promise.all([
    repo.partition<{ year: number; id: number }>(`DUE#${day}`, DAY_CAP),
    repo.partition<repo.CheckinItem>(repo.checkinPk(day), DAY_CAP),
    billsOfDay(day),
  ]);
  const checkinsByReg = new Map(checkins.map((c) => [regRef(c.year, c.registrationId), c]));
  const keys = new Map<string, { year: number; id: number }>();
  for (const d of due) keys.set(regRef(d.year, d.id), { year: d.year, id: d.id });
  for (const c of checkins) keys.set(regRef(c.year, c.registrationId), { year: c.year, id: c.registrationId });
  for (const b of bills) keys.set(regRef(b.year, b.registrationID), { year: b.year, id: b.registrationID });
  const regs = await batchGetRegistrations([...keys.values()]);
  const byRef = new Map<string, RegistrationItem>();
  for (const r of regs) {
    const ref = regRef(r.year, r.id);
    // A bill of the day counts when its registration was due that day or checked in that day.
    const billOnly = !due.some((d) => d.year === r.year && d.id === r.id) && !checkinsByReg.has(ref);
    if (billOnly && r.appointmentDate !== day) continue;
    byRef.set(ref, r);
  }
  return { regs: byRef, checkins: checkinsByReg };
}

function statusOfRow(r: RegistrationItem, checkin: repo.CheckinItem | undefined, day: string, today: string): TodayStatus {
  if (r.isBilled) return 'billed';
  if (checkin) return 'arrived';
  return day < today ? 'no-show' : 'expected';
}

export function rowOf(
  r: RegistrationItem,
  checkin: repo.CheckinItem | undefined,
  day: string,
  today: string,
  shiftLabels: readonly string[],
): TodayRow {
  const shift = r.appointmentShiftNumber ?? null;
  return {
    registrationId: r.id,
    year: r.year,
    number: r.id,
    name: r.name,
    mobileNumber: r.mobileNumber ?? '',
    aadhaarLast4: r.aadhaarLast4 ?? '',
    cropId: r.cropId ?? null,
    cropName: r.cropName,
    cropNameHi: r.cropNameHi ?? '',
    bagsRequested: r.bagsRequested,
    unit: r.unit,
    quantityOffered: r.quantityOffered !== false,
    farmerID: r.farmerID ?? null,
    appointmentDate: r.appointmentDate ?? null,
    shift,
    shiftLabel: r.appointmentShift ?? (shift ? (shiftLabels[shift - 1] ?? '') : ''),
    status: statusOfRow(r, checkin, day, today),
    token: checkin?.token ?? null,
    arrivedAt: checkin?.arrivedAt ?? null,
    otherDay: checkin?.otherDay === true,
    servedAt: checkin?.servedAt ?? null,
    counter: checkin?.counter ?? null,
    invoiceNumber: r.isBilled ? (r.invoiceNumber ?? null) : null,
  };
}

/** Arrived first by token, then the rest by shift and number. */
function rowOrder(a: TodayRow, b: TodayRow): number {
  if (a.token !== null || b.token !== null) {
    if (a.token === null) return 1;
    if (b.token === null) return -1;
    return a.token - b.token;
  }
  return (a.shift ?? 9) - (b.shift ?? 9) || a.number - b.number;
}

/**
 * The rows of an India day: registrations due that day, checked in that day, or billed that day for that day,
 * with their status. A plain service function: the exports build the same list from it.
 */
export async function listToday(date: string | undefined, shift?: number): Promise<TodayListReply> {
  const today = todayInIndia();
  const day = date ?? today;
  const [{ regs, checkins }, settings] = await Promise.all([readDay(day), getSettings(['ShiftLabels'])]);
  const all = [...regs.values()].map((r) => rowOf(r, checkins.get(regRef(r.year, r.id)), day, today, settings.ShiftLabels));
  const items = (shift ? all.filter((r) => r.shift === shift) : all).sort(rowOrder);
  const counts = { expected: 0, arrived: 0, billed: 0, 'no-show': 0, total: items.length };
  for (const r of items) counts[r.status]++;
  return { date: day, today, shift: shift ?? null, counts, items };
}
