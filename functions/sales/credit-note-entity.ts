import { defineEntity } from '../lib/entity';
import type { CancelRequestStatus } from '@shared/schemas/credit-notes';

/**
 * Credit notes and cancellation requests (docs/data-model.md, "Credit notes").
 *
 * CREDITNOTE#<number> / CREDITNOTE                  the credit note (public lookup by the printed number)
 *   gsi1: CREDITNOTES#<fyStart> / <issuedOn>#<number>     credit notes of a financial year by time
 * COUNTER#creditnotes#<fyStart> / COUNTER           value = last credit note sequence number used in that year
 * CANCELREQ#<id> / CANCELREQ                        a seller's request to cancel a bill
 *   gsi1: CANCELREQS / <requestedOn>#<id>                 every request by time (the admins' list)
 * INVOICE#<invoiceNumber> / CANCELREQ               the bill's open request (one at a time), removed when decided
 */
export interface CreditNoteItem {
  creditNoteNumber: string;
  fyStart: number;
  seq: number;
  issuedOn: string;
  /** Asia/Kolkata day of issuedOn. */
  day: string;
  invoiceNumber: string;
  invoiceID: number;
  invoiceDate: string;
  farmerName: string;
  farmerAddress: string;
  registrationID: number;
  year: number;
  lotID: number;
  lotCode: string;
  cropID: number;
  cropName: string;
  cropNameHi?: string;
  bags: number;
  bagSizeKg: number;
  quantityGrams: number;
  pricePaise: number;
  totalPaise: number;
  paymentMode: string;
  /** Grams the registration was promised again (0 for one stored before allocation). */
  promisedGrams: number;
  reason: string;
  issuedByUserId: number;
  issuedByName: string;
  /** The request this approved, when a seller asked. */
  requestId?: string;
  /** Random, 128 bits, base64url: the token in the credit note's QR code. */
  verifyToken: string;
  /** The seller who made the bill (absent on credit notes issued before day closes). */
  billSellerUserId?: number;
  /** True when the bill's seller-day was open and went down by the bill (docs/decisions/0026-day-close.md). */
  deductedFromDay?: boolean;
}

export const creditNotesPk = (fyStart: number) => `CREDITNOTES#${fyStart}`;

export const creditNoteEntity = defineEntity<CreditNoteItem>()({
  name: 'CreditNote',
  key: (number: string) => ({ pk: `CREDITNOTE#${number}`, sk: 'CREDITNOTE' }),
  idOf: (c) => c.creditNoteNumber,
  indexes: (c) => ({ gsi1pk: creditNotesPk(c.fyStart), gsi1sk: `${c.issuedOn}#${c.creditNoteNumber}` }),
  attributes: [
    'creditNoteNumber',
    'fyStart',
    'seq',
    'issuedOn',
    'day',
    'invoiceNumber',
    'invoiceID',
    'invoiceDate',
    'farmerName',
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
    'promisedGrams',
    'reason',
    'issuedByUserId',
    'issuedByName',
    'requestId',
    'verifyToken',
    'billSellerUserId',
    'deductedFromDay',
  ],
});

export const creditNoteCounterKey = (fyStart: number) => ({ pk: `COUNTER#creditnotes#${fyStart}`, sk: 'COUNTER' });

export interface CancelRequestItem {
  id: string;
  invoiceNumber: string;
  invoiceID: number;
  totalPaise: number;
  quantityGrams: number;
  farmerName: string;
  requestedByUserId: number;
  requestedByName: string;
  requestedOn: string;
  reason: string;
  status: CancelRequestStatus;
  decidedOn?: string;
  decidedByUserId?: number;
  decidedByName?: string;
  note?: string;
  creditNoteNumber?: string;
}

export const CANCEL_REQUESTS_PK = 'CANCELREQS';

export const cancelRequestEntity = defineEntity<CancelRequestItem>()({
  name: 'CancelRequest',
  key: (id: string) => ({ pk: `CANCELREQ#${id}`, sk: 'CANCELREQ' }),
  idOf: (r) => r.id,
  indexes: (r) => ({ gsi1pk: CANCEL_REQUESTS_PK, gsi1sk: `${r.requestedOn}#${r.id}` }),
  attributes: [
    'id',
    'invoiceNumber',
    'invoiceID',
    'totalPaise',
    'quantityGrams',
    'farmerName',
    'requestedByUserId',
    'requestedByName',
    'requestedOn',
    'reason',
    'status',
    'decidedOn',
    'decidedByUserId',
    'decidedByName',
    'note',
    'creditNoteNumber',
  ],
});

/** The bill's open request: its presence keeps a second one from being opened. */
export const openRequestKey = (invoiceNumber: string) => ({ pk: `INVOICE#${invoiceNumber}`, sk: 'CANCELREQ' });
