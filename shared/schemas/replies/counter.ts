import * as z from 'zod';

export const TodayRowReply = z.strictObject({
  registrationId: z.number(),
  year: z.number(),
  /** The registration number as printed on the letter. */
  number: z.number(),
  name: z.string(),
  /** For the search field only; the Aadhaar number never travels here, its last four at most. */
  mobileNumber: z.string(),
  aadhaarLast4: z.string(),
  cropId: z.number().nullable(),
  cropName: z.string(),
  cropNameHi: z.string(),
  bagsRequested: z.number(),
  unit: z.enum(['bag', 'kg']),
  /** False when the form offered no quantity for the crop (the crop's maximum limits the sale). */
  quantityOffered: z.boolean(),
  farmerID: z.number().nullable(),
  appointmentDate: z.string().nullable(),
  /** 1 or 2; null when the registration has no shift of that day. */
  shift: z.number().nullable(),
  shiftLabel: z.string(),
  status: z.enum(['expected', 'arrived', 'billed', 'no-show']),
  token: z.number().nullable(),
  arrivedAt: z.string().nullable(),
  /** Checked in on this day with an appointment on another (AcceptOtherDays). */
  otherDay: z.boolean(),
  servedAt: z.string().nullable(),
  counter: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
});
export type TodayRow = z.infer<typeof TodayRowReply>;

/** The rows of one India day (GET /api/today's list, and the Today export). */
export const TodayListReply = z.strictObject({
  /** The day listed: the one asked for, else today. */
  date: z.string(),
  /** Today in India, by the counter's clock: only today's list checks farmers in. */
  today: z.string(),
  shift: z.number().nullable(),
  counts: z.strictObject({
    expected: z.number(),
    arrived: z.number(),
    billed: z.number(),
    'no-show': z.number(),
    total: z.number(),
  }),
  items: z.array(TodayRowReply),
});
export type TodayListReply = z.infer<typeof TodayListReply>;

/**
 * GET /api/today: the day's list, and whether the caller's own day of sales is closed now (docs/product-rules.md,
 * "The counter says which day it shows and whether the seller's day is closed"): then a sale would be refused,
 * so the screen says so before the clerk fills the sale.
 */
export const TodayReply = TodayListReply.extend({
  dayClosed: z.strictObject({ date: z.string(), closedAt: z.string(), closedByName: z.string() }).nullable(),
});
export type TodayReply = z.infer<typeof TodayReply>;

export const CheckinReply = z.strictObject({
  token: z.number(),
  arrivedAt: z.string(),
  /** False when this registration was checked in before (the same token again). */
  newCheckin: z.boolean(),
  registration: TodayRowReply,
});
export type CheckinReply = z.infer<typeof CheckinReply>;

/** Public: tokens and counter names only. */
export const QueueReply = z.strictObject({
  date: z.string(),
  serving: z.array(z.strictObject({ counter: z.string(), token: z.number(), since: z.string() })),
  next: z.array(z.number()),
});
export type QueueReply = z.infer<typeof QueueReply>;

export const ServeReply = z.strictObject({ counter: z.string(), token: z.number(), since: z.string() });
export type ServeReply = z.infer<typeof ServeReply>;
