import { PreparationView } from './offline-counter';
import * as z from 'zod';
import { PAYMENT_MODES } from '../sales';

const Denominations = z.strictObject({
  n500: z.number(),
  n200: z.number(),
  n100: z.number(),
  n50: z.number(),
  n20: z.number(),
  n10: z.number(),
  coins: z.number(),
});

/** One earlier close of the day, undone by an admin (the figures as closed, and why it was reopened). */
export const DayCloseHistoryEntry = z.strictObject({
  closedAt: z.string(),
  closedByName: z.string(),
  bills: z.number(),
  kg: z.number(),
  cashAmount: z.number(),
  onlineAmount: z.number(),
  counted: z.number(),
  difference: z.number(),
  note: z.string(),
  reopenedAt: z.string(),
  reopenedByName: z.string(),
  reason: z.string(),
});
export type DayCloseHistoryEntry = z.infer<typeof DayCloseHistoryEntry>;

/** One seller's day: the system's running totals, and the count once closed. Amounts in rupees. */
export const DayCloseView = z.strictObject({
  id: z.string(),
  date: z.string(),
  userID: z.number(),
  sellerName: z.string(),
  status: z.enum(['open', 'closed']),
  /** Bills of the day, net of those cancelled while the day was open. */
  bills: z.number(),
  kg: z.number(),
  cashAmount: z.number(),
  onlineAmount: z.number(),
  crops: z.array(z.strictObject({ cropID: z.number(), cropName: z.string(), cropNameHi: z.string(), kg: z.number() })),
  /**
   * The day's online bills by number, with the amount and the UPI reference ('' when none was given), to check
   * against the UPI statement: those cancelled while the day was open are gone, as from the figures.
   */
  onlinePayments: z.array(z.strictObject({ invoiceNumber: z.string(), amount: z.number(), upiRef: z.string() })),
  /** Changes with every sale and cancellation counted: a close names the revision it saw. */
  revision: z.number(),
  closedAt: z.string().optional(),
  closedByName: z.string().optional(),
  denominations: Denominations.optional(),
  counted: z.number().optional(),
  /** counted − cash: negative is cash short. */
  difference: z.number().optional(),
  note: z.string().optional(),
  history: z.array(DayCloseHistoryEntry),
});
export type DayCloseView = z.infer<typeof DayCloseView>;

/** A credit note issued on the day (the Z-report lists them). */
export const DayCreditNote = z.strictObject({
  creditNoteNumber: z.string(),
  issuedOn: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  amount: z.number(),
  kg: z.number(),
  paymentMode: z.enum(PAYMENT_MODES),
  /** The seller who made the bill, when known. */
  billSellerUserId: z.number().optional(),
  /** True when the bill's day was still open: its figures went down by the bill; false leaves a closed day as it was. */
  deducted: z.boolean(),
});
export type DayCreditNote = z.infer<typeof DayCreditNote>;

export const DayCloseListReply = z.strictObject({
  date: z.string(),
  items: z.array(DayCloseView),
  creditNotes: z.array(DayCreditNote),
  /** The offline counters prepared that day: their bills, conflicts and the block's unused numbers (admins only). */
  offline: z.array(PreparationView).optional(),
});
export type DayCloseListReply = z.infer<typeof DayCloseListReply>;
