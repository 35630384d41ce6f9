import { publicUrl, qrPng } from '../lib/qr';
import { maskAadhaar, maskMobileButFirstTwo } from '@shared/format';
import { type AppointmentRecord } from '@shared/schemas/registration';
import { getSetting } from '../lib/config-store';
import { notFound } from '../lib/errors';
import { type RegistrationItem, getRegistration, getRegistrationByCode, registrationsWithId } from './registration-entity';
import { letterStatusFields, statusOf, type CollectionCalendar } from '@shared/allocation-status';
import { placesAheadOf } from '../allocation/queue-store';

import { letterNotFound } from './letter-errors';
import { letterQuantity } from './letter-price';

/** The appointment letter: its record as the farmer and as staff see it, by code or by number, and its QR code. */

/** Where and when farmers come (settings; a failed read gives the defaults, never a failed letter). */
async function counterOfLetter(): Promise<Pick<AppointmentRecord, 'counterAddress' | 'counterHours'>> {
  const [counterAddress, counterHours] = await Promise.all([getSetting('CounterAddress'), getSetting('CounterHours')]);
  return { counterAddress, counterHours };
}

/** What the letter's status needs beside the registration (see letterStatusFields). */
export interface LetterContext {
  /** The public letter (by code): the mobile shows only its first 2 digits. */
  public?: boolean;
  graceDays: number;
  /** The counter's days off: the grace days count only open days. */
  calendar: CollectionCalendar;
  /** Waitlisted: how many still wait before it. */
  placesAhead?: number;
  /** The setting DrawDate ('' = not announced); an applied letter gives it as drawOn. */
  drawDate?: string;
}

export function toAppointmentRecord(
  r: RegistrationItem,
  counter: Pick<AppointmentRecord, 'counterAddress' | 'counterHours'>,
  ctx: LetterContext,
  quantity: Pick<AppointmentRecord, 'quantityKg' | 'pricePerKg'> = {},
): AppointmentRecord {
  return {
    id: r.id,
    year: r.year,
    name: r.name,
    fatherName: r.fatherName,
    adharNumber: maskAadhaar(r.aadhaarLast4),
    mobileNumber: ctx.public ? maskMobileButFirstTwo(r.mobileNumber) : r.mobileNumber,
    category: r.category,
    gender: r.gender,
    village: r.village,
    block: r.blockName,
    subDistrict: r.subDistrict,
    district: r.district,
    cropName: r.cropName,
    cropNameHi: r.cropNameHi ?? '',
    bagsRequested: r.bagsRequested,
    unit: r.unit,
    quantityOffered: r.quantityOffered !== false,
    uniqueCode: r.uniqeCode,
    created: r.created,
    ...(r.noticeVersion ? { noticeVersion: r.noticeVersion } : {}),
    ...(r.consentAt ? { consentAt: r.consentAt } : {}),
    // The status, and the appointment only while confirmed (shared/allocation-status.ts).
    ...letterStatusFields(r, ctx),
    ...(statusOf(r) === 'confirmed'
      ? {
          ...(r.appointmentShiftNumber ? { appointmentShiftNumber: r.appointmentShiftNumber } : {}),
          ...(r.appointmentDateTime ? { appointmentDateTime: r.appointmentDateTime } : {}),
        }
      : {}),
    isBilled: r.isBilled,
    invoiceNumber: r.isBilled ? r.invoiceNumber : null,
    ...counter,
    ...quantity,
  };
}

/** The letter of a registration: the counter's settings, the grace days, the days off and, while waitlisted, the places ahead. */
async function letterOf(r: RegistrationItem, audience: 'public' | 'staff'): Promise<AppointmentRecord> {
  const waiting = statusOf(r) === 'waitlisted' && r.cropId && r.waitlistPosition;
  const [counter, graceDays, weeklyOffDay, holidays, placesAhead, drawDate, quantity] = await Promise.all([
    counterOfLetter(),
    getSetting('CollectionGraceDays'),
    getSetting('WeeklyOffDay'),
    getSetting('Holidays'),
    waiting ? placesAheadOf(r.cropId!, r.year, r.waitlistPosition!) : undefined,
    statusOf(r) === 'applied' ? getSetting('DrawDate') : '',
    letterQuantity(r),
  ]);
  const calendar = { weeklyOffDay, holidays };
  return toAppointmentRecord(
    r,
    counter,
    { public: audience === 'public', graceDays, calendar, drawDate, ...(placesAhead === undefined ? {} : { placesAhead }) },
    quantity,
  );
}

export async function letterByCode(code: string): Promise<{ success: true; data: AppointmentRecord[] }> {
  const r = await getRegistrationByCode(code);
  if (!r) throw letterNotFound();
  return { success: true, data: [await letterOf(r, 'public')] };
}

/** The QR code of the letter's own link, for the counter to scan: the code is checked as the letter's GET does. */
export async function letterQr(code: string, size: number): Promise<{ id: number; year: number; png: Buffer }> {
  const r = await getRegistrationByCode(code);
  if (!r) throw letterNotFound();
  return { id: r.id, year: r.year, png: await qrPng(publicUrl(`/svs/appointment/${encodeURIComponent(code)}`), size) };
}

/** Staff: newest year's registration with this number, or the given year's. */
export async function findRegistration(id: number, year?: number, consistent = false): Promise<RegistrationItem> {
  const r = year ? await getRegistration(year, id, consistent) : (await registrationsWithId(id, consistent))[0];
  if (!r) throw notFound(`Registration ${id}${year ? ` of ${year}` : ''} not found`);
  return r;
}

export async function letterById(id: number, year?: number): Promise<{ success: true; data: AppointmentRecord[] }> {
  return { success: true, data: [await letterOf(await findRegistration(id, year), 'staff')] };
}
