import * as z from 'zod';

/** A numeric id in a path, e.g. /api/producers/{id}. */
export const IdParam = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be a whole number')
    .positive('id must be positive')
    .max(1e12),
});

export const trimmed = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label}: at most ${max} characters`);

export const requiredText = (max: number, label: string, requiredMessage = `${label} is required`) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, `Max ${max} chars`);

/** Query flags arrive as text: 'true' / '1' mean yes. */
export const queryBool = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

export const queryTake = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'take must be a number' })
    .int('take must be a whole number')
    .min(1, 'take must be at least 1')
    .max(max, `take must be at most ${max}`)
    .optional()
    .transform((v) => v ?? fallback);

/** Error body every API error uses. */
export interface ApiErrorBody {
  success: false;
  code: string;
  message: string;
  /** Field errors, path -> first message */
  fields?: Record<string, string>;
}
