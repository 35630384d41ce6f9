import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../support/integration';
import { scanTable } from '../support/table';
import { newRegistration, saveConfig } from '../support/steps';
import { enrolSecondFactor, newStaffAccount, totpCode } from '../support/second-factor';
import { seedFormCrops } from '../fixtures/registration-helpers';

/**
 * The staff second factor (docs/decisions/0044-staff-second-factor.md): enrolment and its confirmation, the
 * sign-in's second step with a TOTP code or a recovery code, its limits under bursts, what the setting
 * StaffSecondFactor guards, and a super_admin's reset.
 */
const { api, tokens } = useTestApi('super_admin', 'admin', 'seller');

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
const login = (a: { email: string; password: string }) =>
  api.call('POST', '/auth/login', { body: { email: a.email, password: a.password } });
const verify = (challenge: string, code: string) => api.call('POST', '/auth/second-factor/verify', { body: { challenge, code } });

/** A six-digit code none of the steps around now gives for the secret. */
function wrongCode(secret: string): string {
  const near = new Set([-1, 0, 1, 2].map((s) => totpCode(secret, s)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

beforeAll(async () => {
  await seedFormCrops();
});

afterAll(async () => {
  await saveConfig(api, tokens.super_admin, 'StaffSecondFactor', 'false');
});

describe('enrolment and the sign-in with a second factor', () => {
  it('enrols, confirms, then signs in in two steps; the token carries the second factor', async () => {
    const account = await newStaffAccount(api, tokens.super_admin, [2]);
    const enrolment = await api.call('POST', '/auth/second-factor/enrol', { token: account.token });
    expect(enrolment.status, enrolment.text).toBe(200);
    const { secret, otpauthUrl, recoveryCodes } = enrolment.json;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(otpauthUrl).searchParams.get('secret')).toBe(secret);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    const pending = await api.call('GET', '/auth/second-factor', { token: account.token });
    expect(pending.json).toEqual({ state: 'pending', required: false, usedThisSession: false });

    // Stored sealed and hashed: neither the secret nor a recovery code is in the table in clear.
    const stored = JSON.stringify(await scanTable({ ConsistentRead: true }));
    expect(stored).not.toContain(secret);
    for (const c of recoveryCodes) expect(stored).not.toContain(c.replace('-', ''));

    const wrong = await api.call('POST', '/auth/second-factor/confirm', {
      token: account.token,
      body: { code: wrongCode(secret) },
    });
    expect(wrong.status, wrong.text).toBe(400);
    const confirmed = await api.call('POST', '/auth/second-factor/confirm', {
      token: account.token,
      body: { code: totpCode(secret) },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(claimsOf(confirmed.json.token).amr).toEqual(['pwd', 'otp']);
    // Set up once: a second enrolment is refused, and the secret is never given again.
    const again = await api.call('POST', '/auth/second-factor/enrol', { token: confirmed.json.token });
    expect(again.status).toBe(409);
    const status = await api.call('GET', '/auth/second-factor', { token: confirmed.json.token });
    expect(status.json).toEqual({ state: 'active', required: false, usedThisSession: true, recoveryCodesLeft: 10 });

    const first = await login(account);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({
      secondFactorRequired: true,
      challenge: expect.stringMatching(/^[\w-]{43}$/),
      expiresAt: expect.any(String),
    });
    expect(first.json.token).toBeUndefined();
    const refused = await verify(first.json.challenge, wrongCode(secret));
    expect(refused.status).toBe(401);
    expect(refused.json.message).toMatch(/Wrong code/);

    // The confirmation took this step's code: the sign-in uses the next one (one step of drift is accepted).
    const code = totpCode(secret, 1);
    const session = await verify(first.json.challenge, code);
    expect(session.status, session.text).toBe(200);
    expect(claimsOf(session.json.token)).toMatchObject({ amr: ['pwd', 'otp'], sub: String(account.userID) });
    expect((await api.call('GET', '/auth/me', { token: session.json.token })).status).toBe(200);
    // The challenge is single-use, and the code cannot be replayed on a new one.
    expect((await verify(first.json.challenge, code)).status).toBe(401);
    const second = await login(account);
    const replayed = await verify(second.json.challenge, code);
    expect(replayed.status).toBe(401);
    expect(replayed.json.message).toMatch(/Wrong code/);
  });

  it('a recovery code works once, typed in any case, with or without its hyphen', async () => {
    const account = await newStaffAccount(api, tokens.super_admin, [3]);
    const { recoveryCodes } = await enrolSecondFactor(api, account.token);
    const typed = recoveryCodes[3].replace('-', '').toLowerCase();
    const first = await login(account);
    const session = await verify(first.json.challenge, typed);
    expect(session.status, session.text).toBe(200);
    expect(claimsOf(session.json.token).amr).toEqual(['pwd', 'otp']);
    const second = await login(account);
    expect((await verify(second.json.challenge, recoveryCodes[3])).status).toBe(401);
    expect((await api.call('GET', '/auth/second-factor', { token: session.json.token })).json.recoveryCodesLeft).toBe(9);
    // Sent twice at once, another code still opens one session only.
    const a = await login(account);
    const b = await login(account);
    const both = await Promise.all([verify(a.json.challenge, recoveryCodes[4]), verify(b.json.challenge, recoveryCodes[4])]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('20 wrong codes at once on one challenge: at most 5 are checked, and the right code is refused after them', async () => {
    const account = await newStaffAccount(api, tokens.super_admin, [2]);
    const { secret, recoveryCodes } = await enrolSecondFactor(api, account.token);
    const bad = wrongCode(secret);
    const { json } = await login(account);
    const burst = await Promise.all(Array.from({ length: 20 }, () => verify(json.challenge, bad)));
    expect(burst.every((r) => r.status === 401)).toBe(true);
    expect(burst.filter((r) => /Wrong code/.test(r.json.message))).toHaveLength(5);
    expect((await verify(json.challenge, recoveryCodes[0])).status).toBe(401);

    // Per account: 10 wrong codes in 15 minutes across challenges, then even a right code waits.
    const next = await login(account);
    await Promise.all(Array.from({ length: 20 }, () => verify(next.json.challenge, bad)));
    const third = await login(account);
    const locked = await verify(third.json.challenge, recoveryCodes[0]);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the setting StaffSecondFactor', () => {
  it('off on a fresh install: an admin signs in with the password alone', async () => {
    const r = await api.route('GET /api/config/{key}', { token: tokens.super_admin, params: { key: 'StaffSecondFactor' } });
    expect(r.data.value).toBe('false');
  });

  it('on: Aadhaar views and the audit log need the second factor; an admin without one gets a session that only enrols', async () => {
    const reg = await newRegistration(api);
    const superAccount = await newStaffAccount(api, tokens.super_admin, [1]);
    const adminAccount = await newStaffAccount(api, tokens.super_admin, [2]);
    await saveConfig(api, tokens.super_admin, 'StaffSecondFactor', 'true');
    try {
      // Sessions opened with the password alone (before the setting was turned on).
      const scan = await api.call('GET', `/api/registrations/${reg.id}/aadhaar-file`, { token: tokens.admin });
      expect(scan.status).toBe(403);
      expect(scan.json).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED', message: expect.stringMatching(/second factor/) });
      expect((await api.call('GET', `/api/registrations/${reg.id}`, { token: tokens.admin })).status).toBe(403);
      const audit = await api.call('GET', '/api/audit', { token: tokens.super_admin });
      expect(audit.status).toBe(403);
      expect(audit.json.message).toMatch(/audit log needs your second factor/);
      // A seller is not required to enrol and keeps the scan (sellers never see the number in clear).
      expect((await api.call('GET', `/api/registrations/${reg.id}/aadhaar-file`, { token: tokens.seller })).status).toBe(200);

      // An admin without a second factor signing in now: a session that only enrols.
      const adminLogin = await login(adminAccount);
      expect(adminLogin.json.secondFactorEnrolRequired).toBe(true);
      const limited = adminLogin.json.token as string;
      const refused = await api.call('GET', '/api/dashboard/summary', { token: limited });
      expect(refused.status).toBe(403);
      expect(refused.json.code).toBe('SECOND_FACTOR_ENROL');
      expect((await api.call('GET', '/auth/second-factor', { token: limited })).json).toMatchObject({
        state: 'none',
        required: true,
      });
      const enrolled = await enrolSecondFactor(api, limited);
      const scanned = await api.call('GET', `/api/registrations/${reg.id}/aadhaar-file`, { token: enrolled.token });
      expect(scanned.status, scanned.text).toBe(200);
      expect((await api.call('GET', `/api/registrations/${reg.id}`, { token: enrolled.token })).json.adharNumber).toMatch(
        /^\d{12}$/,
      );

      const superLogin = await login(superAccount);
      const superEnrolled = await enrolSecondFactor(api, superLogin.json.token);
      expect((await api.call('GET', '/api/audit', { token: superEnrolled.token })).status).toBe(200);
    } finally {
      await saveConfig(api, tokens.super_admin, 'StaffSecondFactor', 'false');
    }
    expect((await api.call('GET', `/api/registrations/${reg.id}/aadhaar-file`, { token: tokens.admin })).status).toBe(200);
  });
});

describe('reset by a super_admin', () => {
  it('is audited, ends the sessions, and is refused to an admin and for one’s own account', async () => {
    const account = await newStaffAccount(api, tokens.super_admin, [2]);
    const { token } = await enrolSecondFactor(api, account.token);
    const path = `/api/admin/users/${account.userID}/second-factor`;
    expect((await api.call('DELETE', path, { token: tokens.admin })).status).toBe(403);
    expect((await api.call('DELETE', path, { token })).status).toBe(403);
    const me = claimsOf(tokens.super_admin).sub;
    expect((await api.call('DELETE', `/api/admin/users/${me}/second-factor`, { token: tokens.super_admin })).status).toBe(400);

    const reset = await api.call('DELETE', path, { token: tokens.super_admin });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.json).toEqual({ success: true, userID: account.userID });
    const entries = (await scanTable<Record<string, unknown>>({ ConsistentRead: true })).filter(
      (i) => i.action === 'second-factor.reset' && i.subjectId === account.userID,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ subjectType: 'user', userID: Number(me) });
    expect((await api.call('GET', '/auth/me', { token })).status).toBe(401);
    // Signing in now needs the password only (the setting is off), and a second reset finds nothing.
    expect((await login(account)).json.token).toEqual(expect.any(String));
    expect((await api.call('DELETE', path, { token: tokens.super_admin })).status).toBe(404);
    expect((await api.call('DELETE', '/api/admin/users/987654/second-factor', { token: tokens.super_admin })).status).toBe(404);
  });
});

describe('sellers', () => {
  it('may enrol, and are then asked for the code at sign-in', async () => {
    const seller = await newStaffAccount(api, tokens.super_admin, [3]);
    const { secret } = await enrolSecondFactor(api, seller.token);
    const r = await login(seller);
    expect(r.json.secondFactorRequired).toBe(true);
    expect((await verify(r.json.challenge, totpCode(secret, 1))).status).toBe(200);
  });
});

describe('malformed requests', () => {
  it('get a 400 with a message, never a 5xx', async () => {
    const challenge = 'A'.repeat(43);
    const bodies: [string, unknown][] = [
      ['/auth/second-factor/confirm', {}],
      ['/auth/second-factor/confirm', { code: 123456 }],
      ['/auth/second-factor/confirm', { code: '12345' }],
      ['/auth/second-factor/confirm', { code: '123456', extra: true }],
      ['/auth/second-factor/verify', {}],
      ['/auth/second-factor/verify', { challenge: 'short', code: '123456' }],
      ['/auth/second-factor/verify', { challenge, code: 'x'.repeat(500) }],
      ['/auth/second-factor/verify', { challenge, code: 'ABCDE-FGHI1' }],
      ['/auth/second-factor/verify', [challenge, '123456']],
    ];
    for (const [path, body] of bodies) {
      const r = await api.call('POST', path, { token: tokens.seller, body });
      expect(r.status, `${path} ${JSON.stringify(body)}: ${r.text}`).toBe(400);
      expect(r.json.message).toEqual(expect.any(String));
    }
    const notJson = await api.call('POST', '/auth/second-factor/verify', {
      rawBody: '{"challenge":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    // A well-formed challenge that was never given: refused like an ended one.
    expect((await verify(challenge, '123456')).status).toBe(401);
  });
});
