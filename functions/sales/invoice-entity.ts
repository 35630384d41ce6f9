import { COUNTER_CODES, formatCounterInvoiceNumber, formatInvoiceNumber } from '@shared/invoice-numbers';
import type { PaymentMode } from '@shared/schemas/sales';
import { defineEntity } from '../lib/entity';
import { getRecord } from '../lib/entity-reads';
import { queryIndex } from '../lib/query';

/**
 * Bill (docs/data-model.md, "Sales and bills").
 *
 * INVOICE#<invoiceNumber> / INVOICE               the bill (public lookup by the printed number)
 *   gsi1: INVOICES#<fyStart> / <generatedOn>#<number>     bills of a financial year by time (list, date range)
 *   gsi2: INVSELLER#<userID> / <generatedOn>#<number>     bills made by one staff member (created-by filter,
 *                                                         the seller's dashboard)
 *   gsi3: INVLOT#<lotCode> / <generatedOn>#<number>       bills of one lot (lot code filter)
 * COUNTER#invoices#<fyStart> / COUNTER            value = last invoice sequence number used in that year
 *
 * A sale is one transaction (repository.commitSale); the invoice id is fyStart * 10^7 + sequence, so id and number
 * map onto each other without another item.
 */
export interface InvoiceItem {
  invoiceID: number;
  invoiceNumber: string;
  fyStart: number;
  seq: number;
  /** Random id of the sale request that wrote the bill (recognises a commit whose answer was lost). */
  saleId: string;
  generatedOn: string;
  /** Asia/Kolkata day of generatedOn. */
  day: string;
  farmerID: number | null;
  farmerName: string;
  farmerAadhaarLast4: string;
  farmerContact: string;
  farmerAddress: string;
  registrationID: number;
  /** The registration's year (the sale request's year). */
  year: number;
  lotID: number;
  lotCode: string;
  cropID: number;
  cropName: string;
  /** The crop's Hindi name when billed; absent when it had none (and on bills made before Hindi names). */
  cropNameHi?: string;
  bags: number;
  bagSizeKg: number;
  quantityGrams: number;
  /** Paise per kg. */
  pricePaise: number;
  totalPaise: number;
  paymentMode: PaymentMode;
  /** Online payments: the UPI reference or its last digits, as the clerk typed them (absent when none was given). */
  upiRef?: string;
  createdByUserId: number;
  createdByName: string;
  createdOn: string;
  updatedByUserId?: number;
  updatedByName?: string;
  updatedOn?: string;
  /** Random, 128 bits, base64url: the token in the bill's QR code (absent on bills made before tokens). */
  verifyToken?: string;
  /** Sold above the registration's request (or the crop's maximum) on an admin's explicit approval. */
  aboveRequest?: { requestedKg: number; limitKg: number; byUserId: number; byName: string };
  /**
   * Set once, by the cancellation (credit-notes-repository.ts): absent or 'issued' until then. The bill is never
   * deleted and nothing else of it changes.
   */
  status?: 'issued' | 'cancelled';
  cancelledOn?: string;
  cancelReason?: string;
  creditNoteNumber?: string;
  cancelledByUserId?: number;
  cancelledByName?: string;
  /** Random id of the cancel request that cancelled it (recognises a commit whose answer was lost). */
  cancelId?: string;
  /**
   * The bill of supply's supplier block as the settings held it at sale time (a later change does not rewrite
   * the bill); absent on bills made before bills of supply, which print as they did. gstin '' when none was set.
   */
  supplier?: InvoiceSupplier;
  /** The crop's HSN code at sale time ('' when it had none); absent on bills made before bills of supply. */
  hsnCode?: string;
  /** A bill of a counter's own series, made offline (docs/decisions/0048-offline-counter.md): the counter's code. */
  series?: string;
  /** The preparation whose block gave the number, and the counter's token for the farmer. */
  offlinePrepId?: string;
  offlineToken?: string;
}

export interface InvoiceSupplier {
  name: string;
  address: string;
  gstin: string;
}

export const INVOICE_ID_FACTOR = 10_000_000;
export const invoiceIdOf = (fyStart: number, seq: number) => fyStart * INVOICE_ID_FACTOR + seq;

/**
 * Ids of the counters' series (docs/decisions/0048-offline-counter.md) lie above every id of the year series
 * (those end below 3001 * 10^7): COUNTER_ID_BASE + ((fyStart - 2000) * 36 + the code's place) * 10^5 + sequence.
 */
