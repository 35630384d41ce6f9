import { GetCommand, TransactWriteCommand } from '../lib/dynamo-commands';
import type { Denominations } from '@shared/schemas/day-close';
import type { PaymentMode } from '@shared/schemas/sales';
import type { TransactItem } from '../lib/audited-write';
import { docClient, tableName } from '../lib/aws';
import { queryAll } from '../lib/query';

/**
 * One seller's India day (docs/data-model.md, "Day close"; docs/decisions/0026-day-close.md):
 *
 *   SELLERDAY#<YYYY-MM-DD> / U<userID>
 *     bills, grams, cashPaise, onlinePaise     the day's figures, kept by ADD in each sale's and each
 *                                              credit note's own transaction (never recomputed)
 *     g#<cropID>, n#<cropID>, h#<cropID>       grams by crop, the crop's English and Hindi names
 *     o#<invoiceNumber>                        an online bill: { paise, upiRef? } (set by its sale, removed by its
 *                                              cancellation while the day is open, like the figures)
 *     revision                                 +1 with every change of the figures (a close names what it saw)
 *     closedAt, closedBy, closedByName, denominations, countedPaise, differencePaise, note    the close
 *     history                                  earlier closes undone by an admin, with the reason
 *
 * Every change of the figures carries `attribute_not_exists(closedAt)`: a closed day takes no sale.
 */
export const SELLER_DAY_PREFIX = 'SELLERDAY#';
export const sellerDayKey = (day: string, userID: number) => ({ pk: `${SELLER_DAY_PREFIX}${day}`, sk: `U${userID}` });

export interface SellerDayHistoryItem {
  closedAt: string;
  closedByName: string;
  bills: number;
  grams: number;
  cashPaise: number;
  onlinePaise: number;
  countedPaise: number;
  differencePaise: number;
  note: string;
  reopenedAt: string;
  reopenedBy: number;
  reopenedByName: string;
  reason: string;
}

export interface SellerDayItem {
  day: string;
  userID: number;
  sellerName: string;
  bills: number;
  grams: number;
  cashPaise: number;
  onlinePaise: number;
  revision: number;
  crops: { cropID: number; cropName: string; cropNameHi: string; grams: number }[];
  /** The online bills, by number. */
  online: { invoiceNumber: string; paise: number; upiRef?: string }[];
  closedAt?: string;
  closedBy?: number;
  closedByName?: string;
  denominations?: Denominations;
  countedPaise?: number;
  differencePaise?: number;
  note?: string;
  history: SellerDayHistoryItem[];
}

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0)) || 0;

export function sellerDayOf(raw: Record<string, unknown>): SellerDayItem {
  const crops = Object.keys(raw)
    .filter((k) => k.startsWith('g#'))
    .map((k) => {
      const id = k.slice(2);
      return {
        cropID: Number(id),
        cropName: String(raw[`n#${id}`] ?? ''),
        cropNameHi: String(raw[`h#${id}`] ?? ''),
        grams: num(raw[k]),
      };
    })
    .filter((c) => c.grams !== 0)
    .sort((a, b) => a.cropName.localeCompare(b.cropName) || a.cropID - b.cropID);
  const online = Object.keys(raw)
    .filter((k) => k.startsWith(ONLINE_PREFIX))
    .map((k) => {
      const v = (raw[k] ?? {}) as { paise?: unknown; upiRef?: unknown };
      return {
        invoiceNumber: k.slice(ONLINE_PREFIX.length),
        paise: num(v.paise),
        ...(typeof v.upiRef === 'string' && v.upiRef ? { upiRef: v.upiRef } : {}),
      };
    })
    .sort((a, b) => a.invoiceNumber.localeCompare(b.invoiceNumber));
  return {
    day: String(raw.day ?? String(raw.pk).slice(SELLER_DAY_PREFIX.length)),
    userID: num(raw.userID ?? String(raw.sk).slice(1)),
    sellerName: String(raw.sellerName ?? ''),
    bills: num(raw.bills),
    grams: num(raw.grams),
    cashPaise: num(raw.cashPaise),
    onlinePaise: num(raw.onlinePaise),
    revision: num(raw.revision),
    crops,
    online,
    ...(typeof raw.closedAt === 'string'
      ? {
          closedAt: raw.closedAt,
          closedBy: num(raw.closedBy),
          closedByName: String(raw.closedByName ?? ''),
          denominations: raw.denominations as Denominations,
          countedPaise: num(raw.countedPaise),
          differencePaise: num(raw.differencePaise),
          note: String(raw.note ?? ''),
        }
      : {}),
    history: Array.isArray(raw.history) ? (raw.history as SellerDayHistoryItem[]) : [],
  };
}

