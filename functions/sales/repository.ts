import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '../lib/dynamo-commands';
import type { TransactItem } from '../lib/audited-write';
import { docClient, tableName } from '../lib/aws';
import { statUpdates } from '../lib/stats';
import { KEEP_POOL_BASE, lotKey } from '../lots/lot-entity';
import { dueKey } from '../allocation/entries';
import { saleUpdate } from '../allocation/pool';
import { regKey } from '../registrations/registration-entity';
import { purgePut } from '../registrations/scan-purge-entity';
import { invoiceCounterKey, invoiceEntity, type InvoiceItem } from './invoice-entity';

/** Storage of sales and bills: the sale's transaction. The bill item, its keys and reads are in invoice-entity.ts. */

/** Last sequence number used in a financial year (0 before the first bill). */
export async function currentInvoiceSeq(fyStart: number): Promise<number> {
  const out = await docClient().send(
    new GetCommand({ TableName: tableName(), Key: invoiceCounterKey(fyStart), ConsistentRead: true }),
  );
  return Number(out.Item?.value ?? 0);
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
  /** The lot's year: its grams are sold from the pool of that year. */
  lotYear: number;
  /** The lot read was pooled (absent: not, and the sale keeps the lot's pool base; lot-entity.ts). */
  lotPooled?: boolean;
  /**
   * What the registration holds from its crop's pool of its year: the grams promised (0 for registrations
   * stored before allocation) and the day of its due entry (none for those and for staff-made ones without one).
   */
  promise: { grams: number; dueDay?: string };
  /** The registration's scan: its purge entry starts the retention time (functions/registrations/scan-purge-entity.ts). */
  scan?: { year: number; id: number; adharFilePath?: string; farmerID?: number; scanDeletedOn?: string };
  /** The report counter of the registration's combination (functions/lib/report-counters.ts). */
  report: TransactItem;
  /** The sale's audit entry: the transaction's last item (after every position SALE_TX names). */
  entry: TransactItem;
  /** The seller's day taking the sale (seller-day.ts saleDayUpdate): refused once the day is closed. */
  sellerDay: TransactItem;
}

/**
 * Position of each item in the sale transaction below, for sale-cancellation.ts to read why a cancelled sale
 * failed: keep it in step with the array's order.
 * `pool` is the stock pool of the registration's crop and year; a lot of another year has its own pool
 * next to it (`lotPool`). Only these items carry conditions; the due entry's delete and the stats do not.
 */
export const SALE_TX = { counter: 0, invoice: 1, lot: 2, registration: 3, pool: 4, lotPool: 5 } as const;

/**
 * The sale, all or nothing, in one TransactWriteItems:
 *  0. the financial year's counter moves from `seen` to `seen + 1` (compare-and-set: a number is used only
 *     when this transaction commits, so the sequence has no gaps and no duplicates);
 *  1. the invoice is put under its number (attribute_not_exists);
 *  2. the lot gives up the grams only if that many remain and its crop is still the one checked
 *     (used + remaining stays equal to total; remaining never goes below zero);
 *  3. the registration is marked billed only if it was not (billed at most once) and is confirmed (or was
 *     stored before allocation, without a status);
 *  4. the crop's stock pool of the registration's year: its promise becomes sold (docs/decisions/0022-allocation.md,
 *     section 7; grams beyond the promise only while that much is free); when the lot is of another year, (5)
 *     the lot's pool sells them instead;
 *  then the registration's due entry is deleted (none left for the expiry sweep; a missing one is no failure),
 *  the dashboard's daily and running sales stats, overall and for the seller (ADD), and last the scan's purge
 *  entry (its retention time starts with the bill), the report counter of the registration's combination, the
 *  seller's day figures (refused once the day is closed; docs/decisions/0026-day-close.md), and the audit entry.
 * The stats ride in the transaction: the counter already orders every sale of the year, so they add no
 * contention, and the dashboard can never disagree with the bills (no double count on a retry, no loss on
 * a crash between two writes).
 */
export async function commitSale(w: SaleWrite): Promise<void> {
  await docClient().send(new TransactWriteCommand({ TransactItems: saleItems(w) }));
}

/**
 * The items of the sale's transaction, in SALE_TX's order. The offline counter's sale replaces the counter
 * (its number comes from the counter's block) and the lot (its grams come from the counter's float) in place,
 * so the positions hold for it too (functions/sales/offline/apply.ts).
 */
export function saleItems(w: SaleWrite): NonNullable<TransactWriteCommandInput['TransactItems']> {
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
        Item: invoiceEntity.toItem(inv),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: T,
        Key: lotKey(inv.lotID),
        UpdateExpression: `SET remainingGrams = remainingGrams - :g, usedGrams = usedGrams + :g, lastSaleOn = :now${w.lotPooled ? '' : `, ${KEEP_POOL_BASE}`}`,
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
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(isBilled) OR isBilled = :f) AND (attribute_not_exists(#status) OR #status = :confirmed)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':t': true,
          ':f': false,
          ':confirmed': 'confirmed',
          ':n': inv.invoiceNumber,
          ':now': inv.generatedOn,
          ':uid': inv.createdByUserId,
          ':sid': inv.saleId,
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    ...poolUpdates(w).map((u) => ({ Update: u })),
    ...(w.promise.dueDay
      ? [{ Delete: { TableName: T, Key: dueKey(w.promise.dueDay, w.cropID, w.registrationYear, inv.registrationID) } }]
      : []),
    ...statUpdates('sales', { count: 1, amountPaise: inv.totalPaise }, { at: w.at }).map((u) => ({ Update: u })),
    ...statUpdates('sales', { count: 1, amountPaise: inv.totalPaise }, { at: w.at, userID: inv.createdByUserId }).map((u) => ({
      Update: u,
    })),
    ...(w.scan ? purgePut(w.scan, 'billed', inv.generatedOn) : []),
    w.report,
    // The seller's day: found by its key among the reasons (sale-cancellation.ts), not by position.
    w.sellerDay,
    w.entry,
  ];
  return items;
}

/**
 * The promise moves to sold in one pool, or, for a lot of another year, leaves its pool and the lot's pool
 * sells. The registration's pool counts its farmer billed either way.
 */
function poolUpdates(w: SaleWrite) {
  if (w.lotYear === w.registrationYear) return [saleUpdate(w.cropID, w.registrationYear, w.promise.grams, w.grams, 1)];
  return [saleUpdate(w.cropID, w.registrationYear, w.promise.grams, 0, 1), saleUpdate(w.cropID, w.lotYear, 0, w.grams)];
}
