import * as z from 'zod';

/**
 * A session: roles joined by commas (spec: "role"). secondFactorEnrolRequired: the token opens only the second
 * factor's enrolment (docs/decisions/0044-staff-second-factor.md).
 */
export const SessionReply = z.strictObject({
  token: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  userID: z.number(),
  secondFactorEnrolRequired: z.literal(true).optional(),
});
export type LoginResponse = z.infer<typeof SessionReply>;

/** POST /auth/login of an account with a second factor: the code goes to POST /auth/second-factor/verify. */
export const SecondFactorChallengeReply = z.strictObject({
  secondFactorRequired: z.literal(true),
  challenge: z.string(),
  expiresAt: z.string(),
});
export type SecondFactorChallenge = z.infer<typeof SecondFactorChallengeReply>;

/** POST /auth/login reply: a session, or the second step's challenge. */
export const LoginReply = z.union([SessionReply, SecondFactorChallengeReply]);
export type LoginAnswer = z.infer<typeof LoginReply>;

/** GET /auth/me: the signed-in account, its roles as a list and joined by commas. */
export const MeReply = z.strictObject({
  userID: z.number(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  role: z.string(),
});
export type MeResponse = z.infer<typeof MeReply>;
