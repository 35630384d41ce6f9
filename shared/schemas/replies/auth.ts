import * as z from 'zod';

/** POST /auth/login reply: roles joined by commas (spec: "role"). */
export const LoginReply = z.strictObject({
  token: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  userID: z.number(),
});
export type LoginResponse = z.infer<typeof LoginReply>;

/** GET /auth/me: the signed-in account, its roles as a list and joined by commas. */
export const MeReply = z.strictObject({
  userID: z.number(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  role: z.string(),
});
export type MeResponse = z.infer<typeof MeReply>;
