import { statusOf } from '@shared/allocation-status';
import { maskAadhaar, maskMobile } from '@shared/format';
import type { DataRequestInput, DataRequestReply, MyDataReply } from '@shared/schemas/records';
import { westernDigits } from '@shared/typed-numbers';
import type { AuditTrail } from '../lib/audit-log';
import { AppError } from '../lib/errors';
import { countAttempt, type Limit } from '../lib/rate-limit';
import { withRetry } from '../lib/retry';
import { getFarmer, registrationsOfFarmer } from '../farmers/repository';
import { getInvoice } from '../sales/repository';
import { createDataRequest, requestsOf } from './data-requests';
import { getRegistrationByCode, type RegistrationItem } from './repository';
import { letterNotFound, tooManyAttempts } from './service';

/**
 * The farmer's own view from the letter (docs/decisions/0027-records.md, section 4): the letter's code and the
 * last 4 digits of the registered mobile number, guesses limited per letter and per client address like the
 * farmer's cancellation. Nothing in the answer holds an Aadhaar number in clear.
 */
export const MY_DATA_LIMITS = { perLetter: 5, perIp: 20, windowSeconds: 15 * 60 } as const;
const MSG_WRONG_MOBILE = 'मोबाइल नंबर के आखिरी 4 अंक मेल नहीं खाते / The last 4 digits do not match the registered mobile number.';
/** How many of a farmer's registrations the view lists (years of seasons; far more than one farmer has). */
const REGISTRATIONS_SHOWN = 100;

function limits(code: string, sourceIp: string): Limit[] {
  return [
    { key: `my-data:code:${code}`, max: MY_DATA_LIMITS.perLetter, windowSeconds: MY_DATA_LIMITS.windowSeconds },
    { key: `my-data:ip:${sourceIp || 'unknown'}`, max: MY_DATA_LIMITS.perIp, windowSeconds: MY_DATA_LIMITS.windowSeconds },
  ];
}

/** The registration of the letter once the digits match; 403 on wrong digits, 429 when tried too often. */
async function verifiedRegistration(code: string, mobileLast4: string, sourceIp: string): Promise<RegistrationItem> {
  const attempt = await countAttempt(limits(code, sourceIp));
  if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfterSeconds);
  const reg = await withRetry(() => getRegistrationByCode(code));
  if (!reg) throw letterNotFound();
  if (westernDigits(mobileLast4.trim()) !== reg.mobileNumber.slice(-4)) throw new AppError('FORBIDDEN', MSG_WRONG_MOBILE);
  await attempt.giveBack();
  return reg;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strOrNull = (v: unknown) => (typeof v === 'string' && v ? v : null);

function registrationRow(r: Record<string, unknown>): MyDataReply['registrations'][number] {
  const held = Boolean(r.adharFilePath) && !r.scanDeletedOn;
  return {
    id: Number(r.id),
    year: Number(r.year),
    crop: str(r.cropName),
    cropHi: strOrNull(r.cropNameHi),
    status: statusOf(r as { status?: string }),
    registeredOn: strOrNull(r.created),
    appointmentDate: strOrNull(r.appointmentDate),
    billedOn: r.isBilled ? strOrNull(r.billedOn) : null,
    cancelledOn: strOrNull(r.cancelledOn),
    expiredOn: strOrNull(r.expiredOn),
    scanHeld: held,
    scanDeletedOn: strOrNull(r.scanDeletedOn),
  };
}

export async function myData(code: string, mobileLast4: string, sourceIp: string): Promise<MyDataReply> {
  const reg = await verifiedRegistration(code, mobileLast4, sourceIp);
  const farmer = reg.farmerID ? await withRetry(() => getFarmer(reg.farmerID!, true)) : undefined;
  const linked = reg.farmerID ? await withRetry(() => registrationsOfFarmer(reg.farmerID!, REGISTRATIONS_SHOWN)) : [];
  // The index may lag the registration just made: the letter's own registration is always shown as stored.
  const others = linked.filter((r) => !(Number(r.year) === reg.year && Number(r.id) === reg.id));
  const regs = [reg as unknown as Record<string, unknown>, ...others];
  // The bill standing and every bill cancelled (with its credit note): all are held about the farmer.
  const numbers = regs.flatMap((r) => [
    ...(r.isBilled && typeof r.invoiceNumber === 'string' ? [r.invoiceNumber] : []),
    ...(Array.isArray(r.cancelledInvoiceNumbers) ? r.cancelledInvoiceNumbers.map(String) : []),
  ]);
  const invoices = await Promise.all(numbers.map((n) => withRetry(() => getInvoice(n))));
  const bills = invoices.flatMap((i) =>
    i
      ? [
          {
            invoiceNumber: i.invoiceNumber,
            date: i.generatedOn,
            kg: i.quantityGrams / 1000,
            amount: i.totalPaise / 100,
            registrationID: i.registrationID,
            status: i.status === 'cancelled' ? ('cancelled' as const) : ('issued' as const),
            creditNoteNumber: i.creditNoteNumber ?? null,
          },
        ]
      : [],
  );
  const consentAt = (reg as { consentAt?: unknown }).consentAt;
  const noticeVersion = (reg as { noticeVersion?: unknown }).noticeVersion;
  const requests = await requestsOf(
    reg.farmerID,
    regs.map((r) => ({ year: Number(r.year), id: Number(r.id) })),
  );
  return {
    farmer: {
      farmerID: reg.farmerID ?? null,
      name: farmer?.name || reg.name,
      fatherName: farmer?.fatherName || reg.fatherName,
      aadhaar: maskAadhaar(farmer?.aadhaarLast4 || reg.aadhaarLast4),
      mobile: maskMobile(farmer?.contactNumber || reg.mobileNumber),
      address: farmer?.address || [reg.village, reg.blockName, reg.subDistrict, reg.district].filter(Boolean).join(', '),
      category: farmer?.category || reg.category,
      gender: reg.gender,
    },
    registrations: regs.map(registrationRow),
    bills,
    consent: typeof consentAt === 'string' ? { consentAt, noticeVersion: strOrNull(noticeVersion) } : null,
    requests,
  };
}

export async function askAboutMyData(
  code: string,
  input: { mobileLast4: string; kind: DataRequestInput['kind']; details: string },
  sourceIp: string,
  audit: AuditTrail,
): Promise<{ created: boolean; request: DataRequestReply }> {
  const reg = await verifiedRegistration(code, input.mobileLast4, sourceIp);
  return createDataRequest(reg, input.kind, input.details, audit);
}
