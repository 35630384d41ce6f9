import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '../lib/dynamo-commands';
import type { AuditTrail } from '../lib/audit-log';
import { docClient, tableName } from '../lib/aws';
import { getRecord } from '../lib/entity-reads';
import { queryIndex } from '../lib/query';
import { statUpdates } from '../lib/stats';
import { dueEntry } from '../allocation/entries';
import { saleReversalUpdate } from '../allocation/pool';
import { KEEP_POOL_BASE, lotKey } from '../lots/lot-entity';
import { regKey } from '../registrations/registration-entity';
import {
  CANCEL_REQUESTS_PK,
  cancelRequestEntity,
  creditNoteCounterKey,
  creditNoteEntity,
  openRequestKey,
  type CancelRequestItem,
  type CreditNoteItem,
} from './credit-note-entity';
import { invoiceKey, type InvoiceItem } from './invoice-entity';
import { cancelDayUpdate } from './seller-day';

type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

export async function currentCreditNoteSeq(fyStart: number): Promise<number> {
  const out = await docClient().send(
    new GetCommand({ TableName: tableName(), Key: creditNoteCounterKey(fyStart), ConsistentRead: true }),
  );
  return Number(out.Item?.value ?? 0);
}

export const getCreditNote = (number: string, consistent = false) => getRecord(creditNoteEntity, number, consistent);
export const getCancelRequest = (id: string, consistent = false) => getRecord(cancelRequestEntity, id, consistent);

/** The id of the bill's open request, if one is open. */
export async function openRequestOf(invoiceNumber: string): Promise<string | undefined> {
  const out = await docClient().send(
    new GetCommand({ TableName: tableName(), Key: openRequestKey(invoiceNumber), ConsistentRead: true }),
  );
  return typeof out.Item?.requestId === 'string' ? out.Item.requestId : undefined;
}

/** Every request, newest first (a season holds a handful; capped at `cap`). */
export async function listCancelRequests(cap: number): Promise<{ items: CancelRequestItem[]; truncated: boolean }> {
  const r = await queryIndex({ index: 'gsi1', pk: CANCEL_REQUESTS_PK, take: cap });
  return { items: cancelRequestEntity.fromItems(r.items), truncated: r.more };
}

export interface CancelWrite {
  note: CreditNoteItem;
  invoice: InvoiceItem;
  /** The counter value read before (the number taken is seen + 1 = note.seq). */
  seen: number;
  cancelId: string;
  /** The lot's year and whether it is pooled (as the sale: an unpooled lot keeps its pool base once). */
  lotYear: number;
  lotPooled: boolean;
  /** The lot's grams as read before the cancel, for the audit entry's before -> after. */
  lotGrams: { used: number; remaining: number };
  /** The registration's due day, when it had a due entry (put back with the promised grams). */
  dueDay?: string;
  cropIdOfRegistration?: number;
  /** The bill's open request (closed as approved), or none (then none may be opened meanwhile). */
  openRequestId?: string;
  /** The bill's seller-day is open: it goes down by the bill (docs/decisions/0026-day-close.md). */
  deductFromDay?: boolean;
  at: Date;
  /** The report counter of the registration's combination, on the credit note's day (functions/lib/report-counters.ts). */
  report: TransactItems[number];
  audit: AuditTrail;
}

/** Positions of the items with conditions in the cancel transaction, to read why it failed. */
export interface CancelPositions {
  counter: number;
  creditNote: number;
  bill: number;
  registration: number;
  lot: number;
  pools: number[];
  request: number[];
  sellerDay?: number;
}

/**
 * The cancellation, all or nothing, in one TransactWriteItems (docs/decisions/0023-records.md, section 1):
 * the credit-note counter (compare-and-set), the credit note, the bill marked cancelled once, the registration
 * back to unbilled (its due entry put back), the lot's grams back (used + remaining = total holds), the pools
 * given back the sale, the open request closed (or checked to be none), the dashboard stats net of the bill on
 * the bill's day, and the audit entry.
 */
