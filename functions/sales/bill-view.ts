import { kgToQuintal, maskMobile } from '@shared/format';
import type { BillSummary, InvoiceResponse } from '@shared/schemas/sales';
import { getUser } from '../lib/users-store';
import { gramsToKg, paiseToRupees } from '../lib/units';
import type { InvoiceItem } from './invoice-entity';

/**
 * A bill's views by who reads it, without its amount in words: the exports read bills through here
 * (invoice-search.ts) and carry no number-to-words library; the sales function adds the words (bill-read.ts,
 * withWords).
 */

/** What anyone gets by the bill's number alone: that it exists and what it was for, no personal data. */
export function toSummary(i: InvoiceItem): BillSummary {
  const quantityKg = gramsToKg(i.quantityGrams);
  return {
    view: 'summary',
    invoiceNumber: i.invoiceNumber,
    generatedOn: i.generatedOn,
    cropName: i.cropName,
    cropNameHi: i.cropNameHi ?? '',
    lotCode: i.lotCode,
    bags: i.bags,
    bagSizeKg: i.bagSizeKg,
    quantityKg,
    quantityQuintal: kgToQuintal(quantityKg),
    totalAmount: paiseToRupees(i.totalPaise),
    status: i.status ?? 'issued',
    ...(i.status === 'cancelled' ? { cancelledOn: i.cancelledOn, creditNoteNumber: i.creditNoteNumber } : {}),
  };
}

/** A cancelled bill's mark: when, why and the credit note (docs/decisions/0023-records.md, section 1). */
function cancellationOf(i: InvoiceItem): Pick<InvoiceResponse, 'status' | 'cancelledOn' | 'cancelReason' | 'creditNoteNumber'> {
  if (i.status !== 'cancelled') return { status: 'issued' };
  return { status: 'cancelled', cancelledOn: i.cancelledOn, cancelReason: i.cancelReason, creditNoteNumber: i.creditNoteNumber };
}

/**
 * What a reader of a bill sees. Without the bill's token only the summary (toSummary); with it, 'public'
 * (visitors) the mobile masked and no staff details, 'signed-in' (any signed-in account; docs/product-rules.md#bill-contents)
 * adds who made and changed the bill, the mobile still masked;
 * 'staff' (token or not) everything, the token included for printing the QR code.
 */
export type BillView = 'public' | 'signed-in' | 'staff';

export function toResponse(i: InvoiceItem, view: BillView, names?: Map<number, string>): InvoiceResponse {
  const quantityKg = gramsToKg(i.quantityGrams);
  const base: InvoiceResponse = {
    invoiceID: i.invoiceID,
    invoiceNumber: i.invoiceNumber,
    generatedOn: i.generatedOn,
    transactionDate: i.generatedOn,
    createdOn: i.createdOn ?? i.generatedOn,
    farmerID: i.farmerID ?? null,
    farmerName: i.farmerName,
    farmerAadhaarLast4: i.farmerAadhaarLast4 ?? '',
    farmerContact: view === 'staff' ? i.farmerContact : i.farmerContact ? maskMobile(i.farmerContact) : '',
    farmerAddress: i.farmerAddress ?? '',
    registrationID: i.registrationID,
    lotID: i.lotID,
    lotCode: i.lotCode,
    cropID: i.cropID,
    cropName: i.cropName,
    cropNameHi: i.cropNameHi ?? '',
    year: i.year,
    bags: i.bags,
    bagSizeKg: i.bagSizeKg,
    quantityKg,
    quantityQuintal: kgToQuintal(quantityKg),
    pricePerUnit: paiseToRupees(i.pricePaise),
    totalAmount: paiseToRupees(i.totalPaise),
    paymentMode: i.paymentMode,
    ...cancellationOf(i),
    ...billOfSupply(i),
  };
  if (view === 'public') return base;
  return {
    ...base,
    createdByName: names?.get(i.createdByUserId) ?? i.createdByName ?? '',
    createdByUserId: i.createdByUserId ?? null,
    ...(i.updatedOn
      ? { updatedOn: i.updatedOn, updatedByName: (i.updatedByUserId && names?.get(i.updatedByUserId)) || i.updatedByName || '' }
      : {}),
    ...(view === 'staff' && i.verifyToken ? { verifyToken: i.verifyToken } : {}),
    ...(view === 'staff' && i.aboveRequest ? { aboveRequest: i.aboveRequest } : {}),
    ...(view === 'staff' && i.upiRef ? { upiRef: i.upiRef } : {}),
  };
}

/** What a bill of supply prints beyond the older bills (docs/product-rules.md#bill-of-supply); nothing for those. */
function billOfSupply(i: InvoiceItem): Pick<InvoiceResponse, 'supplier' | 'hsnCode'> {
  if (!i.supplier) return {};
  const { name, address, gstin } = i.supplier;
  return { supplier: { name, address, gstin }, hsnCode: i.hsnCode ?? '' };
}

/** Current names of the staff who made or changed these bills (falls back to the name stored on the bill). */
export async function staffNames(items: InvoiceItem[]): Promise<Map<number, string>> {
  const ids = [...new Set(items.flatMap((i) => [i.createdByUserId, i.updatedByUserId]).filter((v): v is number => Boolean(v)))];
  const users = await Promise.all(ids.map((id) => getUser(id).catch(() => undefined)));
  return new Map(users.filter((u) => u).map((u) => [u!.userID, u!.fullName]));
}
