import { CREDIT_NOTE_NUMBER_RE, publicCreditNotePath, type CreditNoteReply } from '@shared/schemas/credit-notes';
import type { Caller } from '../lib/caller';
import { isStaff } from '../lib/caller-roles';
import { notFound } from '../lib/errors';
import { publicUrl, qrPng } from '../lib/qr';
import { gramsToKg, paiseToRupees } from '../lib/units';
import { holdsBillToken } from './bill-tokens';
import type { CreditNoteItem } from './credit-note-entity';
import * as cn from './credit-notes-repository';
import { getInvoice } from './invoice-entity';

/** A credit note read by its number: the note in full or its summary, and its QR code (credit-notes.ts issues them). */
async function requireCreditNote(number: string): Promise<CreditNoteItem> {
  const note = CREDIT_NOTE_NUMBER_RE.test(number) ? await cn.getCreditNote(number) : undefined;
  if (!note) throw notFound(`Credit note ${number} not found`);
  return note;
}

/** Staff, or the credit note's token: the note in full; anyone else: the summary (no personal data). */
export async function creditNoteByNumber(number: string, caller: Caller | null, token?: string): Promise<CreditNoteReply> {
  const n = await requireCreditNote(number);
  const quantityKg = gramsToKg(n.quantityGrams);
  if (!isStaff(caller) && !holdsBillToken(n, token)) {
    return {
      view: 'summary',
      creditNoteNumber: n.creditNoteNumber,
      issuedOn: n.issuedOn,
      invoiceNumber: n.invoiceNumber,
      cropName: n.cropName,
      cropNameHi: n.cropNameHi ?? '',
      lotCode: n.lotCode,
      quantityKg,
      totalAmount: paiseToRupees(n.totalPaise),
    };
  }
  const bill = await getInvoice(n.invoiceNumber);
  return {
    view: 'full',
    creditNoteNumber: n.creditNoteNumber,
    issuedOn: n.issuedOn,
    invoiceNumber: n.invoiceNumber,
    invoiceID: n.invoiceID,
    invoiceDate: n.invoiceDate,
    farmerName: n.farmerName,
    farmerAddress: n.farmerAddress,
    registrationID: n.registrationID,
    year: n.year,
    lotCode: n.lotCode,
    cropName: n.cropName,
    cropNameHi: n.cropNameHi ?? '',
    bags: n.bags,
    bagSizeKg: n.bagSizeKg,
    quantityKg,
    pricePerUnit: paiseToRupees(n.pricePaise),
    totalAmount: paiseToRupees(n.totalPaise),
    paymentMode: n.paymentMode,
    reason: n.reason,
    issuedByName: n.issuedByName,
    verifyToken: n.verifyToken,
    ...(bill?.verifyToken ? { invoiceToken: bill.verifyToken } : {}),
    // The supplier and HSN code the cancelled bill of supply carries (copied at its sale; a bill is never edited).
    ...(bill?.supplier ? { supplier: bill.supplier } : {}),
    ...(bill?.hsnCode !== undefined ? { hsnCode: bill.hsnCode } : {}),
  };
}

export interface CreditNoteQr {
  creditNoteNumber: string;
  png: Buffer;
  withToken: boolean;
}

/** The QR of the printed credit note (with its token) for holders of the token; the bare page's QR otherwise. */
export async function creditNoteQr(number: string, size: number, token?: string): Promise<CreditNoteQr> {
  const n = await requireCreditNote(number);
  const withToken = holdsBillToken(n, token);
  const url = publicUrl(publicCreditNotePath(n.creditNoteNumber, withToken ? n.verifyToken : undefined));
  return { creditNoteNumber: n.creditNoteNumber, png: await qrPng(url, size), withToken };
}
