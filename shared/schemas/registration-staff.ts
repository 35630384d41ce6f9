import * as z from 'zod';
import { isValidAadhaar, MSG_AADHAAR_INVALID } from '../aadhaar';
import { normalizeMobile } from '../typed-numbers';
import { NAME_MAX, PLACE_MAX } from './registration';

/**
 * What staff send about registrations: the list's filters and page size, a registration's id and year, and the
 * answer on a farmer link. The farmer's own form and its requests are in ./registration.ts.
 */

export const REGISTRATION_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_REGISTRATION_PAGE_SIZE = 50;

const isoDateTime = (label: string) =>
  z
    .string()
    .trim()
    .refine((s) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d{2}-\d{2}/.test(s), `${label}: use a date and time (ISO 8601)`);

/** GET /api/registrations query (staff). */
export const RegistrationListQuery = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be a whole number')
    .positive('id must be positive')
    .max(1e9)
    .optional(),
  name: z.string().trim().max(NAME_MAX).optional(),
  aadhaar: z
    .string()
    .trim()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^(\d{4}|\d{12})$/, 'aadhaar: enter the 12-digit number or its last 4 digits'))
    .refine((s) => s.length === 4 || isValidAadhaar(s), MSG_AADHAAR_INVALID)
    .optional(),
  /** The whole mobile number, as people write it ('+91 98765 43210'). */
  mobile: z
    .string()
    .max(40, 'mobile: enter the 10-digit mobile number')
    .transform(normalizeMobile)
    .pipe(z.string().regex(/^\d{10}$/, 'mobile: enter the 10-digit mobile number'))
    .optional(),
  father: z.string().trim().max(NAME_MAX).optional(),
  /** Only registrations in this allocation status (stored without one: confirmed). */
  status: z
    .enum(['confirmed', 'waitlisted', 'applied', 'expired', 'cancelled'], {
      error: 'status must be confirmed, waitlisted, applied, expired or cancelled',
    })
    .optional(),
  village: z.string().trim().max(PLACE_MAX).optional(),
  district: z.string().trim().max(60).optional(),
  year: z.coerce
    .number({ error: 'year must be a number' })
    .int()
    .min(2000, 'year must be 2000 to 3000')
    .max(3000, 'year must be 2000 to 3000')
    .optional(),
  from: isoDateTime('from').optional(),
  to: isoDateTime('to').optional(),
  skip: z.coerce
    .number({ error: 'skip must be a number' })
    .int()
    .min(0)
    .max(1_000_000)
    .optional()
    .transform((v) => v ?? 0),
  take: z.coerce
    .number({ error: 'take must be 25, 50 or 100' })
    .int()
    .refine((n) => (REGISTRATION_PAGE_SIZES as readonly number[]).includes(n), 'take must be 25, 50 or 100')
    .optional()
    .transform((v) => v ?? DEFAULT_REGISTRATION_PAGE_SIZE),
});
export type RegistrationListQuery = z.output<typeof RegistrationListQuery>;

/** POST /api/registrations/{id}/farmer-link: the registration's year, and whether it is that farmer's. */
export const FarmerLinkInput = z.strictObject({
  year: z.number({ error: 'year must be a number' }).int().min(2000).max(2100),
  accept: z.boolean({ error: 'accept must be true or false' }),
});
export type FarmerLinkInput = z.infer<typeof FarmerLinkInput>;

export const RegistrationIdParam = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive').max(1e9),
});
export const RegistrationYearQuery = z.object({
  year: z.coerce.number({ error: 'year must be a number' }).int().min(2000).max(3000).optional(),
});
