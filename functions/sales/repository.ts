import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { docClient, tableName } from '../lib/aws';
import { queryIndex } from '../lib/query';
import { statUpdates } from '../lib/stats';
import { lotKey } from '../lots/repository';
import { regKey } from '../registrations/repository';
import type { PaymentMode } from '@shared/schemas/sales';

/**
 * Storage of the sales area (docs/data-model.md, "Sales and bills").
 *
 * INVOICE#<invoiceNumber> / INVOICE               the bill (public lookup by the printed number)
 *   gsi1: INVOICES#<fyStart> / <generatedOn>#<number>     bills of a financial year by time (list, date range)
 *   gsi2: INVSELLER#<userID> / <generatedOn>#<number>     bills made by one staff member (created-by filter,
 *                                                         the seller's dashboard)
 *   gsi3: INVLOT#<lotCode> / <generatedOn>#<number>       bills of one lot (lot code filter)
 * COUNTER#invoices#<fyStart> / COUNTER            value = last invoice sequence number used in that year
 *
 * A sale is one transaction (see commitSale); the invoice id is fyStart * 10^7 + sequence, so id and number
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
  bags: number;
  bagSizeKg: number;
  quantityGrams: number;
  /** Paise per kg. */
  pricePaise: number;
  totalPaise: number;
  paymentMode: PaymentMode;
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
}

export const INVOICE_ID_FACTOR = 10_000_000;
export const invoiceIdOf = (fyStart: number, seq: number) => fyStart * INVOICE_ID_FACTOR + seq;

export const invoiceKey = (invoiceNumber: string) => ({ pk: `INVOICE#${invoiceNumber}`, sk: 'INVOICE' });
export const invoiceCounterKey = (fyStart: number) => ({ pk: `COUNTER#invoices#${fyStart}`, sk: 'COUNTER' });
export const fyPk = (fyStart: number) => `INVOICES#${fyStart}`;
export const sellerPk = (userID: number) => `INVSELLER#${userID}`;
export const lotPk = (lotCode: string) => `INVLOT#${lotCode}`;
const timeSk = (i: Pick<InvoiceItem, 'generatedOn' | 'invoiceNumber'>) => `${i.generatedOn}#${i.invoiceNumber}`;

type Raw = Record<string, unknown>;

function strip(item: Raw | undefined): InvoiceItem | undefined {
  if (!item) return undefined;
  const { pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, gsi2pk: _e, gsi2sk: _f, gsi3pk: _g, gsi3sk: _h, ...rest } = item;
  return rest as unknown as InvoiceItem;
}

/** Last sequence number used in a financial year (0 before the first bill). */
export async function currentInvoiceSeq(fyStart: number): Promise<number> {
  const out = await docClient().send(
    new GetCommand({ TableName: tableName(), Key: invoiceCounterKey(fyStart), ConsistentRead: true }),
  );
  return Number(out.Item?.value ?? 0);
}

export async function getInvoice(invoiceNumber: string, consistent = false): Promise<InvoiceItem | undefined> {
  const out = await docClient().send(
    new GetCommand({ TableName: tableName(), Key: invoiceKey(invoiceNumber), ConsistentRead: consistent }),
  );
  return strip(out.Item);
}

export interface SaleWrite {
  invoice: InvoiceItem;
  /** The counter value read before (the number taken is seen + 1 = invoice.seq). */
  seen: number;
  registrationYear: number;
  /** Grams taken from the lot. */
  grams: number;
  cropID: number;
  at: Date;
}

/**
 * The sale, all or nothing, in one TransactWriteItems:
 *  0. the financial year's counter moves from `seen` to `seen + 1` (compare-and-set: a number is used only
 *     when this transaction commits, so the sequence has no gaps and no duplicates);
 *  1. the invoice is put under its number (attribute_not_exists);
 *  2. the lot gives up the grams only if that many remain and its crop is still the one checked
 *     (used + remaining stays equal to total; remaining never goes below zero);
 *  3. the registration is marked billed only if it was not (billed at most once);
 *  4-7. the dashboard's daily and running sales stats, overall and for the seller (ADD).
 * The positions 0-3 are SALE_TX (sale-cancellation.ts), which reads why a cancelled sale failed.
 * The stats ride in the transaction: the counter already orders every sale of the year, so they add no
 * contention, and the dashboard can never disagree with the bills (no double count on a retry, no loss on
 * a crash between two writes).
 */
export async function commitSale(w: SaleWrite): Promise<void> {
  const T = tableName();
  const inv = w.invoice;
  const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [
    {
      Update: {
        TableName: T,
        Key: invoiceCounterKey(inv.fyStart),
        UpdateExpression: 'SET #v = :next',
        ConditionExpression: w.seen === 0 ? 'attribute_not_exists(#v)' : '#v = :seen',
        ExpressionAttributeNames: { '#v': 'value' },
        ExpressionAttributeValues: { ':next': inv.seq, ...(w.seen === 0 ? {} : { ':seen': w.seen }) },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    {
      Put: {
        TableName: T,
        Item: {
          ...invoiceKey(inv.invoiceNumber),
          gsi1pk: fyPk(inv.fyStart),
          gsi1sk: timeSk(inv),
          gsi2pk: sellerPk(inv.createdByUserId),
          gsi2sk: timeSk(inv),
          gsi3pk: lotPk(inv.lotCode),
          gsi3sk: timeSk(inv),
          ...inv,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: T,
        Key: lotKey(inv.lotID),
        UpdateExpression: 'SET remainingGrams = remainingGrams - :g, usedGrams = usedGrams + :g, lastSaleOn = :now',
        ConditionExpression:
          'attribute_exists(pk) AND remainingGrams >= :g AND cropID = :crop AND (attribute_not_exists(isActive) OR isActive = :t)',
        ExpressionAttributeValues: { ':g': w.grams, ':crop': w.cropID, ':t': true, ':now': inv.generatedOn },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    {
      Update: {
        TableName: T,
        Key: regKey(w.registrationYear, inv.registrationID),
        UpdateExpression: 'SET isBilled = :t, invoiceNumber = :n, billedOn = :now, billedByUserId = :uid, billedSaleId = :sid',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(isBilled) OR isBilled = :f)',
        ExpressionAttributeValues: {
          ':t': true,
          ':f': false,
          ':n': inv.invoiceNumber,
          ':now': inv.generatedOn,
          ':uid': inv.createdByUserId,
          ':sid': inv.saleId,
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    ...statUpdates('sales', { count: 1, amountPaise: inv.totalPaise }, { at: w.at }).map((u) => ({ Update: u })),
    ...statUpdates('sales', { count: 1, amountPaise: inv.totalPaise }, { at: w.at, userID: inv.createdByUserId }).map((u) => ({
      Update: u,
    })),
  ];
  await docClient().send(new TransactWriteCommand({ TransactItems: items }));
}

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
  return { items: r.items.map((i) => strip(i)!), truncated: r.more };
}

/** The newest `n` bills of an index partition. */
export async function newest(index: InvoiceIndex, pk: string, n: number): Promise<InvoiceItem[]> {
  const r = await queryIndex({ index, pk, take: n });
  return r.items.map((i) => strip(i)!);
}
