import * as z from 'zod';
import { isValidAadhaar, MSG_AADHAAR_INVALID } from '../aadhaar';
import { hasUnsafeNameChars, MSG_NAME_CHARS } from '../name-text';

/** Helpers shared by the request schemas of several areas. */

/** Lists show 100 rows; the dropdowns on the Lots page ask for up to 1000. */
export const LIST_TAKE = 100;
export const DROPDOWN_TAKE = 1000;
export const SEARCH_MAX = 100;

/** A numeric id in a path, e.g. /api/producers/{id}. */
export const IdParam = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be a whole number')
    .positive('id must be positive')
    .max(1e12),
});

/** A numeric filter in a query (ids arrive as text). */
export const queryId = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(1e12, `${label} is too large`);

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

/** The query of the catalogue lists (producers, crops, farmers). */
export const catalogueListQuery = () =>
  z.object({
    includeInactive: queryBool,
    search: z.string().trim().max(SEARCH_MAX, `search: at most ${SEARCH_MAX} characters`).optional(),
    take: queryTake(DROPDOWN_TAKE, LIST_TAKE),
  });

/** Optional text: absent, null and blank all mean "not given". */
export const optionalText = (max: number, message = `Max ${max} chars`) =>
  z
    .union([z.string({ error: 'Must be text' }).trim().max(max, message), z.null()])
    .optional()
    .transform((v) => (v ? v : undefined));

/** Required text: a missing or null value reads as blank, so the reply carries the field's own message. */
export const blankIfMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), schema);

/**
 * The rule of every name field (people, villages, crops, producers, users, counters): no control characters and
 * no bidirectional marks (shared/name-text.ts). The forms and the server parse with the same schemas.
 */
export const nameText = <T extends z.ZodType<string>>(schema: T, message = MSG_NAME_CHARS) =>
  schema.refine((v) => !hasUnsafeNameChars(v), message);

/** Required, trimmed text of at most `max` characters; missing, null and blank get `requiredMessage`. */
export const requiredName = (max: number, requiredMessage: string) =>
  blankIfMissing(nameText(z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, `Max ${max} chars`)));

/** Optional name text (a village, a father's name): optionalText with the rule of name fields. */
export const optionalName = (max: number, message = `Max ${max} chars`) =>
  z
    .union([nameText(z.string({ error: 'Must be text' }).trim().max(max, message)), z.null()])
    .optional()
    .transform((v) => (v ? v : undefined));

/** 12 digits; spaces and hyphens between digit groups are tolerated and removed. */
export const AADHAAR_RE = /^\d{12}$/;
export const stripAadhaar = (v: string) => v.replace(/[\s-]/g, '');

/** A required Aadhaar number: 12 digits once spaces and hyphens are removed, then a valid check digit. */
export const requiredAadhaar = (requiredMessage: string) =>
  blankIfMissing(
    z
      .string({ error: requiredMessage })
      .transform(stripAadhaar)
      .pipe(z.string().min(1, requiredMessage).regex(AADHAAR_RE, 'Aadhaar must be 12 digits'))
      .pipe(z.string().refine(isValidAadhaar, MSG_AADHAAR_INVALID)),
  );

/** Error body every API error uses. */
export interface ApiErrorBody {
  success: false;
  code: string;
  message: string;
  /** Field errors, path -> first message */
  fields?: Record<string, string>;
}
