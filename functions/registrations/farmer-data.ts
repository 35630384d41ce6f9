import { statusOf } from '@shared/allocation-status';
import { maskAadhaar, maskMobile } from '@shared/format';
import type { DataRequestInput, DataRequestReply, MyDataReply } from '@shared/schemas/records';
import type { AuditTrail } from '../lib/audit-log';
import type { FarmerSession } from '../lib/farmer-tokens';
import { withRetry } from '../lib/retry';
import { getFarmer } from '../farmers/farmer-entity';
import { getInvoice } from '../sales/invoice-entity';
import { createDataRequest, requestsOf } from './data-requests';
import { registrationOfSession } from './farmer-session';

/**
 * The farmer's own view (docs/decisions/0023-records.md, section 4), in a session of the registration's mobile
 * (a one-time code to it, docs/decisions/0043-farmer-one-time-codes.md). Nothing in the answer holds an Aadhaar
 * number in clear.
 */
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
 * What the letter's own registration holds: not the farmer's other registrations or bills. The farmer record
 * it links to is named only to a session of the mobile on that record: anyone who knows a farmer's Aadhaar
 * number can register it again with their own mobile (docs/product-rules.md, "My data shows the letter's own
 * registration").
 */
export async function myData(code: string, farmer: FarmerSession): Promise<MyDataReply> {
  const reg = await registrationOfSession(code, farmer);
  const record = reg.farmerID ? await withRetry(() => getFarmer(reg.farmerID!)) : undefined;
  const ownRecord = record !== undefined && record.contactNumber.replace(/\D/g, '').slice(-10) === farmer.mobile;
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
      // Named only to a session of the record's own mobile.
      farmerID: ownRecord ? reg.farmerID! : null,
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
  input: { kind: DataRequestInput['kind']; details: string },
  farmer: FarmerSession,
  audit: AuditTrail,
): Promise<{ created: boolean; request: DataRequestReply }> {
  const reg = await registrationOfSession(code, farmer);
  return createDataRequest(reg, input.kind, input.details, audit);
}
