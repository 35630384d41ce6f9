import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/integration';

/**
 * A password reset, a deactivation or a role change ends every token the account held, at once and in
 * every function (the account's tokenVersion is checked against a fresh read on each request, no cache);
 * a token issued afterwards works. Each token is used once before the change, so a cache would be warm.
 */
const { api, tokens } = useTestApi('super_admin');
const ROLE = { admin: 2, seller: 3 };

async function account(email: string, password: string, roleIds: number[]) {
  const created = await api.call('POST', '/api/admin/users', {
    token: tokens.super_admin,
    body: { fullName: 'Staff', email, password, roleIds },
  });
  expect(created.status, created.text).toBe(201);
  return created.json.userID as number;
}

async function signIn(email: string, password: string): Promise<string> {
  const r = await api.call('POST', '/auth/login', { body: { email, password } });
  expect(r.status, r.text).toBe(200);
  return r.json.token;
}

/** Two different functions (areas) read the token: the registrations list and the signed-in user. */
async function answers(token: string) {
  const [list, me] = await Promise.all([
    api.call('GET', '/api/registrations', { token }),
    api.call('GET', '/auth/me', { token }),
  ]);
  return [list.status, me.status];
}

describe('tokens end when the account changes', () => {
  it('a password reset ends the tokens issued before it; a sign-in with the new password works', async () => {
    const id = await account('reset@test.local', 'old-password-1', [ROLE.seller]);
    const before = await signIn('reset@test.local', 'old-password-1');
    expect(await answers(before)).toEqual([200, 200]);

    const reset = await api.call('PUT', `/api/admin/users/${id}/password`, {
      token: tokens.super_admin,
      body: { newPassword: 'new-password-1' },
    });
    expect(reset.status).toBe(200);
    expect(await answers(before)).toEqual([401, 401]);

    const after = await signIn('reset@test.local', 'new-password-1');
    expect(await answers(after)).toEqual([200, 200]);
  });

  it('a deactivation ends the tokens issued before it, and they stay ended after the account is active again', async () => {
    const id = await account('pause@test.local', 'pause-password-1', [ROLE.seller]);
    const before = await signIn('pause@test.local', 'pause-password-1');
    expect(await answers(before)).toEqual([200, 200]);

    const off = await api.call('PUT', `/api/admin/users/${id}`, {
      token: tokens.super_admin,
      body: { fullName: 'Staff', isActive: false, roleIds: [ROLE.seller] },
    });
    expect(off.status).toBe(200);
    expect(await answers(before)).toEqual([401, 401]);
    expect(
      (await api.call('POST', '/auth/login', { body: { email: 'pause@test.local', password: 'pause-password-1' } })).status,
    ).toBe(401);

    const on = await api.call('PUT', `/api/admin/users/${id}`, {
      token: tokens.super_admin,
      body: { fullName: 'Staff', isActive: true, roleIds: [ROLE.seller] },
    });
    expect(on.status).toBe(200);
    expect(await answers(before)).toEqual([401, 401]);
    const after = await signIn('pause@test.local', 'pause-password-1');
    expect(await answers(after)).toEqual([200, 200]);
  });

  it('a role change ends the tokens issued before it; a new token carries the new roles', async () => {
    const id = await account('promote@test.local', 'promote-password-1', [ROLE.seller]);
    const before = await signIn('promote@test.local', 'promote-password-1');
    expect(await answers(before)).toEqual([200, 200]);
    expect((await api.call('GET', '/api/settings', { token: before })).status).toBe(403);

    const changed = await api.call('PUT', `/api/admin/users/${id}`, {
      token: tokens.super_admin,
      body: { fullName: 'Staff', isActive: true, roleIds: [ROLE.admin] },
    });
    expect(changed.status).toBe(200);
    expect(await answers(before)).toEqual([401, 401]);
    expect((await api.call('GET', '/api/settings', { token: before })).status).toBe(401);

    const after = await signIn('promote@test.local', 'promote-password-1');
    expect((await api.call('GET', '/api/settings', { token: after })).status).toBe(200);
    expect((await api.call('GET', '/auth/me', { token: after })).json.roles).toEqual(['admin']);
  });

  it('a new name alone (same roles, still active) keeps the account signed in', async () => {
    const id = await account('rename@test.local', 'rename-password-1', [ROLE.seller, ROLE.admin]);
    const token = await signIn('rename@test.local', 'rename-password-1');
    // Same roles in another order are the same roles.
    const renamed = await api.call('PUT', `/api/admin/users/${id}`, {
      token: tokens.super_admin,
      body: { fullName: 'Renamed', isActive: true, roleIds: [ROLE.admin, ROLE.seller] },
    });
    expect(renamed.status).toBe(200);
    expect(await answers(token)).toEqual([200, 200]);
    expect((await api.call('GET', '/auth/me', { token })).json.name).toBe('Renamed');
  });
});
