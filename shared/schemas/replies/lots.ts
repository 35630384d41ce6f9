import * as z from 'zod';

export const LotReply = z.strictObject({
  lotID: z.number(),
  lotCode: z.string(),
  producerID: z.number(),
  producerName: z.string(),
  producerAadhaarLast4: z.string(),
  /** An organisation producer's registration number (a person has none: their Aadhaar's last 4 digits instead). */
  producerRegistrationNumber: z.string().optional(),
  producerContact: z.string(),
  producerAddress: z.string(),
  cropID: z.number(),
  cropName: z.string(),
  /** '' when the crop has no Hindi name. */
  cropNameHi: z.string(),
  cropDescription: z.string(),
  year: z.number(),
  /** Total stock, kg. */
  quantityAvailable: z.number(),
  /** kg sold so far (kept by the server). */
  quantityUsed: z.number(),
  /** kg left: quantityAvailable - quantityUsed, never negative. */
  remaining: z.number(),
  /** Rupees per kg. */
  pricePerUnit: z.number(),
  isSubsidized: z.boolean(),
  createdOn: z.string(),
  updatedOn: z.string().optional(),
});
export type LotResponse = z.infer<typeof LotReply>;

/** What anyone scanning the lot's QR code sees (no internal ids, no price; the producer's contact masked to its last 4 digits). */
export const PublicLotReply = LotReply.pick({
  lotCode: true,
  isSubsidized: true,
  year: true,
  cropName: true,
  cropNameHi: true,
  cropDescription: true,
  producerName: true,
  producerAadhaarLast4: true,
  producerRegistrationNumber: true,
  producerContact: true,
  producerAddress: true,
  quantityAvailable: true,
  quantityUsed: true,
  remaining: true,
  createdOn: true,
});
export type PublicLotResponse = z.infer<typeof PublicLotReply>;

export const LotForCropReply = z.strictObject({
  lotID: z.number(),
  lotCode: z.string(),
  /** kg */
  remaining: z.number(),
  /** rupees per kg */
  pricePerUnit: z.number(),
  year: z.number(),
  isSubsidized: z.boolean(),
});
export type LotForCrop = z.infer<typeof LotForCropReply>;

export const LotCodePreviewReply = z.strictObject({ lotCode: z.string() });
export type LotCodePreview = z.infer<typeof LotCodePreviewReply>;

export const LotRemovedReply = z.strictObject({ success: z.literal(true), lotID: z.number() });