const COUNTER_ID_BASE = 50_000_000_000;
const COUNTER_SEQ_FACTOR = 100_000;
export const counterInvoiceIdOf = (fyStart: number, code: string, seq: number) =>
  COUNTER_ID_BASE + ((fyStart - 2000) * 36 + COUNTER_CODES.indexOf(code) + 1) * COUNTER_SEQ_FACTOR + seq;

/** The bill number a staff id stands for (either series), or undefined for an id no bill can have. */
export function invoiceNumberOfId(invoiceID: number): string | undefined {
  if (invoiceID >= COUNTER_ID_BASE) {
    const rest = invoiceID - COUNTER_ID_BASE;
    const seq = rest % COUNTER_SEQ_FACTOR;
    const k = Math.floor(rest / COUNTER_SEQ_FACTOR);
    const fy = 2000 + Math.floor(k / 36);
    const place = k % 36;
    if (seq < 1 || place < 1 || fy > 3000) return undefined;
    return formatCounterInvoiceNumber(fy, COUNTER_CODES[place - 1], seq);
  }
  const fy = Math.floor(invoiceID / INVOICE_ID_FACTOR);
  const seq = invoiceID % INVOICE_ID_FACTOR;
  return fy >= 2000 && fy <= 3000 && seq >= 1 ? formatInvoiceNumber(fy, seq) : undefined;
}

export const fyPk = (fyStart: number) => `INVOICES#${fyStart}`;
export const sellerPk = (userID: number) => `INVSELLER#${userID}`;
export const lotPk = (lotCode: string) => `INVLOT#${lotCode}`;
const timeSk = (i: Pick<InvoiceItem, 'generatedOn' | 'invoiceNumber'>) => `${i.generatedOn}#${i.invoiceNumber}`;

export const invoiceEntity = defineEntity<InvoiceItem>()({
  name: 'Invoice',
  key: (invoiceNumber: string) => ({ pk: `INVOICE#${invoiceNumber}`, sk: 'INVOICE' }),
  idOf: (i) => i.invoiceNumber,
  indexes: (i) => ({
    gsi1pk: fyPk(i.fyStart),
    gsi1sk: timeSk(i),
    gsi2pk: sellerPk(i.createdByUserId),
    gsi2sk: timeSk(i),
    gsi3pk: lotPk(i.lotCode),
    gsi3sk: timeSk(i),
  }),
  attributes: [
    'invoiceID',
    'invoiceNumber',
    'fyStart',
    'seq',
    'saleId',
    'generatedOn',
    'day',
    'farmerID',
    'farmerName',
    'farmerAadhaarLast4',
    'farmerContact',
    'farmerAddress',
    'registrationID',
    'year',
    'lotID',
    'lotCode',
    'cropID',
    'cropName',
    'cropNameHi',
    'bags',
    'bagSizeKg',
    'quantityGrams',
    'pricePaise',
    'totalPaise',
    'paymentMode',
    'upiRef',
    'createdByUserId',
    'createdByName',
    'createdOn',
    'updatedByUserId',
    'updatedByName',
    'updatedOn',
    'verifyToken',
    'aboveRequest',
    'status',
    'cancelledOn',
    'cancelReason',
    'creditNoteNumber',
    'cancelledByUserId',
    'cancelledByName',
    'cancelId',
    'supplier',
    'hsnCode',
    'series',
    'offlinePrepId',
    'offlineToken',
  ],
});

export const invoiceKey = invoiceEntity.key;
export const invoiceCounterKey = (fyStart: number) => ({ pk: `COUNTER#invoices#${fyStart}`, sk: 'COUNTER' });

export const getInvoice = (invoiceNumber: string, consistent = false) => getRecord(invoiceEntity, invoiceNumber, consistent);

export type InvoiceIndex = 'gsi1' | 'gsi2' | 'gsi3';

export interface RangeRead {
  items: InvoiceItem[];
  /** True when the read cap stopped the query before the range was exhausted. */
  truncated: boolean;
}

/**
 * Bills in one index partition between two sort keys, newest first, at most `cap` items. The caller
 * filters and sums; each bill is about 1 KB, so a partition read costs about cap / 8 read units.
 */
export async function invoicesBetween(
  index: InvoiceIndex,
  pk: string,
  fromKey: string,
  toKey: string,
  cap: number,
): Promise<RangeRead> {
  const r = await queryIndex({ index, pk, skBetween: { from: fromKey, to: toKey }, take: cap });
  return { items: invoiceEntity.fromItems(r.items), truncated: r.more };
}

/** The newest `n` bills of an index partition. */
export async function newest(index: InvoiceIndex, pk: string, n: number): Promise<InvoiceItem[]> {
  const r = await queryIndex({ index, pk, take: n });
  return invoiceEntity.fromItems(r.items);
}
