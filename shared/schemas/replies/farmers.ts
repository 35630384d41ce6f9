import * as z from 'zod';

export const FarmerReply = z.strictObject({
  farmerID: z.number(),
  name: z.string(),
  /** The number in clear only in an admin's GET of the single farmer (audited); otherwise null (see docs/data-model.md). */
  aadhaarNumber: z.string().nullable(),
  /** '' when the farmer has no Aadhaar on record. */
  aadhaarLast4: z.string(),
  contactNumber: z.string(),
  village: z.string(),
  category: z.string(),
  fatherName: z.string(),
  adharFilePath: z.string(),
  address: z.string(),
  isActive: z.boolean(),
  createdOn: z.string(),
  updatedOn: z.string().optional(),
});
export type FarmerResponse = z.infer<typeof FarmerReply>;

/** One of a farmer's registrations (written by the registrations area; see docs/data-model.md). */
export const FarmerRegistrationReply = z.strictObject({
  id: z.number(),
  year: z.number().nullable(),
  name: z.string(),
  fatherName: z.string(),
  mobileNumber: z.string(),
  village: z.string(),
  district: z.string(),
  cropName: z.string(),
  cropNameHi: z.string(),
  bagsRequested: z.number().nullable(),
  appointmentDateTime: z.string().nullable(),
  appointmentShift: z.string().nullable(),
  created: z.string().nullable(),
  isBilled: z.boolean(),
  invoiceNumber: z.string().nullable(),
});
export type FarmerRegistration = z.infer<typeof FarmerRegistrationReply>;
