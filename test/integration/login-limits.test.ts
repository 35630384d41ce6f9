import { expect, it } from 'vitest';
import { LOGIN_LIMITS } from '@functions/auth/service';
import { useTestApi } from '../support/integration';
import { lowerPerClientSignInLimit } from '../support/sign-in-limits';

/** Sign-in is limited per client address too: many accounts tried from one address get refused. */
const { api } = useTestApi();

// Ten failures instead of the product's 30: a third of the password hashes, the same rule.
lowerPerClientSignInLimit(10);

it('refuses further sign-ins from a client after too many failures across accounts', async () => {
  for (let i = 0; i < LOGIN_LIMITS.perClient; i++) {
    const r = await api.call('POST', '/auth/login', { body: { email: `guess-${i}@test.local`, password: 'wrong-password' } });
    expect(r.status).toBe(401);
  }
  // Even the right credentials from this address are refused now.
  const r = await api.call('POST', '/auth/login', { body: { email: api.adminEmail, password: api.adminPassword } });
  expect(r.status).toBe(429);
  expect(r.json.message).toMatch(/Too many failed sign-in attempts/);
});
