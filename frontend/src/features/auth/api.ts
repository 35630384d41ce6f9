import { call } from '@web/lib/api';
import type { LoginInput, LoginResponse } from '@shared/schemas/auth';

export function login(input: LoginInput): Promise<LoginResponse> {
  // A 401 here means wrong credentials, not an expired session.
  return call('POST /auth/login', { body: input, skipAuthRedirect: true });
}
