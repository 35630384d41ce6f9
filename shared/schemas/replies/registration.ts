import * as z from 'zod';

export const UploadUrlReply = z.strictObject({
  uploadUrl: z.string(),
  key: z.string(),
  expiresAt: z.string(),
  /** Headers the PUT must carry exactly (they are part of the signature). */
  headers: z.record(z.string(), z.string()),
});
export type UploadUrlResponse = z.infer<typeof UploadUrlReply>;

export const RegistrationResultReply = z.strictObject({
  id: z.number(),
  year: z.number(),
  /** The letter code (spec spelling), also given as uniqueCode. */
  uniqeCode: z.string(),
  uniqueCode: z.string(),
  /** True when this is a registration made earlier by a separate, identical submission (not a retry of this one). */
  existing: z.literal(true).optional(),
  /**
   * Its place in the crop's stock when registered (docs/decisions/0022-allocation.md): confirmed (an
   * appointment), waitlisted (no appointment; `waitlistPosition` in the crop's waiting list) or applied (draw).
   */
  status: z.enum(['confirmed', 'waitlisted', 'applied']),
  waitlistPosition: z.number().int().positive().optional(),
});
export type RegistrationResult = z.infer<typeof RegistrationResultReply>;

export const RegistrationReply = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  data: RegistrationResultReply,
});
export type RegistrationReply = z.infer<typeof RegistrationReply>;

/** POST /svsregistration/find-letter: the farmer's letters, newest first; code is the newest one's. */
export const FoundLetterReply = z.strictObject({
  code: z.string(),
  uniqueCode: z.string(),
  letters: z.array(
    z.strictObject({
      uniqueCode: z.string(),
      id: z.number(),
      year: z.number(),
      cropName: z.string(),
      cropNameHi: z.string(),
    }),
  ),
});
export type FoundLetter = z.infer<typeof FoundLetterReply>;
/** The letters of the mobile, and the farmer session the code opened (My registrations, cancel, My data). */
export const FindLetterReply = z.strictObject({
  success: z.literal(true),
  data: FoundLetterReply,
  session: z.strictObject({ token: z.string(), expiresAt: z.string() }),
});

/** The appointment letter (docs/product-rules.md#appointment-letter); Aadhaar masked. */
export const AppointmentRecordReply = z.strictObject({
  id: z.number(),
  year: z.number(),
  name: z.string(),
  fatherName: z.string(),
  /** XXXX-XXXX-1234 */
  adharNumber: z.string(),
  mobileNumber: z.string(),
  category: z.string(),
  gender: z.string(),
  village: z.string(),
  block: z.string(),
  subDistrict: z.string(),
  district: z.string(),
  cropName: z.string(),
  /** The crop's Hindi name when registered; '' when it had none. */
  cropNameHi: z.string(),
  bagsRequested: z.number(),
  /** 'bag' for wheat, 'kg' for chickpea and mustard (and other crops). */
  unit: z.enum(['bag', 'kg']),
  /** False when the crop had no quantity choice on the form (docs/product-rules.md#quantities-per-crop): the letter shows no quantity. */
  quantityOffered: z.boolean(),
  /** The shift's label, e.g. 'सुबह 10 से दोपहर 1 बजे / Morning 10 am – 1 pm'. */
  appointmentShift: z.string().optional(),
  appointmentShiftNumber: z.union([z.literal(1), z.literal(2)]).optional(),
  /** ISO date-time at the start of the appointment day in India (YYYY-MM-DDT00:00:00+05:30). */
  appointmentDateTime: z.string().optional(),
  /** YYYY-MM-DD (Asia/Kolkata). */
  appointmentDate: z.string().optional(),
  uniqueCode: z.string(),
  created: z.string(),
  /** The version of the notice the farmer consented to, and when (absent on registrations made before consent). */
  noticeVersion: z.string().optional(),
  consentAt: z.string().optional(),
  /** Its place in the crop's stock (shared/allocation-status.ts letterStatusFields; names fixed). */
  status: z.enum(['confirmed', 'waitlisted', 'applied', 'expired', 'cancelled']),
  /** Waitlisted: the ticket in the crop's waiting list, and how many still wait before it. */
  waitlistPosition: z.number().int().positive().optional(),
  placesAhead: z.number().int().nonnegative().optional(),
  /** Confirmed and unbilled: the last day to collect (YYYY-MM-DD); after it the place is given back. */
  expiresOn: z.string().optional(),
  /** Applied, once the draw's day is announced (setting DrawDate): that day, YYYY-MM-DD (Asia/Kolkata). */
  drawOn: z.string().optional(),
  /** Seed was issued against this registration: the letter says so, with the bill's number (not its QR token). */
  isBilled: z.boolean(),
  invoiceNumber: z.string().nullable(),
  /** Where and when to come: the settings CounterAddress and CounterHours. */
  counterAddress: z.string(),
  counterHours: z.string(),
  /** The kg the registration holds (absent when the form offered no quantity). */
  quantityKg: z.number().positive().optional(),
  /**
   * Rupees per kg of the lots it is served from (the crop's lots of the year with stock left): min = max for one
   * price; absent while the crop has no lot (docs/product-rules.md#the-letter-says-how-many-kilograms-and-what-to-pay).
   */
  pricePerKg: z.strictObject({ min: z.number().nonnegative(), max: z.number().nonnegative() }).optional(),
});
export type AppointmentRecord = z.infer<typeof AppointmentRecordReply>;
export const AppointmentLetterReply = z.strictObject({ success: z.literal(true), data: z.array(AppointmentRecordReply) });
export type AppointmentLetterReply = z.infer<typeof AppointmentLetterReply>;

