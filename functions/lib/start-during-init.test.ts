import { afterAll, beforeAll, expect, it } from 'vitest';
import { resetEnvCache } from './env';
import { routeKey, routesOf } from '@shared/routes';
import { defineArea, type AreaRoutes } from './handler';
import { setSecretSourceForTests, type SecretSource } from './secrets';

/** In the cloud an area fetches its JWT keys while it initialises, before its first request. */
const JWT_ARN = 'arn:aws:secretsmanager:ap-south-1:123456789012:secret:JwtSigningKey-init';
const reads: string[] = [];
const source: SecretSource = async (arn, stage) => {
  reads.push(stage);
  return stage === 'AWSCURRENT' ? 'init-key-'.padEnd(40, 'x') : undefined;
};

const saved = { ...process.env };
beforeAll(() => {
  Object.assign(process.env, { TABLE_NAME: 'init-test', LOG_LEVEL: 'silent', JWT_SECRET_ARN: JWT_ARN });
  delete process.env.JWT_SECRET;
  resetEnvCache();
  setSecretSourceForTests(source);
});
afterAll(() => {
  process.env = saved;
  resetEnvCache();
  setSecretSourceForTests(undefined);
});

it('starts reading the JWT keys when the area is defined, before any request', async () => {
  const stub = { handle: async () => ({ ok: true }) };
  defineArea('auth', Object.fromEntries(routesOf('auth').map((r) => [routeKey(r), stub])) as unknown as AreaRoutes<'auth'>);
  await expect.poll(() => [...reads].sort()).toEqual(['AWSCURRENT', 'AWSPREVIOUS']);
});
