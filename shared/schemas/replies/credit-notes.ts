import * as z from 'zod';

export const CANCEL_REQUEST_STATUSES = ['open', 'approved', 'refused'] as const;
export type CancelRequestStatus = (typeof CANCEL_REQUEST_STATUSES)[number];

/** POST /api/invoices/{invoiceID}/cancel. */
export const CancelBillReply = z.strictObject({
  creditNoteNumber: z.string(),
  invoiceNumber: z.string(),
  /** ISO time of the cancellation. */
  cancelledOn: z.string(),
  /** The credit note's token, for its page and QR code. */
  creditNoteToken: z.string(),
});
export type CancelBillReply = z.infer<typeof CancelBillReply>;

export const CancelRequestView = z.strictObject({
  id: z.string(),
  invoiceID: z.number(),
  invoiceNumber: z.string(),
  /** Rupees. */
  totalAmount: z.number(),
  quantityKg: z.number(),
  farmerName: z.string(),
  requestedByUserId: z.number(),
  requestedByName: z.string(),
  requestedOn: z.string(),
  reason: z.string(),
  status: z.enum(CANCEL_REQUEST_STATUSES),
  decidedOn: z.string().optional(),
  decidedByName: z.string().optional(),
  /** Why an admin refused it. */
  note: z.string().optional(),
  /** The credit note that approved it. */
  creditNoteNumber: z.string().optional(),
});
export type CancelRequestView = z.infer<typeof CancelRequestView>;

/** POST /api/invoices/{invoiceID}/cancel-request and POST /api/invoices/cancel-requests/{id}/refuse. */
export const CancelRequestReply = CancelRequestView;
export type CancelRequestReply = CancelRequestView;

export const CancelRequestListReply = z.strictObject({
  items: z.array(CancelRequestView),
  total: z.number(),
});
export type CancelRequestListReply = z.infer<typeof CancelRequestListReply>;

/** What anyone gets by the credit note's number alone: that it exists and which bill it cancels, no personal data. */
export const CreditNoteSummary = z.strictObject({
  view: z.literal('summary'),
  creditNoteNumber: z.string(),
  issuedOn: z.string(),
  invoiceNumber: z.string(),
  cropName: z.string(),
  cropNameHi: z.string(),
  lotCode: z.string(),
  quantityKg: z.number(),
  /** Rupees credited. */
  totalAmount: z.number(),
});
export type CreditNoteSummary = z.infer<typeof CreditNoteSummary>;

/** The credit note in full: staff, and readers holding its token (its QR code or the cancelled bill's page). */
export const CreditNoteView = z.strictObject({
  view: z.literal('full'),
  creditNoteNumber: z.string(),
  issuedOn: z.string(),
  invoiceNumber: z.string(),
  invoiceID: z.number(),
  /** When the cancelled bill was made. */
  invoiceDate: z.string(),
  farmerName: z.string(),
  farmerAddress: z.string(),
  registrationID: z.number(),
  year: z.number(),
  lotCode: z.string(),
  cropName: z.string(),
  cropNameHi: z.string(),
  bags: z.number(),
  bagSizeKg: z.number(),
  quantityKg: z.number(),
  /** Rupees per kg, as billed. */
  pricePerUnit: z.number(),
  /** Rupees credited (the bill's total). */
  totalAmount: z.number(),
  paymentMode: z.string(),
  reason: z.string(),
  issuedByName: z.string(),
  /** Staff and token holders: the token, for printing the QR code. */
  verifyToken: z.string(),
  /** The cancelled bill's token, so the note links to the bill (absent for bills made before tokens). */
  invoiceToken: z.string().optional(),
  /** The supplier and HSN code of the cancelled bill of supply (absent for bills made before bills of supply). */
  supplier: z.strictObject({ name: z.string(), address: z.string(), gstin: z.string() }).optional(),
  hsnCode: z.string().optional(),
});
export type CreditNoteView = z.infer<typeof CreditNoteView>;

/** GET /api/credit-notes/by-number/{number}. */
export const CreditNoteReply = z.union([CreditNoteSummary, CreditNoteView]);
export type CreditNoteReply = z.infer<typeof CreditNoteReply>;
