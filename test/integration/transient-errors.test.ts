import type { DocClient } from '@functions/lib/dynamo-client';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { docClient, setDocClientForTests } from '@functions/lib/aws';
import { useTestApi } from '../support/integration';

/**
 * When storage is unreachable or throttled beyond the retries, callers get a 503 with a bilingual
 * "try again" message and a Retry-After header: never a bare 500.
 */
const { api } = useTestApi();
let real: DocClient;

beforeAll(async () => {
  real = docClient();
});
afterEach(() => setDocClientForTests(real));

function failingWith(error: Error & { code?: string }): DocClient {
  return new Proxy(real, {
    get(target, prop, receiver) {
      if (prop === 'send') return async () => Promise.reject(error);
      return Reflect.get(target, prop, receiver);
    },
  });
}

it.each([
  ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' })],
  ['throttling', Object.assign(new Error('Rate exceeded'), { name: 'ProvisionedThroughputExceededException' })],
])('answers %s with 503 and a bilingual message', async (_what, error) => {
  setDocClientForTests(failingWith(error));
  const r = await api.call('GET', '/api/crops/dropdown');
  expect(r.status).toBe(503);
  expect(r.headers.get('retry-after')).toBe('2');
  expect(r.json.message).toMatch(/कृपया थोड़ी देर में फिर कोशिश करें/);
  expect(r.json.message).toMatch(/please try again/);
});

it('still answers 500 without details for a programming error', async () => {
  setDocClientForTests(failingWith(new TypeError("Cannot read properties of undefined (reading 'x')")));
  const r = await api.call('GET', '/api/crops/dropdown');
  expect(r.status).toBe(500);
  expect(r.text).not.toMatch(/Cannot read properties/);
});
