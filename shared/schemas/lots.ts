import * as z from 'zod';
import { DROPDOWN_TAKE, LIST_TAKE, queryBool, queryId, queryTake } from './common';
import { kolkataYear } from '../india-time';

/**
 * Seed lots. Quantities are kg and prices rupees per kg in the API (numbers, at most 2 decimals, spec step
 * 0.01); the server keeps them as whole grams and paise so that stock arithmetic is exact.
 */
export const YEAR_MIN = 2000;
export const YEAR_MAX = 3000;
/** 10,000 tonnes in one lot, and ₹10 lakh per kg, are far beyond any real lot: bounds against typos. */
export const QUANTITY_MAX_KG = 10_000_000;
export const PRICE_MAX = 1_000_000;

/** True when the number has at most two decimals (0.1 + 0.2 style float noise tolerated). */
export function hasAtMost2Decimals(v: number): boolean {
  const cents = v * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/**
 * Numbers from forms and JSON: a missing, null or blank value reads as `missing` (a value the schema
 * refuses with the field's own message, e.g. 'Quantity must be >= 0' for an empty quantity).
 */
const orIfMissing = <T extends z.ZodType>(missing: number, schema: T) =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? missing : v), schema);

const positiveId = (message: string) =>
  orIfMissing(0, z.number({ error: message }).int(message).positive(message).max(1e12, message));

const yearNumber = z
  .number({ error: 'Year invalid' })
  .int('Year invalid')
  .min(YEAR_MIN, 'Year invalid')
  .max(YEAR_MAX, 'Year invalid');
export const lotYear = orIfMissing(0, yearNumber);

// The limits' messages are functions so that the Indian digit grouping (Intl) is formatted when a value is
// refused, not when this module loads: a first Intl call costs a server function ~15 ms of cold start.
export const lotQuantity = orIfMissing(
  -1,
  z
    .number({ error: 'Quantity must be >= 0' })
    .min(0, 'Quantity must be >= 0')
    .max(QUANTITY_MAX_KG, { error: () => `Quantity must be at most ${QUANTITY_MAX_KG.toLocaleString('en-IN')} kg` })
    .refine(hasAtMost2Decimals, 'Quantity: at most 2 decimals (step 0.01 kg)'),
);

export const lotPrice = orIfMissing(
  -1,
  z
    .number({ error: 'Price must be >= 0' })
    .min(0, 'Price must be >= 0')
    .max(PRICE_MAX, { error: () => `Price must be at most ${PRICE_MAX.toLocaleString('en-IN')}` })
    .refine(hasAtMost2Decimals, 'Price: at most 2 decimals (step 0.01)'),
);

/** The calendar year in India now (a server runs in UTC: 1 January starts at 00:00 India time, 05:30 earlier). */
export const currentYear = (now = new Date()) => kolkataYear(now);

export const CreateLotInput = z.object({
  producerID: positiveId('Producer required'),
  cropID: positiveId('Crop required'),
  year: z.preprocess((v) => (v === undefined || v === null || v === '' ? currentYear() : v), yearNumber),
  quantityAvailable: lotQuantity,
  pricePerUnit: lotPrice,
  isSubsidized: z.boolean({ error: 'isSubsidized must be true or false' }).optional().default(false),
});
export type CreateLotInput = z.infer<typeof CreateLotInput>;
export type CreateLotForm = z.input<typeof CreateLotInput>;

/**
 * Edit: the producer, the year and the subsidised flag are part of the printed lot code and cannot
 * change (sending the current value is fine). quantityUsed is kept by the server and ignored if sent.
 */
export const UpdateLotInput = z.object({
  producerID: positiveId('Producer required').optional(),
  cropID: positiveId('Crop required'),
  year: lotYear,
  quantityAvailable: lotQuantity,
  quantityUsed: z.number().optional(),
  pricePerUnit: lotPrice,
  isSubsidized: z.boolean({ error: 'isSubsidized must be true or false' }).optional(),
});
export type UpdateLotInput = z.infer<typeof UpdateLotInput>;

const queryYear = z.coerce
  .number({ error: 'year must be a number' })
  .int('Year invalid')
  .min(YEAR_MIN, 'Year invalid')
  .max(YEAR_MAX, 'Year invalid');

export const LotListQuery = z.object({
  producerId: queryId('producerId').optional(),
  cropId: queryId('cropId').optional(),
  year: queryYear.optional(),
  take: queryTake(DROPDOWN_TAKE, LIST_TAKE),
});
export type LotListQuery = z.infer<typeof LotListQuery>;

export const PreviewCodeQuery = z.object({
  producerId: orIfMissing(
    0,
    z.coerce
      .number({ error: 'Producer required' })
      .int('Producer required')
      .positive('Producer required')
      .max(1e12, 'Producer required'),
  ),
  year: queryYear.optional().transform((y) => y ?? currentYear()),
  isSubsidized: queryBool,
});

export const ForCropQuery = z.object({
  cropId: orIfMissing(
    0,
    z.coerce.number({ error: 'Crop required' }).int('Crop required').positive('Crop required').max(1e12, 'Crop required'),
  ),
});

/** Lot codes: letters, digits and hyphens (see docs/decisions/0007-lot-codes.md). */
export const LOT_CODE_RE = /^[A-Z0-9-]{1,40}$/;
export const LotCodeParam = z.object({
  code: z.string().trim().toUpperCase().regex(LOT_CODE_RE, 'Lot code is not valid'),
});

export const QR_SIZE = { min: 64, max: 2048, default: 512 } as const;
export const QrQuery = z.object({
  size: z.coerce
    .number({ error: 'size must be a number' })
    .int('size must be a whole number')
    .min(QR_SIZE.min, `size must be at least ${QR_SIZE.min}`)
    .max(QR_SIZE.max, `size must be at most ${QR_SIZE.max}`)
    .optional()
    .transform((v) => v ?? QR_SIZE.default),
  download: queryBool,
});
export const QrSvgQuery = z.object({ download: queryBool });

/** Path of the public lot page a lot's QR code opens. */
export const publicLotPath = (lotCode: string) => `/lot/${encodeURIComponent(lotCode)}`;

export type { LotResponse, PublicLotResponse, LotForCrop, LotCodePreview } from './replies/lots';
