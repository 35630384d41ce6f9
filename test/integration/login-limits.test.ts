import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '@functions/auth/service';
import { startTestApi, type TestApi } from '../support/api';

/** Sign-in is limited per client address too: many accounts tried from one address get refused. */
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

it('refuses further sign-ins from a client after too many failures across accounts', async () => {
  for (let i = 0; i < LOGIN_LIMITS.perClient; i++) {
    const r = await api.call('POST', '/auth/login', { body: { email: `guess-${i}@test.local`, password: 'wrong-password' } });
    expect(r.status).toBe(401);
  }
  // Even the right credentials from this address are refused now.
  const r = await api.call('POST', '/auth/login', { body: { email: api.adminEmail, password: api.adminPassword } });
  expect(r.status).toBe(429);
  expect(r.json.message).toMatch(/Too many failed sign-in attempts/);
  // Thirty-one password checks one after another: on a busy two-core machine this takes longer than the default.
}, 120_000);
