import { expect, it } from 'vitest';
import { LOGIN_LIMITS } from '@functions/auth/service';
import { PASSWORD_HASHING } from '@functions/lib/passwords';
import { useTestApi } from '../support/integration';
import { settleAfterEachTest } from '../support/started-work';
import { postJson } from '../fixtures/registration-helpers';

/**
 * A burst of sign-ins must not starve everything else: each one costs a scrypt hash on Node's shared thread
 * pool, so at most PASSWORD_HASHING.running hash at once per process, a few wait, and the rest are refused
 * with 429 before any hashing, while a farmer's upload-url request in the middle of the burst is answered.
 */
const { api } = useTestApi();
/** Each burst is awaited in full, also when its test fails: no attempt counts against the next test's limits. */
const work = settleAfterEachTest();

const BUSY = /busy checking passwords/;

it("answers 40 concurrent sign-ins with unknown emails with 401 or a quick 429, and a farmer's upload-url still gets its 201", async () => {
  const signIns = Array.from({ length: 40 }, (_, i) =>
    api.call('POST', '/auth/login', { body: { email: `nobody-${i}@test.local`, password: 'wrong-password-1' } }),
  );
  const upload = postJson(api, '/svsregistration/upload-url', {
    fileName: 'aadhaar.pdf',
    contentType: 'application/pdf',
    size: 1000,
  });
  const [replies, uploadReply] = await Promise.all([work.all(signIns), work.track(upload)]);

  expect(uploadReply.status, uploadReply.text).toBe(201);
  expect(uploadReply.json.uploadUrl).toMatch(/^http/);

  const statuses = replies.map((r) => r.status);
  expect(
    statuses.filter((s) => s !== 401 && s !== 429),
    replies.map((r) => r.text).join('\n'),
  ).toEqual([]);
  const busy = replies.filter((r) => r.status === 429 && BUSY.test(r.json.message));
  // More sign-ins reached the password check than may hash or wait at once: the excess was refused, not queued.
  expect(busy.length).toBeGreaterThan(0);
  for (const r of busy) {
    expect(r.json.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  // Never more checks than the per-client limit allows (the rest of the 429s are that limit).
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOGIN_LIMITS.perClient);
  expect(busy.length).toBeLessThanOrEqual(40 - PASSWORD_HASHING.running);
});

it('frees its hashing slots after the burst: the right password signs in, and a refused attempt did not count as a failure', async () => {
  // A sign-in refused as busy was never checked, so it gave its count back to the per-client limit; had it
  // been kept, the 40 sign-ins above would have used up this address's 30 failures and this one would get 429.
  const r = await api.call('POST', '/auth/login', { body: { email: api.adminEmail, password: api.adminPassword } });
  expect(r.status, r.text).toBe(200);
  expect(r.json.token).toBeTruthy();
});

it('bounds the hashing of new passwords too: a burst of password resets answers 200 or 429, never a 5xx', async () => {
  const root = await api.tokenFor('super_admin');
  const seller = await api.call('POST', '/api/admin/users', {
    token: root,
    body: { fullName: 'Reset Burst', email: 'reset-burst@test.local', password: 'first-password-1', roleIds: [3] },
  });
  expect(seller.status).toBe(201);
  const replies = await work.all(
    Array.from({ length: 20 }, (_, i) =>
      api.call('PUT', `/api/admin/users/${seller.json.userID}/password`, {
        token: root,
        body: { newPassword: `new-password-${i}` },
      }),
    ),
  );
  const statuses = replies.map((r) => r.status);
  expect(
    statuses.every((s) => s === 200 || s === 429),
    statuses.join(','),
  ).toBe(true);
  expect(statuses).toContain(200);
  for (const r of replies.filter((x) => x.status === 429)) {
    expect(r.json.message).toMatch(BUSY);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  }
});