/** A day nobody has sold on or closed yet. */
export const emptySellerDay = (day: string, userID: number, sellerName: string): SellerDayItem => ({
  day,
  userID,
  sellerName,
  bills: 0,
  grams: 0,
  cashPaise: 0,
  onlinePaise: 0,
  revision: 0,
  crops: [],
  online: [],
  history: [],
});

export interface DayFigures {
  bills: number;
  grams: number;
  paise: number;
  paymentMode: PaymentMode;
  /** The bill's number: an online bill is listed by it on the day. */
  invoiceNumber: string;
  /** An online bill's UPI reference, when given. */
  upiRef?: string;
  cropID: number;
  cropName: string;
  cropNameHi?: string;
}

const ONLINE_PREFIX = 'o#';
const payAttr = (mode: PaymentMode) => (mode === 'Online' ? 'onlinePaise' : 'cashPaise');

/**
 * The update that adds a sale (bills 1, positive figures) to its seller's day, for the sale's own transaction.
 * Made on the day's first sale; refused (the transaction with it) once the day is closed.
 */
export function saleDayUpdate(day: string, seller: { userID: number; name: string }, f: DayFigures): TransactItem {
  const hi = f.cropNameHi ? ', #h = :hi' : '';
  const online = f.paymentMode === 'Online' ? ', #o = :o' : '';
  return {
    Update: {
      TableName: tableName(),
      Key: sellerDayKey(day, seller.userID),
      UpdateExpression: `ADD bills :one, grams :g, #pay :p, #g :g, revision :one SET #type = :type, #day = :day, userID = :uid, sellerName = :sn, #n = :cn${hi}${online}`,
      ConditionExpression: 'attribute_not_exists(closedAt)',
      ExpressionAttributeNames: {
        '#pay': payAttr(f.paymentMode),
        '#g': `g#${f.cropID}`,
        '#n': `n#${f.cropID}`,
        '#type': 'type',
        '#day': 'day',
        ...(hi ? { '#h': `h#${f.cropID}` } : {}),
        ...(online ? { '#o': `${ONLINE_PREFIX}${f.invoiceNumber}` } : {}),
      },
      ExpressionAttributeValues: {
        ':one': 1,
        ':g': f.grams,
        ':p': f.paise,
        ':type': 'seller-day',
        ':day': day,
        ':uid': seller.userID,
        ':sn': seller.name,
        ':cn': f.cropName,
        ...(hi ? { ':hi': f.cropNameHi } : {}),
        ...(online ? { ':o': { paise: f.paise, ...(f.upiRef ? { upiRef: f.upiRef } : {}) } } : {}),
      },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

/** The update that takes a cancelled bill off its seller's day, while that day is open (the credit note's transaction). */
export function cancelDayUpdate(
  day: string,
  userID: number,
  f: Omit<DayFigures, 'bills' | 'cropName' | 'cropNameHi' | 'upiRef'>,
): TransactItem {
  const online = f.paymentMode === 'Online';
  return {
    Update: {
      TableName: tableName(),
      Key: sellerDayKey(day, userID),
      UpdateExpression: `ADD bills :minus, grams :g, #pay :p, #g :g, revision :one, cancelledBills :one${online ? ' REMOVE #o' : ''}`,
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(closedAt)',
      ExpressionAttributeNames: {
        '#pay': payAttr(f.paymentMode),
        '#g': `g#${f.cropID}`,
        ...(online ? { '#o': `${ONLINE_PREFIX}${f.invoiceNumber}` } : {}),
      },
      ExpressionAttributeValues: { ':minus': -1, ':one': 1, ':g': -f.grams, ':p': -f.paise },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

/** Whether a cancelled transaction failed on a seller's closed day (found by key: positions vary with the sale). */
export function failedOnClosedDay(reasons: readonly ({ Code?: string; Item?: unknown } | undefined)[]): boolean {
  // The item as the reason carries it: raw attribute values or plain ones.
  const text = (item: unknown, name: string): string | undefined => {
    const v = (item as Record<string, unknown> | undefined)?.[name];
    if (typeof v === 'string') return v;
    const s = (v as { S?: unknown } | undefined)?.S;
    return typeof s === 'string' ? s : undefined;
  };
  return reasons.some(
    (r) =>
      r?.Code === 'ConditionalCheckFailed' &&
      (text(r.Item, 'pk') ?? '').startsWith(SELLER_DAY_PREFIX) &&
      text(r.Item, 'closedAt') !== undefined,
  );
}

export async function getSellerDay(day: string, userID: number): Promise<SellerDayItem | undefined> {
  const out = await docClient().send(
    new GetCommand({ TableName: tableName(), Key: sellerDayKey(day, userID), ConsistentRead: true }),
  );
  return out.Item ? sellerDayOf(out.Item) : undefined;
}

/** Every seller's day of one India day (one partition; a day has a handful of sellers). */
export async function sellerDaysOf(day: string): Promise<SellerDayItem[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': `${SELLER_DAY_PREFIX}${day}` },
    ConsistentRead: true,
  });
  return items.map(sellerDayOf);
}

export interface CloseWrite {
  day: string;
  seller: { userID: number; name: string };
  by: { userID: number; name: string };
  at: string;
  /** The revision the close was shown (0: no sale yet). */
  revision: number;
  denominations: Denominations;
  countedPaise: number;
  differencePaise: number;
  note: string;
  entry: TransactItem;
}

/** Position of the day's update in commitClose: its cancellation reason says why a close was refused. */
export const CLOSE_TX = { day: 0 } as const;

/** The close: the day's item as shown (same revision) and not closed, and its audit entry, in one transaction. */
export async function commitClose(w: CloseWrite): Promise<void> {
  const sameRevision = w.revision === 0 ? 'attribute_not_exists(revision)' : 'revision = :rev';
  await docClient().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: sellerDayKey(w.day, w.seller.userID),
            UpdateExpression:
              'SET #type = :type, #day = :day, userID = :uid, sellerName = if_not_exists(sellerName, :sn), closedAt = :at, ' +
              'closedBy = :by, closedByName = :byName, denominations = :d, countedPaise = :counted, differencePaise = :diff, note = :note',
            ConditionExpression: `attribute_not_exists(closedAt) AND ${sameRevision}`,
            ExpressionAttributeNames: { '#type': 'type', '#day': 'day' },
            ExpressionAttributeValues: {
              ':type': 'seller-day',
              ':day': w.day,
              ':uid': w.seller.userID,
              ':sn': w.seller.name,
              ':at': w.at,
              ':by': w.by.userID,
              ':byName': w.by.name,
              ':d': w.denominations,
              ':counted': w.countedPaise,
              ':diff': w.differencePaise,
              ':note': w.note,
              ...(w.revision === 0 ? {} : { ':rev': w.revision }),
            },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        w.entry,
      ],
    }),
  );
}

/** The reopen: the close named (closedAt as read) is moved to the history with the reason; the day takes sales again. */
export async function commitReopen(
  day: string,
  userID: number,
  closedAt: string,
  past: SellerDayHistoryItem,
  entry: TransactItem,
) {
  await docClient().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: sellerDayKey(day, userID),
            UpdateExpression:
              'SET history = list_append(if_not_exists(history, :none), :past) ' +
              'REMOVE closedAt, closedBy, closedByName, denominations, countedPaise, differencePaise, note',
            ConditionExpression: 'closedAt = :closedAt',
            ExpressionAttributeValues: { ':none': [], ':past': [past], ':closedAt': closedAt },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        entry,
      ],
    }),
  );
}
