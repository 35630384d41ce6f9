import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { VIEWER_ADDRESS_HEADER } from './client-address';
import { handler } from './origin-authorizer';
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SECRET_ARN_ENV } from './origin-verify';
import { ROTATION_PICKUP_MS, setSecretSourceForTests, type SecretSource } from './secrets';

/** The API's authorizer called as API Gateway calls it, against a stand-in for Secrets Manager. */
const VERIFY_ARN = 'arn:aws:secretsmanager:ap-south-1:123456789012:secret:OriginVerifySecret-def';
const stages = new Map<string, { AWSCURRENT: string; AWSPREVIOUS?: string }>();
let failing = false;
const fakeSecretsManager: SecretSource = async (arn, stage) => {
  if (failing) throw new Error('Secrets Manager unreachable');
  return stages.get(arn)?.[stage];
};
function putSecretValue(value: string) {
  const now = stages.get(VERIFY_ARN);
  stages.set(VERIFY_ARN, now ? { AWSCURRENT: value, AWSPREVIOUS: now.AWSCURRENT } : { AWSCURRENT: value });
}

const saved = { ...process.env };
beforeAll(() => {
  process.env.LOG_LEVEL = 'silent';
  delete process.env[ORIGIN_VERIFY_ENV];
  process.env[ORIGIN_VERIFY_SECRET_ARN_ENV] = VERIFY_ARN;
  setSecretSourceForTests(fakeSecretsManager);
});
afterEach(() => {
  vi.useRealTimers();
  failing = false;
});
afterAll(() => {
  process.env = saved;
  setSecretSourceForTests(undefined);
});

const ask = (headers: Record<string, string>) =>
  handler({
    type: 'REQUEST',
    routeArn: 'arn:aws:execute-api:ap-south-1:123456789012:abc123/$default/POST/svsregistration',
    identitySource: Object.values(headers),
    routeKey: 'POST /svsregistration',
    rawPath: '/svsregistration',
    rawQueryString: '',
    headers,
  } as unknown as APIGatewayRequestAuthorizerEventV2);

describe('the origin authorizer', () => {
  it("allows CloudFront's value, refuses any other, and hands the viewer's address to the access log", async () => {
    putSecretValue('value-from-cloudfront');
    expect(await ask({ [ORIGIN_VERIFY_HEADER]: 'value-from-cloudfront', [VIEWER_ADDRESS_HEADER]: '203.0.113.7' })).toEqual({
      isAuthorized: true,
      context: { viewer: '203.0.113.7' },
    });
    for (const wrong of ['value-from-cloudfronx', 'value', '', ' value-from-cloudfront'])
      expect((await ask({ [ORIGIN_VERIFY_HEADER]: wrong, [VIEWER_ADDRESS_HEADER]: '203.0.113.7' })).isAuthorized, wrong).toBe(
        false,
      );
    expect((await ask({ [VIEWER_ADDRESS_HEADER]: '203.0.113.7' })).isAuthorized).toBe(false);
  });

  it('accepts the previous value during a rotation, and the new one once picked up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * ROTATION_PICKUP_MS); // whatever an earlier case read is stale
    putSecretValue('first-rotation-value');
    putSecretValue('second-rotation-value');
    const headers = (v: string) => ({ [ORIGIN_VERIFY_HEADER]: v, [VIEWER_ADDRESS_HEADER]: '198.51.100.2' });
    expect((await ask(headers('second-rotation-value'))).isAuthorized).toBe(true);
    expect((await ask(headers('first-rotation-value'))).isAuthorized).toBe(true);
    putSecretValue('third-rotation-value');
    vi.setSystemTime(Date.now() + ROTATION_PICKUP_MS + 1);
    expect((await ask(headers('third-rotation-value'))).isAuthorized).toBe(true);
    expect((await ask(headers('second-rotation-value'))).isAuthorized).toBe(true);
    expect((await ask(headers('first-rotation-value'))).isAuthorized).toBe(false);
  });

  it('throws when the secret cannot be read (API Gateway answers 500 and caches no refusal)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 100 * ROTATION_PICKUP_MS);
    failing = true;
    await expect(
      ask({ [ORIGIN_VERIFY_HEADER]: 'third-rotation-value', [VIEWER_ADDRESS_HEADER]: '198.51.100.2' }),
    ).rejects.toThrow(/unreachable/);
  });

  it('refuses everything when no secret is configured (it runs only in the cloud)', async () => {
    delete process.env[ORIGIN_VERIFY_SECRET_ARN_ENV];
    try {
      expect((await ask({ [ORIGIN_VERIFY_HEADER]: 'anything', [VIEWER_ADDRESS_HEADER]: '203.0.113.7' })).isAuthorized).toBe(
        false,
      );
    } finally {
      process.env[ORIGIN_VERIFY_SECRET_ARN_ENV] = VERIFY_ARN;
    }
  });
});
