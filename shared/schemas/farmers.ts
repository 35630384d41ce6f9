import * as z from 'zod';
import { isValidAadhaar, MSG_AADHAAR_INVALID } from '../aadhaar';
import {
  AADHAAR_RE,
  catalogueListQuery,
  optionalName,
  optionalText,
  requiredAadhaar,
  requiredName,
  stripAadhaar,
} from './common';

/** A farmer's contact number: digits only, 7 to 15. */
export const FARMER_CONTACT_RE = /^\d{7,15}$/;

export const FARMER_LIMITS = {
  name: 200,
  address: 300,
  adharFilePath: 500,
  village: 200,
  category: 100,
  fatherName: 200,
} as const;

const max = (n: number) => optionalText(n, `Max ${n} chars`);

/** Optional; when given, exactly 12 digits (spaces and hyphens between groups removed). */
export const optionalAadhaar = z
  .union([z.string({ error: 'Aadhaar must be 12 digits' }), z.null()])
  .optional()
  .transform((v) => (v ? stripAadhaar(v) : undefined))
  .refine((v) => v === undefined || v === '' || AADHAAR_RE.test(v), 'Aadhaar must be 12 digits')
  .refine((v) => !v || !AADHAAR_RE.test(v) || isValidAadhaar(v), MSG_AADHAAR_INVALID)
  .transform((v) => (v ? v : undefined));

export const FarmerInput = z.object({
  name: requiredName(FARMER_LIMITS.name, 'Name is required'),
  aadhaarNumber: optionalAadhaar,
  /** Digits only (no plus), 7 to 15; optional. */
  contactNumber: z
    .union([z.string({ error: 'Contact 7-15 digits' }).trim(), z.null()])
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || FARMER_CONTACT_RE.test(v), 'Contact 7-15 digits'),
  village: optionalName(FARMER_LIMITS.village),
  category: max(FARMER_LIMITS.category),
  fatherName: optionalName(FARMER_LIMITS.fatherName),
  adharFilePath: max(FARMER_LIMITS.adharFilePath),
  address: max(FARMER_LIMITS.address),
});
export type FarmerInput = z.infer<typeof FarmerInput>;
export type FarmerForm = z.input<typeof FarmerInput>;

export const FarmerListQuery = catalogueListQuery();
export type FarmerListQuery = z.infer<typeof FarmerListQuery>;

export const ByAadhaarQuery = z.object({ aadhaar: requiredAadhaar('aadhaar is required') });

export type { FarmerResponse, FarmerRegistration } from './replies/farmers';
