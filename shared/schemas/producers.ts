import * as z from 'zod';
import { normalizePhone } from '../typed-numbers';
import { catalogueListQuery, optionalText, requiredAadhaar, requiredName } from './common';

/**
 * Producers: the seed growers whose lots the institute sells. Messages are the ones the Producers page
 * shows (docs/product-rules.md#catalogue-and-farmer-forms-checks-and-messages); the server validates with the same schemas.
 */
export const NAME_MAX = 200;
export const ADDRESS_MAX = 300;

export const ProducerInput = z.object({
  name: requiredName(NAME_MAX, 'Name is required'),
  aadhaarNumber: requiredAadhaar('Aadhaar is required'),
  contactNumber: z
    .union([z.string({ error: 'Invalid contact number' }).trim(), z.null()])
    .optional()
    .transform((v) => (v ? normalizePhone(v) : undefined))
    .refine((v) => v === undefined || /^\+?\d{7,15}$/.test(v), 'Invalid contact number'),
  address: optionalText(ADDRESS_MAX),
});
export type ProducerInput = z.infer<typeof ProducerInput>;
/** What the Producers form holds before parsing. */
export type ProducerForm = z.input<typeof ProducerInput>;

export const ProducerListQuery = catalogueListQuery();
export type ProducerListQuery = z.infer<typeof ProducerListQuery>;

export type { ProducerResponse } from './replies/producers';
