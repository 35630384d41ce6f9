import * as z from 'zod';
import { MSG_NO_FIELDS } from './no-fields';
import { redactDigitRuns } from '../redact';

/** Requests of the allocation area (docs/decisions/0022-allocation.md). */

export const SEED_MAX = 100;

const cropId = (v: z.ZodNumber) => v.int('cropId must be a whole number').positive('cropId must be positive').max(1e12);
const year = (v: z.ZodNumber) =>
  v.int('year must be a whole number').min(2000, 'year must be 2000 or later').max(2100, 'year must be 2100 or earlier');

/** The admin's draw: the crop, the year, and the public seed announced before the draw. */
export const DrawRequest = z.strictObject({
  cropId: cropId(z.number({ error: 'cropId must be a number' })),
  year: year(z.number({ error: 'year must be a number' })),
  seed: z
    .string({ error: 'seed must be text' })
    .trim()
    .min(1, 'seed is required (e.g. the day’s published lottery number)')
    .max(SEED_MAX, `seed: at most ${SEED_MAX} characters`),
});
export type DrawRequest = z.infer<typeof DrawRequest>;

/** /api/allocation/draw/{cropId}/{year} */
export const DrawParams = z.object({
  cropId: cropId(z.coerce.number({ error: 'cropId must be a number' })),
  year: year(z.coerce.number({ error: 'year must be a number' })),
});
export type DrawParams = z.infer<typeof DrawParams>;

/** The draw's public page (/draw/{cropId}/{year}): which page of its lists, when they take several. */
export const DrawPageQuery = z.looseObject({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(1000, 'page must be 1000 or less')
    .optional(),
});

/** GET /api/allocation?year= (staff): the year, the current one in India when absent. */
export const AllocationSummaryQuery = z.object({
  year: year(z.coerce.number({ error: 'year must be a number' })).optional(),
});
export type AllocationSummaryQuery = z.infer<typeof AllocationSummaryQuery>;

export const CANCEL_REASON_MAX = 300;

/** POST /api/registrations/{id}/cancel (staff): why, kept on the registration with who and when. */
export const StaffCancelRequest = z.strictObject({
  reason: z
    .string({ error: 'reason must be text' })
    .trim()
    .min(3, 'reason is required (at least 3 characters)')
    .max(CANCEL_REASON_MAX, `reason: at most ${CANCEL_REASON_MAX} characters`)
    // Kept on the registration: never an Aadhaar number in clear.
    .transform(redactDigitRuns),
  /** The registration's year; the current one in India when absent. */
  year: year(z.number({ error: 'year must be a number' })).optional(),
});
export type StaffCancelRequest = z.infer<typeof StaffCancelRequest>;

/**
 * POST /svsregistration/{code}/cancel: nothing in the body (an empty object or none); the farmer session of the
 * registration's mobile is what allows it (docs/decisions/0043-farmer-one-time-codes.md).
 */
export const FarmerCancelRequest = z.strictObject({}, { error: MSG_NO_FIELDS }).optional();
export type FarmerCancelRequest = z.infer<typeof FarmerCancelRequest>;

export type { DrawReply, AllocationSummaryReply, SweepReply, CancelReply } from './replies/allocation';
