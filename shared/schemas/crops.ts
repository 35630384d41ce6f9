import * as z from 'zod';
import { QTY_CLAMP, type CropRules } from '../crop-rules';
import { HSN_MESSAGE, HSN_RE } from '../hsn';
import { blankIfMissing, catalogueListQuery, nameText, optionalText, queryBool, requiredName } from './common';

export const CROP_NAME_MAX = 200;
/** The Hindi name has the English name's limit. */
export const CROP_NAME_HI_MAX = CROP_NAME_MAX;
export const CROP_DESCRIPTION_MAX = 300;
export const BAG_SIZE_MAX_KG = 100;

const qty = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(QTY_CLAMP.min, `${label} must be at least ${QTY_CLAMP.min}`)
    .max(QTY_CLAMP.max, `${label} must be at most ${QTY_CLAMP.max}`);

/** What a farmer may ask for on the registration form (see shared/crop-rules.ts). */
export const CropRulesInput = z
  .object({
    unit: z.enum(['bag', 'kg'], { error: 'Unit must be bag or kg' }),
    bagSizeKg: z
      .number({ error: 'Bag size must be a number' })
      .int('Bag size must be a whole number of kg')
      .min(1, 'Bag size must be at least 1 kg')
      .max(BAG_SIZE_MAX_KG, `Bag size must be at most ${BAG_SIZE_MAX_KG} kg`),
    minQty: qty('Minimum'),
    maxQty: qty('Maximum'),
    defaultQty: qty('Default'),
  })
  .refine((r) => r.minQty <= r.maxQty, { message: 'Minimum must not exceed maximum', path: ['maxQty'] })
  .refine((r) => r.defaultQty >= r.minQty && r.defaultQty <= r.maxQty, {
    message: 'Default must lie between minimum and maximum',
    path: ['defaultQty'],
  })
  .transform((r): CropRules => (r.unit === 'kg' ? { ...r, bagSizeKg: 1 } : r));

export const CropInput = z.object({
  cropName: requiredName(CROP_NAME_MAX, 'Crop name is required'),
  /** Optional: pages in Hindi show the English name when it is empty (docs/product-rules.md#crop-names-in-the-pages-language). */
  cropNameHi: blankIfMissing(
    nameText(
      z.string({ error: 'Hindi name must be text' }).trim().max(CROP_NAME_HI_MAX, `Hindi name: max ${CROP_NAME_HI_MAX} chars`),
    ),
  ),
  description: optionalText(CROP_DESCRIPTION_MAX),
  /**
   * Registration choices. Absent: keep the stored rules (on create: the defaults for the crop's name).
   * null: this crop offers no quantity choice.
   */
  rules: CropRulesInput.nullable().optional(),
  /**
   * The HSN code printed on bills of supply: 4, 6 or 8 digits, '' for none. Absent: keep the stored one (on
   * create: the preset for the crop's name, shared/hsn.ts).
   */
  hsnCode: z
    .string({ error: HSN_MESSAGE })
    .trim()
    .refine((v) => v === '' || HSN_RE.test(v), HSN_MESSAGE)
    .optional(),
});
export type CropInput = z.infer<typeof CropInput>;
export type CropForm = z.input<typeof CropInput>;

export const CropListQuery = catalogueListQuery();
export type CropListQuery = z.infer<typeof CropListQuery>;

export const CropDropdownQuery = z.object({ includeInactive: queryBool });

export type { CropResponse, CropDropdownItem } from './replies/crops';
