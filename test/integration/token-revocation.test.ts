import { describe, expect, it } from 'vitest';
import { createAccount, editAccount, signIn } from '../fixtures/accounts';
import { useTestApi } from '../support/integration';

/**
 * A password reset, a deactivation or a role change ends every token the account held, at once and in
 * every function (the account's tokenVersion is checked against a fresh read on each request, no cache);
 * a token issued afterwards works. Each token is used once before the change, so a cache would be warm.
 */
const { api, tokens } = useTestApi('super_admin');
const ROLE = { admin: 2, seller: 3 };

const account = (email: string, password: string, roleIds: number[]) =>
  createAccount(api, tokens.super_admin, { fullName: 'Staff', email, password, roleIds });

/** Two different functions (areas) read the token: the registrations list and the signed-in user. */
async function answers(token: string) {
  const [list, me] = await Promise.all([
    api.call('GET', '/api/registrations', { token }),
    api.call('GET', '/auth/me', { token }),
  ]);
  return [list.status, me.status];
}

/** A new account, and a token of it that both functions accept. */
async function signedInAccount(email: string, password: string, roleIds: number[]) {
  const id = await account(email, password, roleIds);
  const before = await signIn(api, email, password);
  expect(await answers(before)).toEqual([200, 200]);
  return { id, before };
}

describe('tokens end when the account changes', () => {
  it('a password reset ends the tokens issued before it; a sign-in with the new password works', async () => {
    const { id, before } = await signedInAccount('reset@test.local', 'old-password-1', [ROLE.seller]);

    const reset = await api.call('PUT', `/api/admin/users/${id}/password`, {
      token: tokens.super_admin,
      body: { newPassword: 'new-password-1' },
    });
    expect(reset.status).toBe(200);
    expect(await answers(before)).toEqual([401, 401]);

    const after = await signIn(api, 'reset@test.local', 'new-password-1');
    expect(await answers(after)).toEqual([200, 200]);
  });

  it('a deactivation ends the tokens issued before it, and they stay ended after the account is active again', async () => {
    const { id, before } = await signedInAccount('pause@test.local', 'pause-password-1', [ROLE.seller]);

    await editAccount(api, tokens.super_admin, id, { fullName: 'Staff', isActive: false, roleIds: [ROLE.seller] });
    expect(await answers(before)).toEqual([401, 401]);
    expect(
      (await api.call('POST', '/auth/login', { body: { email: 'pause@test.local', password: 'pause-password-1' } })).status,
    ).toBe(401);

    await editAccount(api, tokens.super_admin, id, { fullName: 'Staff', isActive: true, roleIds: [ROLE.seller] });
    expect(await answers(before)).toEqual([401, 401]);
    const after = await signIn(api, 'pause@test.local', 'pause-password-1');
    expect(await answers(after)).toEqual([200, 200]);
  });

  it('a role change ends the tokens issued before it; a new token carries the new roles', async () => {
    const { id, before } = await signedInAccount('promote@test.local', 'promote-password-1', [ROLE.seller]);
    expect((await api.call('GET', '/api/settings', { token: before })).status).toBe(403);

    await editAccount(api, tokens.super_admin, id, { fullName: 'Staff', isActive: true, roleIds: [ROLE.admin] });
    expect(await answers(before)).toEqual([401, 401]);
    expect((await api.call('GET', '/api/settings', { token: before })).status).toBe(401);

    const after = await signIn(api, 'promote@test.local', 'promote-password-1');
    expect((await api.call('GET', '/api/settings', { token: after })).status).toBe(200);
    expect((await api.call('GET', '/auth/me', { token: after })).json.roles).toEqual(['admin']);
  });

  it('a new name alone (same roles, still active) keeps the account signed in', async () => {
    const id = await account('rename@test.local', 'rename-password-1', [ROLE.seller, ROLE.admin]);
    const token = await signIn(api, 'rename@test.local', 'rename-password-1');
    // Same roles in another order are the same roles.
    await editAccount(api, tokens.super_admin, id, { fullName: 'Renamed', isActive: true, roleIds: [ROLE.admin, ROLE.seller] });
    expect(await answers(token)).toEqual([200, 200]);
    expect((await api.call('GET', '/auth/me', { token })).json.name).toBe('Renamed');
  });
});
