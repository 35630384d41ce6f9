import { kgToQuintal, maskMobile } from '@shared/format';
import { INVOICE_NUMBER_RE, publicBillPath, type BillReply, type BillSummary, type InvoiceResponse } from '@shared/schemas/sales';
import type { Caller } from '../lib/caller';
import { isStaff } from '../lib/caller-roles';
import { notFound } from '../lib/errors';
import { publicUrl, qrPng } from '../lib/qr';
import { getUser } from '../lib/users-store';
import { amountInWords } from '@shared/amount-in-words';
import { gramsToKg, paiseToRupees } from '../lib/units';
import { type InvoiceItem, getInvoice, invoiceNumberOfId } from './invoice-entity';
import { creditNoteTokenOf, holdsBillToken } from './bill-tokens';

/** Reading bills: the views of a bill by who reads it, and its QR code. */

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
function billOfSupply(i: InvoiceItem): Pick<InvoiceResponse, 'supplier' | 'hsnCode' | 'amountInWords'> {
  if (!i.supplier) return {};
  const { name, address, gstin } = i.supplier;
  return { supplier: { name, address, gstin }, hsnCode: i.hsnCode ?? '', amountInWords: amountInWords(i.totalPaise) };
}

/** Current names of the staff who made or changed these bills (falls back to the name stored on the bill). */
export async function staffNames(items: InvoiceItem[]): Promise<Map<number, string>> {
  const ids = [...new Set(items.flatMap((i) => [i.createdByUserId, i.updatedByUserId]).filter((v): v is number => Boolean(v)))];
  const users = await Promise.all(ids.map((id) => getUser(id).catch(() => undefined)));
  return new Map(users.filter((u) => u).map((u) => [u!.userID, u!.fullName]));
}

async function requireInvoice(invoiceNumber: string): Promise<InvoiceItem> {
  const inv = INVOICE_NUMBER_RE.test(invoiceNumber) ? await getInvoice(invoiceNumber) : undefined;
  if (!inv) throw notFound(`Bill ${invoiceNumber} not found`);
  return inv;
}

/** The bill page, as its reader may see it (BillView): staff, or the bill's token, for more than the summary. */
export async function byNumber(invoiceNumber: string, caller: Caller | null, token?: string): Promise<BillReply> {
  const inv = await requireInvoice(invoiceNumber);
  const full = await fullView(inv, caller, token);
  if (!full || !inv.creditNoteNumber) return full ?? toSummary(inv);
  // Whoever may read the bill in full may open the credit note that cancels it.
  const creditNoteToken = await creditNoteTokenOf(inv.creditNoteNumber);
  return creditNoteToken ? { ...full, creditNoteToken } : full;
}

async function fullView(inv: InvoiceItem, caller: Caller | null, token?: string): Promise<InvoiceResponse | undefined> {
  if (isStaff(caller)) return toResponse(inv, 'staff', await staffNames([inv]));
  if (!holdsBillToken(inv, token)) return undefined;
  if (!caller) return toResponse(inv, 'public');
  return toResponse(inv, 'signed-in', await staffNames([inv]));
}

/** The address a bill's QR code opens: the bill page with its token (without one for bills made before tokens). */
export const publicBillUrl = (inv: Pick<InvoiceItem, 'invoiceNumber' | 'verifyToken'>) =>
  publicUrl(publicBillPath(inv.invoiceNumber, inv.verifyToken));

export interface BillQr {
  invoiceNumber: string;
  png: Buffer;
  /** True when the image carries the bill's token (then it is never kept by shared caches). */
  withToken: boolean;
}

/**
 * The public QR image by number: the QR of the printed bill (with its token) only for a caller who holds that
 * token; anyone else gets the QR of the bill page without it, which shows the summary.
 */
export async function qrByNumber(invoiceNumber: string, size: number, token?: string): Promise<BillQr> {
  const inv = await requireInvoice(invoiceNumber);
  const withToken = holdsBillToken(inv, token);
  const url = withToken ? publicBillUrl(inv) : publicUrl(publicBillPath(inv.invoiceNumber));
  return { invoiceNumber: inv.invoiceNumber, png: await qrPng(url, size), withToken };
}

/** Staff: the QR of the printed bill, with its token. */
export async function qrById(invoiceID: number, size: number): Promise<BillQr> {
  const number = invoiceNumberOfId(invoiceID);
  if (!number) throw notFound(`Bill ${invoiceID} not found`);
  const inv = await requireInvoice(number);
  return { invoiceNumber: inv.invoiceNumber, png: await qrPng(publicBillUrl(inv), size), withToken: Boolean(inv.verifyToken) };
}
