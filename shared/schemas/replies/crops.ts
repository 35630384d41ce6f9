import * as z from 'zod';

/** What a farmer may ask for on the registration form (see shared/crop-rules.ts). */
export const CropRulesReply = z.strictObject({
  unit: z.enum(['bag', 'kg']),
  bagSizeKg: z.number(),
  minQty: z.number(),
  maxQty: z.number(),
  defaultQty: z.number(),
});

export const CropReply = z.strictObject({
  cropID: z.number(),
  cropName: z.string(),
  /** '' when the crop has no Hindi name. */
  cropNameHi: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  createdOn: z.string(),
  updatedOn: z.string().optional(),
  /** null: no quantity choice on the registration form. */
  rules: CropRulesReply.nullable(),
  /** The HSN code on bills of supply (shared/hsn.ts); '' when the crop has none. */
  hsnCode: z.string(),
});
export type CropResponse = z.infer<typeof CropReply>;

/** One entry of GET /api/crops/dropdown (the registration form and the Lots page). */
export const CropDropdownItemReply = z.strictObject({
  id: z.number(),
  name: z.string(),
  /** '' when the crop has no Hindi name. */
  nameHi: z.string(),
  isActive: z.boolean(),
  rules: CropRulesReply.nullable(),
});
export type CropDropdownItem = z.infer<typeof CropDropdownItemReply>;
