import { BillReply, InvoiceListReply, MakeSaleReply } from '../schemas/replies/sales';
import { BillQrQuery, BillQuery, InvoiceIdParam, InvoiceListQuery, InvoiceNumberParam, MakeSaleInput } from '../schemas/sales';
import type { AreaContract } from './types';

export const salesContract = {
  'POST /api/sales/make': { body: MakeSaleInput, reply: MakeSaleReply },
  'GET /api/invoices': { query: InvoiceListQuery, reply: InvoiceListReply },
  'GET /api/invoices/by-number/{number}': { params: InvoiceNumberParam, query: BillQuery, reply: BillReply },
  'GET /api/invoices/by-number/{number}/qrcode.png': { params: InvoiceNumberParam, query: BillQrQuery, reply: 'image' },
  'GET /api/invoices/{invoiceID}/qrcode.png': { params: InvoiceIdParam, query: BillQrQuery, reply: 'image' },
} as const satisfies AreaContract<'sales'>;
