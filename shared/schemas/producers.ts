import * as z from 'zod';
import { isValidAadhaar, MSG_AADHAAR_INVALID } from '../aadhaar';
import { queryBool, queryTake } from './common';

/**
 * Producers: the seed growers whose lots the institute sells. Messages are the ones the Producers page
 * shows (spec section 5); the server validates with the same schemas.
 */
export const NAME_MAX = 200;
export const ADDRESS_MAX = 300;
export const SEARCH_MAX = 100;
/** Lists show 100 rows; the dropdowns on the Lots page ask for up to 1000. */
export const LIST_TAKE = 100;
export const DROPDOWN_TAKE = 1000;

/** Optional text: absent, null and blank all mean "not given". */
export const optionalText = (max: number, message = `Max ${max} chars`) =>
  z
    .union([z.string({ error: 'Must be text' }).trim().max(max, message), z.null()])
    .optional()
    .transform((v) => (v ? v : undefined));

/** Required text: a missing or null value reads as blank, so the reply carries the field's own message. */
export const blankIfMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), schema);

/** 12 digits; spaces and hyphens between digit groups are tolerated and removed. */
export const AADHAAR_RE = /^\d{12}$/;
export const stripAadhaar = (v: string) => v.replace(/[\s-]/g, '');

export const ProducerInput = z.object({
  name: blankIfMissing(
    z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(NAME_MAX, `Max ${NAME_MAX} chars`),
  ),
  aadhaarNumber: blankIfMissing(
    z
      .string({ error: 'Aadhaar is required' })
      .transform(stripAadhaar)
      .pipe(z.string().min(1, 'Aadhaar is required').regex(AADHAAR_RE, 'Aadhaar must be 12 digits'))
      .pipe(z.string().refine(isValidAadhaar, MSG_AADHAAR_INVALID)),
  ),
  contactNumber: z
    .union([z.string({ error: 'Invalid contact number' }).trim(), z.null()])
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^\+?\d{7,15}$/.test(v), 'Invalid contact number'),
  address: optionalText(ADDRESS_MAX),
});
export type ProducerInput = z.infer<typeof ProducerInput>;
/** What the Producers form holds before parsing. */
export type ProducerForm = z.input<typeof ProducerInput>;

export const ProducerListQuery = z.object({
  includeInactive: queryBool,
  search: z.string().trim().max(SEARCH_MAX, `search: at most ${SEARCH_MAX} characters`).optional(),
  take: queryTake(DROPDOWN_TAKE, LIST_TAKE),
});
export type ProducerListQuery = z.infer<typeof ProducerListQuery>;

export interface ProducerResponse {
  producerID: number;
  name: string;
  /**
   * The full number: only in single-record replies (detail, create, update) to callers holding admin.
   * Lists and sellers get null and use aadhaarLast4.
   */
  aadhaarNumber: string | null;
  aadhaarLast4: string;
  contactNumber: string;
  address: string;
  isActive: boolean;
  createdOn: string;
  updatedOn?: string;
}
