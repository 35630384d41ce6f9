import { amountInWords } from '@shared/amount-in-words';
import {
  INVOICE_NUMBER_RE,
  publicBillPath,
  type BillReply,
  type InvoiceListQuery,
  type InvoiceListReply,
  type InvoiceResponse,
} from '@shared/schemas/sales';
import type { Caller } from '../lib/caller';
import { isStaff } from '../lib/caller-roles';
import { getRecords } from '../lib/entity-reads';
import { notFound } from '../lib/errors';
import { publicUrl, qrPng } from '../lib/qr';
import { paiseToRupees } from '../lib/units';
import { creditNoteEntity } from './credit-note-entity';
import { type InvoiceItem, getInvoice, invoiceNumberOfId } from './invoice-entity';
import { findInvoices } from './invoice-search';
import { creditNoteTokenOf, holdsBillToken } from './bill-tokens';
import { type BillView, staffNames, toResponse, toSummary } from './bill-view';

/** Reading bills: the views of a bill by who reads it (bill-view.ts) with its amount in words, and its QR code. */

/** A bill as its reader sees it, with a bill of supply's amount in words (docs/product-rules.md#bill-of-supply). */
export function billResponse(i: InvoiceItem, view: BillView, names?: Map<number, string>): InvoiceResponse {
  const r = toResponse(i, view, names);
  return r.supplier ? { ...r, amountInWords: amountInWords(i.totalPaise) } : r;
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
  if (isStaff(caller)) return billResponse(inv, 'staff', await staffNames([inv]));
  if (!holdsBillToken(inv, token)) return undefined;
  if (!caller) return billResponse(inv, 'public');
  return billResponse(inv, 'signed-in', await staffNames([inv]));
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

/**
 * The Bills page: a page of the matches, each cancelled bill with its credit note's token, so that the list
 * links the credit note's page as its QR code opens it (one BatchGet of the page's credit notes).
 */
export async function listInvoices(q: InvoiceListQuery): Promise<InvoiceListReply> {
  const found = await findInvoices(q, billResponse);
  const items = await found.rows(q.skip, q.take);
  const numbers = [...new Set(items.flatMap((i) => (i.creditNoteNumber ? [i.creditNoteNumber] : [])))];
  const notes = numbers.length ? await getRecords(creditNoteEntity, numbers) : new Map<string, { verifyToken?: string }>();
  return {
    items: items.map((i) => {
      const token = i.creditNoteNumber ? notes.get(i.creditNoteNumber)?.verifyToken : undefined;
      return token ? { ...i, creditNoteToken: token } : i;
    }),
    total: found.total,
    amountSum: paiseToRupees(found.sumPaise),
    ...(found.partial ? { partial: true } : {}),
  };
}
