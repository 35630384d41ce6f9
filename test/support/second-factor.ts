import { Secret, TOTP } from 'otpauth';
import type { TestApi } from './api';

/**
 * The staff second factor in tests (docs/decisions/0044-staff-second-factor.md): the code an authenticator app
 * shows for a secret, and an account enrolled through the API.
 *
 * A code is accepted once per 30-second step and only for a step later than the last one accepted: the
 * confirmation takes the current step, so a sign-in right after it uses the next step's code (`stepsAhead` 1),
 * which the server accepts as one step of clock drift.
 */
export function totpCode(secret: string, stepsAhead = 0, now = Date.now()): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: now + stepsAhead * 30_000 });
}

export interface Enrolled {
  secret: string;
  recoveryCodes: string[];
  /** The session the confirmation gave: opened with the second factor. */
  token: string;
}

/** Enrols and confirms the second factor of the account whose token is given. */
export async function enrolSecondFactor(api: TestApi, token: string): Promise<Enrolled> {
  const e = await api.call('POST', '/auth/second-factor/enrol', { token });
  if (e.status !== 200) throw new Error(`enrol failed: ${e.status} ${e.text}`);
  const c = await api.call('POST', '/auth/second-factor/confirm', { token, body: { code: totpCode(e.json.secret) } });
  if (c.status !== 200) throw new Error(`confirm failed: ${c.status} ${c.text}`);
  return { secret: e.json.secret, recoveryCodes: e.json.recoveryCodes, token: c.json.token };
}

/** A new staff account with the given role ids (1 super_admin, 2 admin, 3 seller), its email and password. */
export async function newStaffAccount(api: TestApi, superToken: string, roleIds: number[]) {
  const email = `sf-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@test.local`;
  const password = 'Second-factor-1';
  const r = await api.call('POST', '/api/admin/users', {
    token: superToken,
    body: { fullName: 'Second factor test', email, password, isActive: true, roleIds },
  });
  if (r.status !== 201) throw new Error(`could not create the account: ${r.status} ${r.text}`);
  const login = await api.call('POST', '/auth/login', { body: { email, password } });
  return { userID: r.json.userID as number, email, password, token: login.json.token as string };
}
