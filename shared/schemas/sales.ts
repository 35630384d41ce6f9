import * as z from 'zod';
import { QTY_CLAMP } from '../crop-rules';
import { westernDigits } from '../typed-numbers';
import { queryBool, queryId } from './common';

/**
 * Sales and bills (invoices). Money is rupees with two decimals in the API; the server keeps paise
 * (integers). Quantities are kg in the API and grams in storage.
 */
export { PAYMENT_MODES, type PaymentMode } from './replies/sales';
import { PAYMENT_MODES, type PaymentMode } from './replies/sales';
export const DEFAULT_PAYMENT_MODE: PaymentMode = 'Cash';

/** Bills page sizes (docs/product-rules.md#bills-page); the list answers at most the largest one per request. */
export const BILL_PAGE_SIZES = [10, 25, 50, 100] as const;
export const BILL_DEFAULT_TAKE = 10;
export const BILL_MAX_TAKE = 100;
export const BILL_QR_SIZE = 512;

export {
  financialYearOf,
  formatInvoiceNumber,
  INVOICE_NUMBER_MAX,
  INVOICE_NUMBER_RE,
  parseInvoiceNumber,
  YEAR_INVOICE_NUMBER_RE,
} from '../invoice-numbers';
import { INVOICE_NUMBER_MAX } from '../invoice-numbers';

/**
 * Path of the public bill page that a bill's QR code opens. The token (random, 128 bits, base64url, stored with
 * the bill when it is made) is what lets a reader of the printed bill see the farmer's details; counting
 * invoice numbers without it shows only that a bill exists (BillSummary).
 */
export { billPath as publicBillPath } from '../public-pages/paths';

/** Name of the bill token in the bill page's URL and in the API's query. */
export const BILL_TOKEN_PARAM = 't';

const positiveId = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: `${label} is required` })
      .int(`${label} must be a whole number`)
      .positive(`${label} is required`)
      .max(1e12, `${label} is too large`),
  );

/**
 * A UPI payment's reference (docs/product-rules.md#an-online-payment-carries-its-upi-reference): the 12-digit
 * number the payer's app shows (UTR / RRN). The counter may keep only its last digits, at least UPI_REF_MIN.
 * Optional: an online payment that is no UPI payment has none.
 */
export const UPI_REF_LENGTH = 12;
export const UPI_REF_MIN = 4;
export const UPI_REF_RE = new RegExp(`^\\d{${UPI_REF_MIN},${UPI_REF_LENGTH}}$`);
/** The digits of a UPI reference as people type it: spaces and hyphens between groups dropped, Devanagari digits read. */
export const upiRefOf = (typed: string) => westernDigits(typed).replace(/[\s-]/g, '');
export const UPI_REF_MESSAGE = `UPI reference: ${UPI_REF_MIN} to ${UPI_REF_LENGTH} digits (its last digits, or all ${UPI_REF_LENGTH})`;

const upiRef = z.preprocess(
  (v) =>
    v === undefined || v === null || (typeof v === 'string' && !v.trim()) ? undefined : typeof v === 'string' ? upiRefOf(v) : v,
  z.string({ error: UPI_REF_MESSAGE }).regex(UPI_REF_RE, UPI_REF_MESSAGE).optional(),
);

/** The sale's fields; MakeSaleInput adds the check between them. */
const SaleFields = z.object({
  /** The farmer linked to the registration (0 / null / absent when the registration is not linked). */
  farmerID: z.preprocess(
    (v) => (v === undefined || v === null || v === '' || v === 0 ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: 'farmerID must be a number' })
      .int('farmerID must be a whole number')
      .positive('farmerID must be positive')
      .max(1e12)
      .optional(),
  ),
  lotID: positiveId('Lot'),
  registrationID: positiveId('Registration'),
  year: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() ? Number(v) : v),
    z.number({ error: 'Year is required' }).int('Year invalid').min(2000, 'Year invalid').max(3000, 'Year invalid'),
  ),
  bags: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() ? Number(v) : v),
    z
      .number({ error: 'Quantity is required' })
      .int('Quantity must be a whole number')
      .min(QTY_CLAMP.min, `Quantity must be at least ${QTY_CLAMP.min}`)
      .max(QTY_CLAMP.max, `Quantity must be at most ${QTY_CLAMP.max}`),
  ),
  /** Informational: the server uses the crop's stored bag size (wheat 40 kg; the kg asked for other crops). */
  bagSizeKg: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: 'bagSizeKg must be a number' })
      .positive('bagSizeKg must be positive')
      .max(1000, 'bagSizeKg is too large')
      .optional(),
  ),
  paymentMode: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? DEFAULT_PAYMENT_MODE : v),
    z.enum(PAYMENT_MODES, { error: 'Payment mode must be Cash or Online' }),
  ),
  /**
   * An admin's explicit request to sell more than the registration asked for (or than the crop's maximum).
   * Refused for sellers; recorded on the bill.
   */
  overRequested: z.boolean({ error: 'overRequested must be true or false' }).optional().default(false),
  /** Online payments only: the UPI reference, or its last digits. */
  upiRef,
});

