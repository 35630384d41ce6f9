import * as z from 'zod';

/**
 * The staff second factor (docs/decisions/0044-staff-second-factor.md): a TOTP code from an authenticator app,
 * or one of the ten recovery codes given at enrolment.
 */
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes: ten characters of the base32 alphabet, shown as XXXXX-XXXXX. */
export const RECOVERY_CODE_RE = /^[A-Z2-7]{10}$/;

const CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app, or a recovery code';

/** A code as typed: spaces and hyphens dropped, letters in capitals; six digits or a recovery code. */
export const SecondFactorCode = z
  .string({ error: CODE_MESSAGE })
  .max(40, CODE_MESSAGE)
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .refine((v) => /^\d{6}$/.test(v) || RECOVERY_CODE_RE.test(v), CODE_MESSAGE);

export const SecondFactorConfirmInput = z.strictObject({
  code: z
    .string({ error: 'Enter the 6-digit code from your authenticator app' })
    .transform((v) => v.replace(/\s/g, ''))
    .refine((v) => /^\d{6}$/.test(v), 'Enter the 6-digit code from your authenticator app'),
});
export type SecondFactorConfirmInput = z.infer<typeof SecondFactorConfirmInput>;

export const SecondFactorVerifyInput = z.strictObject({
  challenge: z
    .string({ error: 'This sign-in step has ended; please sign in again' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This sign-in step has ended; please sign in again'),
  code: SecondFactorCode,
});
export type SecondFactorVerifyInput = z.infer<typeof SecondFactorVerifyInput>;
