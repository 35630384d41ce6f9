import { call } from '@web/lib/api';
import type { LoginAnswer, LoginInput, LoginResponse } from '@shared/schemas/auth';

export function login(input: LoginInput): Promise<LoginAnswer> {
  // A 401 here means wrong credentials, not an expired session.
  return call('POST /auth/login', { body: input, skipAuthRedirect: true });
}

/** The sign-in's second step: the code from the authenticator app, or a recovery code. */
export function verifySecondFactor(challenge: string, code: string): Promise<LoginResponse> {
  return call('POST /auth/second-factor/verify', { body: { challenge, code }, skipAuthRedirect: true });
}