export const MakeSaleInput = SaleFields.refine((sale) => !sale.upiRef || sale.paymentMode === 'Online', {
  path: ['upiRef'],
  message: 'A UPI reference goes with an online payment only',
});
export type MakeSaleInput = z.infer<typeof MakeSaleInput>;
export type MakeSaleForm = z.input<typeof MakeSaleInput>;

export const InvoiceNumberParam = z.object({
  number: z
    .string()
    .trim()
    .toUpperCase()
    .max(INVOICE_NUMBER_MAX, 'Invoice number is not valid')
    .regex(/^[A-Z0-9-]+$/, 'Invoice number is not valid'),
});

export const InvoiceIdParam = z.object({
  invoiceID: z.coerce
    .number({ error: 'invoiceID must be a number' })
    .int('invoiceID must be a whole number')
    .positive('invoiceID must be positive')
    .max(1e12, 'invoiceID is too large'),
});

/** The bill token as a reader sends it: anything else than a well-formed token is simply no token. */
const billToken = z
  .string()
  .optional()
  .transform((v) => (v && /^[A-Za-z0-9_-]{16,64}$/.test(v.trim()) ? v.trim() : undefined));

export const BillQuery = z.object({ t: billToken });

export const BillQrQuery = z.object({
  t: billToken,
  size: z.coerce
    .number({ error: 'size must be a number' })
    .int('size must be a whole number')
    .min(64, 'size must be at least 64')
    .max(2048, 'size must be at most 2048')
    .optional()
    .transform((v) => v ?? BILL_QR_SIZE),
  download: queryBool,
});

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A day 'YYYY-MM-DD' (an Asia/Kolkata calendar day) or an ISO date-time. */
const dateOrDateTime = (label: string) =>
  z
    .string()
    .trim()
    .refine(
      (s) => (DAY_RE.test(s) ? !Number.isNaN(Date.parse(`${s}T00:00:00+05:30`)) : !Number.isNaN(Date.parse(s))),
      `${label} is not a valid date`,
    );

export const InvoiceListQuery = z
  .object({
    number: z.string().trim().toUpperCase().max(INVOICE_NUMBER_MAX, 'Invoice number: at most 16 characters').optional(),
    lotCode: z.string().trim().toUpperCase().max(40, 'Lot code: at most 40 characters').optional(),
    cropId: queryId('cropId').optional(),
    year: z.coerce
      .number({ error: 'year must be a number' })
      .int('Year invalid')
      .min(2000, 'Year invalid')
      .max(3000, 'Year invalid')
      .optional(),
    from: dateOrDateTime('from').optional(),
    to: dateOrDateTime('to').optional(),
    createdBy: queryId('createdBy').optional(),
    createdByUserId: queryId('createdByUserId').optional(),
    paymentMode: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v && v.toLowerCase() !== 'all' ? v : undefined))
      .pipe(z.enum(PAYMENT_MODES, { error: 'paymentMode must be All, Cash or Online' }).optional()),
    /** Issued or cancelled bills only (absent or 'all': both). */
    status: z
      .string()
      .trim()
      .toLowerCase()
      .optional()
      .transform((v) => (v && v !== 'all' ? v : undefined))
      .pipe(z.enum(['issued', 'cancelled'], { error: 'status must be all, issued or cancelled' }).optional()),
    skip: z.coerce
      .number({ error: 'skip must be a number' })
      .int('skip must be a whole number')
      .min(0, 'skip must be at least 0')
      .max(1_000_000, 'skip is too large')
      .optional()
      .transform((v) => v ?? 0),
    take: z.coerce
      .number({ error: 'take must be a number' })
      .int('take must be a whole number')
      .min(1, 'take must be at least 1')
      .max(BILL_MAX_TAKE, `take must be at most ${BILL_MAX_TAKE}`)
      .optional()
      .transform((v) => v ?? BILL_DEFAULT_TAKE),
  })
  .transform(({ createdByUserId, createdBy, ...rest }) => ({ ...rest, createdBy: createdBy ?? createdByUserId }));
export type InvoiceListQuery = z.infer<typeof InvoiceListQuery>;
export type InvoiceListFilters = z.input<typeof InvoiceListQuery>;

export type { MakeSaleReply, InvoiceResponse, BillSummary, BillReply, InvoiceListReply } from './replies/sales';
