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