export function cancelItems(w: CancelWrite): { items: TransactItems; at: CancelPositions } {
  const T = tableName();
  const n = w.note;
  const inv = w.invoice;
  const items: TransactItems = [];
  const push = (item: TransactItems[number]) => items.push(item) - 1;
  const counter = push({
    Update: {
      TableName: T,
      Key: creditNoteCounterKey(n.fyStart),
      UpdateExpression: 'SET #v = :next',
      ConditionExpression: w.seen === 0 ? 'attribute_not_exists(#v)' : '#v = :seen',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':next': n.seq, ...(w.seen === 0 ? {} : { ':seen': w.seen }) },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  });
  const creditNote = push({
    Put: { TableName: T, Item: creditNoteEntity.toItem(n), ConditionExpression: 'attribute_not_exists(pk)' },
  });
  const bill = push({
    Update: {
      TableName: T,
      Key: invoiceKey(inv.invoiceNumber),
      UpdateExpression:
        'SET #status = :cancelled, cancelledOn = :now, cancelReason = :reason, creditNoteNumber = :cn, ' +
        'cancelledByUserId = :uid, cancelledByName = :uname, cancelId = :cid',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#status) OR #status = :issued)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':cancelled': 'cancelled',
        ':issued': 'issued',
        ':now': n.issuedOn,
        ':reason': n.reason,
        ':cn': n.creditNoteNumber,
        ':uid': n.issuedByUserId,
        ':uname': n.issuedByName,
        ':cid': w.cancelId,
      },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  });
  const registration = push({
    Update: {
      TableName: T,
      Key: regKey(inv.year, inv.registrationID),
      // The cancelled bill stays named on the registration: the farmer's own view lists it with its credit note.
      UpdateExpression:
        'SET isBilled = :f, invoiceNumber = :null, cancelledInvoiceNumbers = list_append(if_not_exists(cancelledInvoiceNumbers, :none), :cancelled) ' +
        'REMOVE billedOn, billedByUserId, billedSaleId',
      ConditionExpression: 'attribute_exists(pk) AND isBilled = :t AND invoiceNumber = :n',
      ExpressionAttributeValues: {
        ':t': true,
        ':f': false,
        ':null': null,
        ':n': inv.invoiceNumber,
        ':none': [],
        ':cancelled': [inv.invoiceNumber],
      },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  });
  const lot = push({
    Update: {
      TableName: T,
      Key: lotKey(inv.lotID),
      UpdateExpression: `SET remainingGrams = remainingGrams + :g, usedGrams = usedGrams - :g${w.lotPooled ? '' : `, ${KEEP_POOL_BASE}`}`,
      ConditionExpression: 'attribute_exists(pk) AND usedGrams >= :g',
      ExpressionAttributeValues: { ':g': inv.quantityGrams },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  });
  const pools = poolReversals(w).map((u) => push({ Update: u }));
  if (w.dueDay && w.cropIdOfRegistration !== undefined && n.promisedGrams > 0) {
    push({
      Put: {
        TableName: T,
        Item: dueEntry(w.dueDay, {
          cropId: w.cropIdOfRegistration,
          year: inv.year,
          id: inv.registrationID,
          grams: n.promisedGrams,
        }),
      },
    });
  }
  const request: number[] = [];
  if (w.openRequestId) {
    request.push(
      push({
        Update: {
          TableName: T,
          Key: cancelRequestEntity.key(w.openRequestId),
          UpdateExpression:
            'SET #status = :approved, decidedOn = :now, decidedByUserId = :uid, decidedByName = :uname, creditNoteNumber = :cn',
          ConditionExpression: '#status = :open AND invoiceNumber = :inv',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':approved': 'approved',
            ':open': 'open',
            ':now': n.issuedOn,
            ':uid': n.issuedByUserId,
            ':uname': n.issuedByName,
            ':cn': n.creditNoteNumber,
            ':inv': inv.invoiceNumber,
          },
        },
      }),
      push({
        Delete: {
          TableName: T,
          Key: openRequestKey(inv.invoiceNumber),
          ConditionExpression: 'requestId = :id',
          ExpressionAttributeValues: { ':id': w.openRequestId },
        },
      }),
    );
  } else {
    request.push(
      push({
        ConditionCheck: { TableName: T, Key: openRequestKey(inv.invoiceNumber), ConditionExpression: 'attribute_not_exists(pk)' },
      }),
    );
  }
  const billDay = new Date(inv.generatedOn);
  const delta = { count: -1, amountPaise: -inv.totalPaise };
  for (const u of [
    ...statUpdates('sales', delta, { at: billDay }),
    ...statUpdates('sales', delta, { at: billDay, userID: inv.createdByUserId }),
  ])
    push({ Update: u });
  push(w.report);
  // The seller's day of the bill, while still open.
  const sellerDay = w.deductFromDay
    ? push(
        cancelDayUpdate(inv.day, inv.createdByUserId, {
          grams: inv.quantityGrams,
          paise: inv.totalPaise,
          paymentMode: inv.paymentMode,
          invoiceNumber: inv.invoiceNumber,
          cropID: inv.cropID,
        }),
      )
    : undefined;
  push(
    w.audit.put(
      { type: 'invoice', id: inv.invoiceNumber, year: inv.year },
      {
        // Words between numbers: a bill number next to a count would read as one 12-digit run and be redacted.
        summary: `credit note ${n.creditNoteNumber} issued${w.openRequestId ? ' on the seller’s request' : ''}; reason: ${n.reason}`,
        fields: [
          { field: 'status', before: 'issued', after: 'cancelled' },
          { field: `lot ${inv.lotCode} usedGrams`, before: w.lotGrams.used, after: w.lotGrams.used - inv.quantityGrams },
          {
            field: `lot ${inv.lotCode} remainingGrams`,
            before: w.lotGrams.remaining,
            after: w.lotGrams.remaining + inv.quantityGrams,
          },
        ],
      },
    ),
  );
  return { items, at: { counter, creditNote, bill, registration, lot, pools, request, sellerDay } };
}

/** The sale's pool updates reversed (repository.poolUpdates): one pool, or the registration's and the lot's. */
function poolReversals(w: CancelWrite) {
  const inv = w.invoice;
  const promised = w.note.promisedGrams;
  if (w.lotYear === inv.year) return [saleReversalUpdate(inv.cropID, inv.year, promised, inv.quantityGrams, -1)];
  return [
    saleReversalUpdate(inv.cropID, inv.year, promised, 0, -1),
    saleReversalUpdate(inv.cropID, w.lotYear, 0, inv.quantityGrams),
  ];
}

export async function commitCancel(items: TransactItems): Promise<void> {
  await docClient().send(new TransactWriteCommand({ TransactItems: items }));
}

/** A seller's request: the request, the bill's open-request marker (one at a time), the bill still issued, the entry. */
export async function commitCancelRequest(r: CancelRequestItem, audit: AuditTrail): Promise<void> {
  const T = tableName();
  await docClient().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: T,
            Item: { ...openRequestKey(r.invoiceNumber), type: 'cancel-request-open', requestId: r.id },
            ConditionExpression: 'attribute_not_exists(pk)',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        {
          ConditionCheck: {
            TableName: T,
            Key: invoiceKey(r.invoiceNumber),
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#status) OR #status = :issued)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':issued': 'issued' },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        { Put: { TableName: T, Item: cancelRequestEntity.toItem(r), ConditionExpression: 'attribute_not_exists(pk)' } },
        audit.put({ type: 'invoice', id: r.invoiceNumber }, { summary: `cancellation requested: ${r.reason}` }),
      ],
    }),
  );
}

/** Positions in commitCancelRequest. */
export const REQUEST_TX = { marker: 0, bill: 1 } as const;

/** An admin refuses an open request: it is closed with the note and the bill's marker goes. */
export async function commitRefusal(
  r: CancelRequestItem,
  decided: { on: string; userID: number; name: string; note: string },
  audit: AuditTrail,
): Promise<void> {
  const T = tableName();
  await docClient().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: T,
            Key: cancelRequestEntity.key(r.id),
            UpdateExpression:
              'SET #status = :refused, decidedOn = :now, decidedByUserId = :uid, decidedByName = :uname, note = :note',
            ConditionExpression: '#status = :open',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':refused': 'refused',
              ':open': 'open',
              ':now': decided.on,
              ':uid': decided.userID,
              ':uname': decided.name,
              ':note': decided.note,
            },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        {
          Delete: {
            TableName: T,
            Key: openRequestKey(r.invoiceNumber),
            ConditionExpression: 'requestId = :id',
            ExpressionAttributeValues: { ':id': r.id },
          },
        },
        audit.put({ type: 'invoice', id: r.invoiceNumber }, { summary: `cancellation request refused: ${decided.note}` }),
      ],
    }),
  );
}
