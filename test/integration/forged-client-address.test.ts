import { expect, it } from 'vitest';
import { LOGIN_LIMITS } from '@functions/auth/service';
import { useTestApi } from '../support/integration';
import { lowerPerClientSignInLimit } from '../support/sign-in-limits';

/**
 * The per-client sign-in limit keys on the client's address. Locally that is the socket's address: a client
 * that sends its own X-Viewer-Address or CloudFront-Viewer-Address (or X-Forwarded-For, Forwarded, X-Real-IP) with every guess
 * gets no fresh budget from it. The address header CloudFront's viewer-address function writes (X-Viewer-Address)
 * is written by the local gateway from the socket in the same way, over whatever the client sent.
 */
const { api } = useTestApi();

// Ten failures instead of the product's 30: a third of the password hashes, the same rule.
lowerPerClientSignInLimit(10);

function forgedAddress(i: number): Record<string, string> {
  const ip = `203.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  return {
    'x-viewer-address': ip,
    'cloudfront-viewer-address': `${ip}:${40000 + i}`,
    'x-forwarded-for': ip,
    forwarded: `for=${ip}`,
    'x-real-ip': ip,
  };
}

it('a different forged viewer address on every failed sign-in does not reset the per-client limit', async () => {
  const statuses: number[] = [];
  for (let i = 0; i <= LOGIN_LIMITS.perClient; i++) {
    const r = await api.call('POST', '/auth/login', {
      body: { email: `guess-${i}@test.local`, password: 'wrong-password' },
      headers: forgedAddress(i),
    });
    statuses.push(r.status);
  }
  // Each guess names another account, so only the per-client limit can refuse them.
  expect(new Set(statuses)).toEqual(new Set([401, 429]));
  expect(statuses.at(-1)).toBe(429);
  // The right password from "yet another address" is refused too: the client is still the same socket address.
  const r = await api.call('POST', '/auth/login', {
    body: { email: api.adminEmail, password: api.adminPassword },
    headers: forgedAddress(LOGIN_LIMITS.perClient + 1),
  });
  expect(r.status).toBe(429);
  expect(r.json.message).toMatch(/Too many failed sign-in attempts/);
});
