import * as z from 'zod';

/** Days are Asia/Kolkata 'YYYY-MM-DD'. */
export const DayCountReply = z.strictObject({ date: z.string(), count: z.number() });
export type DayCount = z.infer<typeof DayCountReply>;

/**
 * The first-run checklist: each step done or not (admins only; docs/product-rules.md, "A fresh install starts
 * with registrations closed and a setup checklist").
 */
export const SetupChecklistReply = z.strictObject({
  producer: z.boolean(),
  crop: z.boolean(),
  lot: z.boolean(),
  counterAddress: z.boolean(),
  registrationsOpen: z.boolean(),
});
export type SetupChecklist = z.infer<typeof SetupChecklistReply>;

/** GET /api/dashboard/summary (docs/product-rules.md#dashboard-summary). */
export const DashboardSummaryReply = z.strictObject({
  crops: z.strictObject({
    /** Day the latest crop was added (null when there are no crops). */
    latestDay: z.string().nullable(),
    latestDate: z.string().nullable(),
    /** Crops added on that day. */
    latestCount: z.number(),
    latestDateCount: z.number(),
    total: z.number(),
    /** Crops added on each of the last 7 days, oldest first, today last. */
    last7Days: z.array(DayCountReply),
  }),
  producersTotal: z.number(),
  producers: z.strictObject({ total: z.number(), last7Days: z.array(DayCountReply) }),
  registrations: z.strictObject({ today: z.number(), total: z.number(), last7Days: z.array(DayCountReply) }),
  sales: z.strictObject({
    /** Rupees. */
    totalAmount: z.number(),
    totalCount: z.number(),
    todayAmount: z.number(),
    todayCount: z.number(),
    /** True for sellers (their own bills only), false for admins. */
    scopedToUser: z.boolean(),
    /** Amounts (rupees) of the 10 most recent bills in scope, oldest first. */
    last10Amounts: z.array(z.number()),
  }),
  /** The Asia/Kolkata day the figures were computed for. */
  today: z.string(),
  /** Admins only: the first-run checklist, each step done or not. */
  setup: SetupChecklistReply.optional(),
});
export type DashboardSummary = z.infer<typeof DashboardSummaryReply>;
