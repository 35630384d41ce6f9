import { BillReply, InvoiceListReply, MakeSaleReply } from '../schemas/replies/sales';
import { BillQrQuery, BillQuery, InvoiceIdParam, InvoiceListQuery, InvoiceNumberParam, MakeSaleInput } from '../schemas/sales';
import { CancelBillReply, CancelRequestListReply, CancelRequestReply, CreditNoteReply } from '../schemas/replies/credit-notes';
import {
  CancelBillInput,
  CancelRequestIdParam,
  CancelRequestInput,
  CancelRequestListQuery,
  CreditNoteNumberParam,
  RefuseCancelRequestInput,
} from '../schemas/credit-notes';
import { DayCloseIdParam, DayCloseInput, DayCloseQuery, ReopenDayInput } from '../schemas/day-close';
import { DayCloseListReply, DayCloseView } from '../schemas/replies/day-close';
import type { AreaContract } from './types';

import { offlineCounterContract } from './offline-counter';

export const salesContract = {
  ...offlineCounterContract,
  'POST /api/sales/make': { body: MakeSaleInput, reply: MakeSaleReply },
  'GET /api/invoices': { query: InvoiceListQuery, reply: InvoiceListReply },
  'GET /api/invoices/by-number/{number}': { params: InvoiceNumberParam, query: BillQuery, reply: BillReply },
  'GET /api/invoices/by-number/{number}/qrcode.png': { params: InvoiceNumberParam, query: BillQrQuery, reply: 'image' },
  'GET /api/invoices/{invoiceID}/qrcode.png': { params: InvoiceIdParam, query: BillQrQuery, reply: 'image' },
  'POST /api/invoices/{invoiceID}/cancel': { params: InvoiceIdParam, body: CancelBillInput, reply: CancelBillReply },
  'POST /api/invoices/{invoiceID}/cancel-request': {
    params: InvoiceIdParam,
    body: CancelRequestInput,
    reply: CancelRequestReply,
  },
  'GET /api/invoices/cancel-requests': { query: CancelRequestListQuery, reply: CancelRequestListReply },
  'POST /api/invoices/cancel-requests/{id}/refuse': {
    params: CancelRequestIdParam,
    body: RefuseCancelRequestInput,
    reply: CancelRequestReply,
  },
  'GET /api/credit-notes/by-number/{number}': { params: CreditNoteNumberParam, query: BillQuery, reply: CreditNoteReply },
  'GET /api/credit-notes/by-number/{number}/qrcode.png': {
    params: CreditNoteNumberParam,
    query: BillQrQuery,
    reply: 'image',
  },
  'POST /api/day-close': { body: DayCloseInput, reply: DayCloseView },
  'GET /api/day-close': { query: DayCloseQuery, reply: DayCloseListReply },
  'POST /api/day-close/{id}/reopen': { params: DayCloseIdParam, body: ReopenDayInput, reply: DayCloseView },
  // pages: the number and the token are read by the page itself, which answers its own HTML 400/404
  'GET /bill/{number}': { reply: 'html' },
  'GET /credit-note/{number}': { reply: 'html' },
} as const satisfies AreaContract<'sales'>;
