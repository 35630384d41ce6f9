import {
  BillQrQuery,
  BillQuery,
  InvoiceIdParam,
  InvoiceListQuery,
  InvoiceNumberParam,
  MakeSaleInput,
} from '@shared/schemas/sales';
import {
  CancelBillInput,
  CancelRequestIdParam,
  CancelRequestInput,
  CancelRequestListQuery,
  CreditNoteNumberParam,
  RefuseCancelRequestInput,
} from '@shared/schemas/credit-notes';
import { DayCloseIdParam, DayCloseInput, DayCloseQuery, ReopenDayInput } from '@shared/schemas/day-close';
import { defineArea } from '../lib/handler';
import { binary, json } from '../lib/http';
import { qrImageHeaders } from '../lib/qr';
import * as creditNotes from './credit-notes';
import * as creditNoteRead from './credit-note-read';
import * as dayClose from './day-close';
import { byNumber, listInvoices, qrById, qrByNumber } from './bill-read';
import { makeSale } from './make-sale';
import { billPage, billRefusal } from './bill-page';
import { creditNotePage, creditNoteRefusal } from './credit-note-page';
import { servePage } from '../lib/pages/serve';
import {
  ConflictListQuery,
  ConflictNumberParam,
  CounterCodeParam,
  CounterSettingsInput,
  OfflineBatchInput,
  PrepareInput,
  ReconcileInput,
  ResolveConflictInput,
} from '@shared/schemas/offline-counter';
import { listCounterViews, prepare, saveCounter } from './offline/prepare';
import { applyBatch } from './offline/apply';
import { listConflictViews, resolveConflict } from './offline/conflicts';
import { reconcile } from './offline/reconcile';
import { BILL_MESSAGES } from '../lib/pages/page-messages';

/** Sales and bills. Public lookups go by the printed invoice number only; ids are staff-only. */
export const handler = defineArea('sales', {
  'POST /api/sales/make': {
    body: MakeSaleInput,
    handle: async ({ body, caller, audit }) => json(await makeSale(body, caller!, audit), 201),
  },
  'GET /api/invoices': { query: InvoiceListQuery, handle: ({ query }) => listInvoices(query) },
  'GET /api/invoices/by-number/{number}': {
    params: InvoiceNumberParam,
    query: BillQuery,
    // The answer depends on who asks and on the bill's token: never kept by shared caches.
    handle: async ({ params, query, caller }) =>
      json(await byNumber(params.number, caller, query.t), 200, {
        'cache-control': 'private, no-store',
        vary: 'authorization',
      }),
  },
  'GET /api/invoices/by-number/{number}/qrcode.png': {
    params: InvoiceNumberParam,
    query: BillQrQuery,
    handle: async ({ params, query }) => {
      const img = await qrByNumber(params.number, query.size, query.t);
      return binary(
        img.png,
        'image/png',
        qrImageHeaders(`bill-${img.invoiceNumber}.png`, { download: query.download, shared: !img.withToken }),
      );
    },
  },
  'GET /api/invoices/{invoiceID}/qrcode.png': {
    params: InvoiceIdParam,
    query: BillQrQuery,
    handle: async ({ params, query }) => {
      const img = await qrById(params.invoiceID, query.size);
      return binary(
        img.png,
        'image/png',
        qrImageHeaders(`bill-${img.invoiceNumber}.png`, { download: query.download, shared: false }),
      );
    },
  },
  'POST /api/invoices/{invoiceID}/cancel': {
    params: InvoiceIdParam,
    body: CancelBillInput,
    handle: async ({ params, body, caller, audit }) =>
      json(await creditNotes.cancelBill(params.invoiceID, body, caller!, audit), 201),
  },
  'POST /api/invoices/{invoiceID}/cancel-request': {
    params: InvoiceIdParam,
    body: CancelRequestInput,
    handle: async ({ params, body, caller, audit }) =>
      json(await creditNotes.requestCancel(params.invoiceID, body, caller!, audit), 201),
  },
  'GET /api/invoices/cancel-requests': {
    query: CancelRequestListQuery,
    handle: ({ query }) => creditNotes.listRequests(query),
  },
  'POST /api/invoices/cancel-requests/{id}/refuse': {
    params: CancelRequestIdParam,
    body: RefuseCancelRequestInput,
    handle: ({ params, body, caller, audit }) => creditNotes.refuseRequest(params.id, body, caller!, audit),
  },
  'GET /api/credit-notes/by-number/{number}': {
    params: CreditNoteNumberParam,
    query: BillQuery,
    handle: async ({ params, query, caller }) =>
      json(await creditNoteRead.creditNoteByNumber(params.number, caller, query.t), 200, {
        'cache-control': 'private, no-store',
        vary: 'authorization',
      }),
  },
  'GET /api/credit-notes/by-number/{number}/qrcode.png': {
    params: CreditNoteNumberParam,
    query: BillQrQuery,
    handle: async ({ params, query }) => {
      const img = await creditNoteRead.creditNoteQr(params.number, query.size, query.t);
      return binary(
        img.png,
        'image/png',
        qrImageHeaders(`credit-note-${img.creditNoteNumber}.png`, { download: query.download, shared: !img.withToken }),
      );
    },
  },
  'POST /api/day-close': {
    body: DayCloseInput,
    handle: async ({ body, caller, audit }) => json(await dayClose.closeDay(body, caller!, audit), 201),
  },
  'GET /api/day-close': {
    query: DayCloseQuery,
    handle: ({ query, caller }) => dayClose.listDay(query.date, caller!, { mine: query.mine }),
  },
  'POST /api/day-close/{id}/reopen': {
    params: DayCloseIdParam,
    body: ReopenDayInput,
    handle: ({ params, body, caller, audit }) => dayClose.reopenDay(params.id, body, caller!, audit),
  },
  // the offline counter (docs/decisions/0048-offline-counter.md)
  'GET /api/counters': { handle: () => listCounterViews() },
  'PUT /api/counters/{code}': {
    params: CounterCodeParam,
    body: CounterSettingsInput,
    handle: ({ params, body, audit }) => saveCounter(params.code, body, audit),
  },
  'POST /api/counters/{code}/prepare': {
    params: CounterCodeParam,
    body: PrepareInput,
    handle: ({ params, body, caller, audit }) => prepare(params.code, body, caller!, audit),
  },
  'POST /api/counters/{code}/offline-batch': {
    params: CounterCodeParam,
    body: OfflineBatchInput,
    handle: ({ params, body, caller, audit }) => applyBatch(params.code, body, caller!, audit),
  },
  'POST /api/counters/{code}/reconcile': {
    params: CounterCodeParam,
    body: ReconcileInput,
    handle: ({ params, body, caller, audit }) => reconcile(params.code, body.prepId, caller!, audit),
  },
  'GET /api/offline-conflicts': { query: ConflictListQuery, handle: ({ query }) => listConflictViews(query.status) },
  'POST /api/offline-conflicts/{number}/resolve': {
    params: ConflictNumberParam,
    body: ResolveConflictInput,
    handle: ({ params, body, caller, audit }) => resolveConflict(params.number, body, caller!, audit),
  },
  'GET /bill/{number}': {
    handle: ({ event }) => servePage(event, billPage, { messages: BILL_MESSAGES, refusal: billRefusal }),
  },
  'GET /credit-note/{number}': {
    handle: ({ event }) => servePage(event, creditNotePage, { messages: BILL_MESSAGES, refusal: creditNoteRefusal }),
  },
});
