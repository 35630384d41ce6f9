import { statusOf } from '@shared/allocation-status';
import { maskAadhaar, maskMobile } from '@shared/format';
import type { DataRequestInput, DataRequestReply, MyDataReply } from '@shared/schemas/records';
import { westernDigits } from '@shared/typed-numbers';
import type { AuditTrail } from '../lib/audit-log';
import { forbidden } from '../lib/errors';
import { countAttempt, type Limit } from '../lib/rate-limit';
import { withRetry } from '../lib/retry';
import { getInvoice } from '../sales/invoice-entity';
import { createDataRequest, requestsOf } from './data-requests';
import { getRegistrationByCode, type RegistrationItem } from './registration-entity';
import { letterNotFound, tooManyAttempts } from './letter-errors';

/**
 * The farmer's own view from the letter (docs/decisions/0023-records.md, section 4): the letter's code and the
 * last 4 digits of the registered mobile number, guesses limited per letter and per client address like the
 * farmer's cancellation. Nothing in the answer holds an Aadhaar number in clear.
 */
export const MY_DATA_LIMITS = { perLetter: 5, perIp: 20, windowSeconds: 15 * 60 } as const;
const MSG_WRONG_MOBILE = 'मोबाइल नंबर के आखिरी 4 अंक मेल नहीं खाते / The last 4 digits do not match the registered mobile number.';

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
  if (westernDigits(mobileLast4.trim()) !== reg.mobileNumber.slice(-4)) throw forbidden(MSG_WRONG_MOBILE);
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

/**
 * What the letter's own registration holds, and nothing else: not the farmer record it links to, not the
 * farmer's other registrations or bills. The letter and the mobile's last digits prove only that the caller
 * holds this letter; anyone who knows a farmer's Aadhaar number can make a letter of their own for it
 * (docs/product-rules.md, "My data shows the letter's own registration").
 */
export async function myData(code: string, mobileLast4: string, sourceIp: string): Promise<MyDataReply> {
  const reg = await verifiedRegistration(code, mobileLast4, sourceIp);
  const row = reg as unknown as Record<string, unknown>;
  // The bill standing and every bill of this registration cancelled (with its credit note).
  const numbers = [
    ...(reg.isBilled && typeof reg.invoiceNumber === 'string' ? [reg.invoiceNumber] : []),
    ...(Array.isArray(reg.cancelledInvoiceNumbers) ? reg.cancelledInvoiceNumbers.map(String) : []),
  ];
  const invoices = await Promise.all(numbers.map((n) => withRetry(() => getInvoice(n))));
  const bills = invoices.flatMap((i) =>
    i && i.registrationID === reg.id
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
  const requests = await requestsOf(undefined, [{ year: reg.year, id: reg.id }]);
  return {
    farmer: {
      // The link is not shown: it would name a record the letter's holder has not proven to be theirs.
      farmerID: null,
      name: reg.name,
      fatherName: reg.fatherName,
      aadhaar: maskAadhaar(reg.aadhaarLast4),
      mobile: maskMobile(reg.mobileNumber),
      address: [reg.village, reg.blockName, reg.subDistrict, reg.district].filter(Boolean).join(', '),
      category: reg.category,
      gender: reg.gender,
    },
    registrations: [registrationRow(row)],
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
