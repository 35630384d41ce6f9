import * as z from 'zod';

export const LoginInput = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254, 'Email is too long'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});
export type LoginInput = z.infer<typeof LoginInput>;

export type { LoginAnswer, LoginResponse, SecondFactorChallenge } from './replies/auth';
