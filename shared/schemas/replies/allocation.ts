import * as z from 'zod';

/**
 * A published draw (`publishDraw` in functions/allocation/draw.ts): the seed, the algorithm, the shares, the
 * stock at the draw and every applicant in draw order with its grams, the shares it counts for and its
 * outcome. Registration numbers only: no name, category or gender.
 */
export const DrawShareReply = z.strictObject({
  name: z.string(),
  percent: z.number(),
  quotaGrams: z.number(),
  filledGrams: z.number(),
});

export const DrawEntryReply = z.strictObject({
  id: z.number(),
  rank: z.number(),
  key: z.string(),
  outcome: z.enum(['confirmed', 'waitlisted']),
  reservedFor: z.string().optional(),
  waitlistPosition: z.number().optional(),
  grams: z.number(),
  shares: z.array(z.string()),
});

export const DrawReply = z.strictObject({
  algorithm: z.literal('hmac-sha256-sort-v1'),
  seed: z.string(),
  cropId: z.number(),
  year: z.number(),
  stockGrams: z.number(),
  promisedGrams: z.number(),
  shares: z.array(DrawShareReply),
  entries: z.array(DrawEntryReply),
  /** When the draw was run (ISO). */
  drawnOn: z.string(),
});
export type DrawReply = z.infer<typeof DrawReply>;

/** One crop's pool of a year (GET /api/allocation), in kg, and its registrations per status. */
export const AllocationCropReply = z.strictObject({
  cropId: z.number(),
  cropName: z.string(),
  cropNameHi: z.string(),
  year: z.number(),
  /** Total kg of the crop's lots of the year. */
  stockKg: z.number(),
  /** Free to promise: stock − sold − promised (below 0 only for a pool over-promised before allocation). */
  availableKg: z.number(),
  promisedKg: z.number(),
  soldKg: z.number(),
  /** Confirmed and not billed yet: the farmers still to collect their seed. */
  confirmed: z.number(),
  /** Confirmed and billed: the seed was issued. */
  billed: z.number(),
  waitlisted: z.number(),
  applied: z.number(),
  expired: z.number(),
  cancelled: z.number(),
  /** The crop's draw of the year, once run. */
  draw: z.strictObject({ state: z.enum(['drawn', 'applying', 'applied']), drawnOn: z.string(), seed: z.string() }).optional(),
});
export type AllocationCropReply = z.infer<typeof AllocationCropReply>;

export const AllocationSummaryReply = z.strictObject({
  year: z.number(),
  mode: z.enum(['first-come', 'draw']),
  graceDays: z.number(),
  /** Registrations open (Is_SVS_Form_On): a draw is refused until the form is closed. */
  formOpen: z.boolean(),
  crops: z.array(AllocationCropReply),
});
export type AllocationSummaryReply = z.infer<typeof AllocationSummaryReply>;

/** POST /api/allocation/sweep: what one run did. */
export const SweepReply = z.strictObject({
  expired: z.number(),
  promoted: z.number(),
  /** Appointment days whose due entries were handled. */
  days: z.array(z.string()),
});
export type SweepReply = z.infer<typeof SweepReply>;

/** Either cancellation: the registration is cancelled and its place given back. */
export const CancelReply = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  status: z.literal('cancelled'),
});
export type CancelReply = z.infer<typeof CancelReply>;