/** A row of the staff Registrations page (docs/product-rules.md#registrations-page). */
export const RegistrationRowReply = z.strictObject({
  id: z.number(),
  name: z.string(),
  /** XXXX-XXXX-1234; the number in clear only on an admin's GET of the single registration (audited). */
  adharNumber: z.string(),
  fatherName: z.string(),
  mobileNumber: z.string(),
  village: z.string(),
  block: z.string(),
  subDistrict: z.string(),
  district: z.string(),
  category: z.string(),
  gender: z.string(),
  cropName: z.string(),
  cropNameHi: z.string(),
  cropId: z.number().optional(),
  year: z.number(),
  bagsRequested: z.number(),
  unit: z.enum(['bag', 'kg']),
  /** False when the form offered no quantity for the crop (the crop's maximum limits the sale). */
  quantityOffered: z.boolean().optional(),
  /** The appointment: while confirmed (a waitlisted registration has none). */
  appointmentDateTime: z.string().optional(),
  appointmentDate: z.string().optional(),
  appointmentShift: z.string().optional(),
  created: z.string(),
  /** Its place in the crop's stock (absent stored status: confirmed). */
  status: z.enum(['confirmed', 'waitlisted', 'applied', 'expired', 'cancelled']),
  waitlistPosition: z.number().int().positive().optional(),
  /** Cancelled by staff: why (with who and when in the audit). */
  cancelReason: z.string().optional(),
  /** Storage key of the Aadhaar scan (never a public URL; open it through /aadhaar-file). */
  adharFilePath: z.string(),
  uniqeCode: z.string(),
  isBilled: z.boolean(),
  invoiceNumber: z.string().nullable(),
  farmerID: z.number().nullable(),
  /**
   * Not linked for a reason: 'to-confirm' when its Aadhaar belongs to a farmer with another mobile number
   * (proposedFarmerID) until an admin confirms; 'declined' once the admin said it is not that farmer's.
   */
  farmerLink: z.enum(['to-confirm', 'declined']).optional(),
  proposedFarmerID: z.number().optional(),
  isAdmin: z.boolean(),
});
export type RegistrationRow = z.infer<typeof RegistrationRowReply>;

/** POST /api/registrations/{id}/farmer-link: what was done. */
export const FarmerLinkReply = z.strictObject({
  outcome: z.enum(['linked', 'already-linked', 'to-confirm', 'declined', 'erased', 'gone', 'not-a-farmer']),
  farmerID: z.number().nullable(),
});
export type FarmerLinkReply = z.infer<typeof FarmerLinkReply>;

export const RegistrationListReply = z.strictObject({
  items: z.array(RegistrationRowReply),
  total: z.number(),
  /** True when the search stopped at the per-request read cap: total is then a lower bound. */
  partial: z.boolean().optional(),
  /** With partial: registrations created before this time were not searched (narrow from/to to go further). */
  searchedFrom: z.string().optional(),
});
export type RegistrationListReply = z.infer<typeof RegistrationListReply>;

/** GET /api/registrations/{id}/aadhaar-file: a short-lived link to the scan. */
export const AadhaarFileReply = z.strictObject({ url: z.string(), expiresAt: z.string() });

/** One shift of an appointment day: bookings held against its share of PerDayLimit (null: no cap). */
export const ShiftCapacityReply = z.strictObject({
  shift: z.union([z.literal(1), z.literal(2)]),
  label: z.string(),
  booked: z.number(),
  capacity: z.number().nullable(),
});

/** GET /api/appointments/capacity: the next working days, in order, as the appointment rules book them. */
export const CapacityReply = z.strictObject({
  perDayLimit: z.number(),
  /** The Asia/Kolkata day the view was made on. */
  today: z.string(),
  days: z.array(
    z.strictObject({
      date: z.string(),
      /** 0 Sunday … 6 Saturday. */
      weekday: z.number(),
      shifts: z.array(ShiftCapacityReply),
    }),
  ),
});
export type CapacityReply = z.infer<typeof CapacityReply>;
