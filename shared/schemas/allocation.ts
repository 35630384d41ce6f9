import * as z from 'zod';

/** Requests of the allocation area (docs/decisions/0026-allocation.md). */

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

export type { DrawReply } from './replies/allocation';
