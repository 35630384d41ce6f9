import * as z from 'zod';

export const PAYMENT_MODES = ['Cash', 'Online'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const MakeSaleReply = z.strictObject({
  success: z.literal(true),
  invoiceNumber: z.string(),
  invoiceID: z.number(),
  totalAmount: z.number(),
  quantityKg: z.number(),
});
export type MakeSaleReply = z.infer<typeof MakeSaleReply>;

/** A bill is issued, or cancelled by a credit note (docs/decisions/0023-records.md, section 1). */
const cancellationFields = {
  status: z.enum(['issued', 'cancelled']),
  /** ISO time of the cancellation. */
  cancelledOn: z.string().optional(),
  cancelReason: z.string().optional(),
  creditNoteNumber: z.string().optional(),
};

/** A bill as staff see it (docs/product-rules.md#bill-contents), and as readers of the printed bill (its token) see it. */
export const InvoiceReply = z.strictObject({
  /** Never 'summary' (see BillSummaryReply); present only to tell the two apart. */
  view: z.literal('full').optional(),
  invoiceID: z.number(),
  invoiceNumber: z.string(),
  /** ISO time the bill was generated. */
  generatedOn: z.string(),
  transactionDate: z.string(),
  createdOn: z.string(),
  farmerID: z.number().nullable(),
  farmerName: z.string(),
  farmerAadhaarLast4: z.string(),
  /** Full mobile for staff; masked to its last 4 digits for visitors. */
  farmerContact: z.string(),
  farmerAddress: z.string(),
  registrationID: z.number(),
  lotID: z.number(),
  lotCode: z.string(),
  cropID: z.number(),
  cropName: z.string(),
  /** The crop's Hindi name when billed; '' when it had none. */
  cropNameHi: z.string(),
  year: z.number(),
  bags: z.number(),
  bagSizeKg: z.number(),
  quantityKg: z.number(),
  quantityQuintal: z.number(),
  /** Rupees per kg. */
  pricePerUnit: z.number(),
  /** Rupees. */
  totalAmount: z.number(),
  paymentMode: z.enum(PAYMENT_MODES),
  /** Staff only: an online payment's UPI reference or its last digits, when the clerk gave it. */
  upiRef: z.string().optional(),
  /**
   * Staff only: present when an admin sold more than the registration asked for (or than the crop's maximum),
   * with what was asked (in kg) and who allowed it.
   */
  aboveRequest: z
    .strictObject({ requestedKg: z.number(), limitKg: z.number(), byUserId: z.number(), byName: z.string() })
    .optional(),
  /** Signed-in readers and staff. */
  createdByName: z.string().optional(),
  createdByUserId: z.number().nullable().optional(),
  updatedByName: z.string().optional(),
  updatedOn: z.string().optional(),
  /** Staff only: the bill's token, for printing its QR code (absent on bills made before tokens existed). */
  verifyToken: z.string().optional(),
  ...cancellationFields,
  /** The credit note's token, for the link to its page (staff, and readers holding the bill's token). */
  creditNoteToken: z.string().optional(),
  /**
   * Bills of supply (docs/product-rules.md#bill-of-supply) carry these three; bills made before carry none and
   * print as they did. The supplier as the settings held it at sale time; gstin '' when none was set.
   */
  supplier: z.strictObject({ name: z.string(), address: z.string(), gstin: z.string() }).optional(),
  /** The crop's HSN code at sale time; '' when it had none. */
  hsnCode: z.string().optional(),
  /** The total in words, Indian numbering (lakh, crore), rupees and paise. */
  amountInWords: z.strictObject({ en: z.string(), hi: z.string() }).optional(),
});
export type InvoiceResponse = z.infer<typeof InvoiceReply>;

/**
 * What anyone who asks for a bill by its number without the bill's token gets: proof that the bill exists and
 * what it was for, no personal data (no name, address, Aadhaar digits, contact, registration or staff).
 */
export const BillSummaryReply = z.strictObject({
  view: z.literal('summary'),
  invoiceNumber: z.string(),
  generatedOn: z.string(),
  cropName: z.string(),
  cropNameHi: z.string(),
  lotCode: z.string(),
  bags: z.number(),
  bagSizeKg: z.number(),
  quantityKg: z.number(),
  quantityQuintal: z.number(),
  /** Rupees. */
  totalAmount: z.number(),
  /** 'cancelled' with the date and the credit note's number (the reason is left to readers holding the token). */
  status: z.enum(['issued', 'cancelled']),
  cancelledOn: z.string().optional(),
  creditNoteNumber: z.string().optional(),
});
export type BillSummary = z.infer<typeof BillSummaryReply>;

/** GET /api/invoices/by-number/{number}. */
export const BillReply = z.union([BillSummaryReply, InvoiceReply]);
export type BillReply = z.infer<typeof BillReply>;

export const InvoiceListReply = z.strictObject({
  items: z.array(InvoiceReply),
  total: z.number(),
  /** Sum of totalAmount over the whole filtered set (rupees). */
  amountSum: z.number(),
  /** True when the read cap stopped the search: total and amountSum cover only what was read. */
  partial: z.boolean().optional(),
});
export type InvoiceListReply = z.infer<typeof InvoiceListReply>;
