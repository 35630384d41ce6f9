import * as z from 'zod';
import { ALLOCATION_STATUSES } from '../allocation-status';
import { mobileField } from './registration';
import { otpField } from './farmer-otp-field';

export { OTP_DIGITS, MSG_OTP } from './farmer-otp-field';

/**
 * Farmers proven by a one-time code to the registered mobile (docs/decisions/0043-farmer-one-time-codes.md):
 * the request for a code, its check (a farmer session), and what the session opens.
 */
export const OTP_PURPOSES = ['find', 'manage', 'register'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
const MSG_PURPOSE = 'कोड का काम सही नहीं बताया गया / The purpose of the code must be find, manage or register';

/** POST /svsregistration/otp (public). */
export const OtpRequestInput = z.strictObject({
  mobile: mobileField,
  // One plain refusal, in both languages, whatever is sent (an enum's would carry the field's English name).
  purpose: z
    .unknown()
    .refine((v) => typeof v === 'string' && (OTP_PURPOSES as readonly string[]).includes(v), MSG_PURPOSE)
    .pipe(z.enum(OTP_PURPOSES)),
});
export type OtpRequestInput = z.infer<typeof OtpRequestInput>;

/** The same answer whether or not the mobile is known. */
export const OtpRequestReply = z.strictObject({ sent: z.literal(true), retryAfterSeconds: z.number().int() });
export type OtpRequestReply = z.infer<typeof OtpRequestReply>;

/** POST /svsregistration/otp/verify (public). */
export const OtpVerifyInput = z.strictObject({ mobile: mobileField, otp: otpField });
export type OtpVerifyInput = z.infer<typeof OtpVerifyInput>;

/** A farmer session: a token scoped to the mobile, and when it ends. */
export const OtpVerifyReply = z.strictObject({ token: z.string(), expiresAt: z.string() });
export type OtpVerifyReply = z.infer<typeof OtpVerifyReply>;

/** GET /svsregistration/mine: every registration made with the session's mobile. */
export const MyRegistrationsReply = z.strictObject({
  /** The session's mobile, masked as the letter shows it. */
  mobile: z.string(),
  registrations: z.array(
    z.strictObject({
      id: z.number(),
      year: z.number(),
      uniqueCode: z.string(),
      cropName: z.string(),
      cropNameHi: z.string(),
      status: z.enum(ALLOCATION_STATUSES),
      registeredOn: z.string().nullable(),
      appointmentDate: z.string().nullable(),
      appointmentShift: z.string().nullable(),
      /** The letter's address (the letter link alone still shows it). */
      letterPath: z.string(),
      /** The bill's address when one stands (its link with the token the bill's QR carries). */
      billPath: z.string().nullable(),
      invoiceNumber: z.string().nullable(),
      /** Whether the session may cancel it now (not billed, cancelled or expired). */
      cancellable: z.boolean(),
    }),
  ),
});
export type MyRegistrationsReply = z.infer<typeof MyRegistrationsReply>;
