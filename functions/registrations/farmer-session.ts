import { statusOf } from '@shared/allocation-status';
import { maskMobile } from '@shared/format';
import { billPath, letterPath } from '@shared/public-pages/paths';
import type { MyRegistrationsReply } from '@shared/schemas/farmer-otp';
import { mobileKey } from '../lib/farmer-code-keys';
import type { FarmerSession } from '../lib/farmer-tokens';
import { withRetry } from '../lib/retry';
import { getInvoice } from '../sales/invoice-entity';
import { isRegistrationOfMobile, registrationsOfMobile } from './farmer-code-store';
import { letterNotFound } from './letter-errors';
import { batchGetRegistrations, getRegistrationByCode, type RegistrationItem } from './registration-entity';

/**
 * What a farmer session opens (docs/decisions/0043-farmer-one-time-codes.md): the registrations made with the
 * session's mobile, each found by its letter's code or listed as My registrations. Another mobile's registration
 * answers as an unknown letter does (404), so a session learns nothing of letters it does not own.
 */

/** The registration was made with the mobile: its link (kept through an erasure) or, before links, its number. */
async function madeWith(reg: RegistrationItem, mobile: string): Promise<boolean> {
  if (reg.mobileNumber === mobile) return true;
  return withRetry(async () => isRegistrationOfMobile(await mobileKey(mobile), reg.year, reg.id));
}

/** The letter's registration when the session's mobile made it; 404 otherwise, as for an unknown letter. */
export async function registrationOfSession(code: string, farmer: FarmerSession): Promise<RegistrationItem> {
  const reg = await withRetry(() => getRegistrationByCode(code));
  if (!reg || !(await madeWith(reg, farmer.mobile))) throw letterNotFound();
  return reg;
}

/** The registrations made with the mobile, newest first (the links, then each registration as stored now). */
export async function registrationsOfSession(farmer: FarmerSession): Promise<RegistrationItem[]> {
  const links = await withRetry(async () => registrationsOfMobile(await mobileKey(farmer.mobile)));
  const regs = await batchGetRegistrations(links.map((l) => ({ year: l.year, id: l.id })));
  return regs.sort((a, b) => (a.created < b.created ? 1 : -1));
}

const cancellable = (r: RegistrationItem) => {
  const s = statusOf(r);
  return !r.isBilled && s !== 'cancelled' && s !== 'expired';
};

/** GET /svsregistration/mine: status, letter and bill of each registration of the session's mobile. */
export async function myRegistrations(farmer: FarmerSession): Promise<MyRegistrationsReply> {
  const regs = await registrationsOfSession(farmer);
  const rows = await Promise.all(
    regs.map(async (r) => {
      const number = r.isBilled && typeof r.invoiceNumber === 'string' ? r.invoiceNumber : null;
      const bill = number ? await withRetry(() => getInvoice(number)) : undefined;
      return {
        id: r.id,
        year: r.year,
        uniqueCode: r.uniqeCode,
        cropName: r.cropName,
        cropNameHi: r.cropNameHi ?? '',
        status: statusOf(r),
        registeredOn: r.created ?? null,
        appointmentDate: r.appointmentDate ?? null,
        appointmentShift: r.appointmentShift ?? null,
        letterPath: letterPath(r.uniqeCode),
        billPath: number && bill ? billPath(number, bill.verifyToken) : null,
        invoiceNumber: number,
        cancellable: cancellable(r),
      };
    }),
  );
  return { mobile: maskMobile(farmer.mobile), registrations: rows };
}
