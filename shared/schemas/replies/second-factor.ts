import * as z from 'zod';

/** GET /auth/second-factor: the signed-in account's second factor and whether this session used it. */
export const SecondFactorStatusReply = z.strictObject({
  /** none: not set up; pending: enrolled, not yet confirmed with a code; active: asked at every sign-in. */
  state: z.enum(['none', 'pending', 'active']),
  /** StaffSecondFactor is on and the account holds admin or super_admin. */
  required: z.boolean(),
  /** This session's token was given after the second factor. */
  usedThisSession: z.boolean(),
  /** Unused recovery codes left (active only). */
  recoveryCodesLeft: z.number().optional(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatusReply>;

/** POST /auth/second-factor/enrol: shown once; only hashes of the recovery codes are kept. */
export const SecondFactorEnrolReply = z.strictObject({
  secret: z.string(),
  otpauthUrl: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type SecondFactorEnrolment = z.infer<typeof SecondFactorEnrolReply>;

/** POST /api/admin/users/{id}/second-factor (DELETE): the account asks for a new enrolment at its next sign-in. */
export const SecondFactorResetReply = z.strictObject({ success: z.literal(true), userID: z.number() });
