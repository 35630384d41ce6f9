import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routeKey, routesOf } from '@shared/routes';
import { defineArea, type AreaRoutes } from './handler';
import { ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SECRET_ARN_ENV } from './origin-verify';
import { ROTATION_PICKUP_MS, setSecretSourceForTests, type SecretSource } from './secrets';
import { signToken, verifyToken } from './tokens';

/**
 * A rotation as Secrets Manager does it (put-secret-value: the new value becomes AWSCURRENT, the old one
 * AWSPREVIOUS), played against a stand-in for the service: what runs here of the rotation runbook.
 */
const JWT_ARN = 'arn:aws:secretsmanager:ap-south-1:123456789012:secret:JwtSigningKey-abc';
const VERIFY_ARN = 'arn:aws:secretsmanager:ap-south-1:123456789012:secret:OriginVerifySecret-def';

const stages = new Map<string, { AWSCURRENT: string; AWSPREVIOUS?: string }>();
const reads: string[] = [];
const fakeSecretsManager: SecretSource = async (arn, stage) => {
  reads.push(`${arn.split(':').at(-1)} ${stage}`);
  return stages.get(arn)?.[stage];
};
function putSecretValue(arn: string, value: string) {
  const now = stages.get(arn);
  stages.set(arn, now ? { AWSCURRENT: value, AWSPREVIOUS: now.AWSCURRENT } : { AWSCURRENT: value });
}

const saved = { ...process.env };
beforeAll(() => {
  process.env.LOG_LEVEL = 'silent';
  process.env.TABLE_NAME = 'rotation-test';
  delete process.env.JWT_SECRET;
  process.env.JWT_SECRET_ARN = JWT_ARN;
  process.env[ORIGIN_VERIFY_SECRET_ARN_ENV] = VERIFY_ARN;
  setSecretSourceForTests(fakeSecretsManager);
});
afterEach(() => vi.useRealTimers());
afterAll(() => {
  process.env = saved;
  setSecretSourceForTests(undefined);
});

const stub = { handle: async () => ({ ok: true }) };
const handler = defineArea(
  'auth',
  Object.fromEntries(routesOf('auth').map((r) => [routeKey(r), stub])) as unknown as AreaRoutes<'auth'>,
) as unknown as (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
const fromCloudFront = async (value: string) =>
  (
    await handler(
      {
        version: '2.0',
        routeKey: 'POST /auth/login',
        rawPath: '/auth/login',
        rawQueryString: '',
        headers: { [ORIGIN_VERIFY_HEADER]: value },
        requestContext: { http: { method: 'POST', path: '/auth/login', sourceIp: '130.176.1.1' }, requestId: 'r' },
        body: '{}',
        isBase64Encoded: false,
      } as unknown as APIGatewayProxyEventV2,
      { awsRequestId: 'rotation-test' } as Context,
    )
  ).statusCode;

const claims = { userID: 7, name: 'Meera', email: 'meera@example.org', roles: ['seller'], tokenVersion: 0 };

describe('rotating the origin-verification value and the JWT signing key', () => {
  it('accepts the current and the previous value during a rotation, and picks the new one up within the pickup time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    putSecretValue(VERIFY_ARN, 'first-value-from-cloudfront');
    expect(await fromCloudFront('first-value-from-cloudfront')).toBe(200);
    expect(await fromCloudFront('anything-else')).toBe(403);

    putSecretValue(VERIFY_ARN, 'second-value-from-cloudfront');
    // Until the pickup time has passed, the instance answers from what it read.
    expect(await fromCloudFront('second-value-from-cloudfront')).toBe(403);
    vi.setSystemTime(Date.now() + ROTATION_PICKUP_MS + 1);
    // CloudFront sends the old value until its redeploy is done, the new one after: both pass.
    expect(await fromCloudFront('first-value-from-cloudfront')).toBe(200);
    expect(await fromCloudFront('second-value-from-cloudfront')).toBe(200);
    expect(await fromCloudFront('anything-else')).toBe(403);

    // The next rotation retires the first value.
    putSecretValue(VERIFY_ARN, 'third-value-from-cloudfront');
    vi.setSystemTime(Date.now() + ROTATION_PICKUP_MS + 1);
    expect(await fromCloudFront('first-value-from-cloudfront')).toBe(403);
    expect(await fromCloudFront('second-value-from-cloudfront')).toBe(200);
    expect(await fromCloudFront('third-value-from-cloudfront')).toBe(200);
    expect(reads).toEqual(expect.arrayContaining(['OriginVerifySecret-def AWSCURRENT', 'OriginVerifySecret-def AWSPREVIOUS']));
  });

  it('keeps staff signed in across a JWT key rotation: old tokens still verify, new ones are signed with the new key', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    putSecretValue(JWT_ARN, 'k'.repeat(64));
    vi.setSystemTime(Date.now() + ROTATION_PICKUP_MS + 1);
    const before = await signToken(claims);
    expect(await verifyToken(before)).toMatchObject({ userID: 7 });

    putSecretValue(JWT_ARN, 'n'.repeat(64));
    vi.setSystemTime(Date.now() + ROTATION_PICKUP_MS + 1);
    const after = await signToken(claims);
    expect(after).not.toBe(before);
    expect(await verifyToken(before)).toMatchObject({ userID: 7 });
    expect(await verifyToken(after)).toMatchObject({ userID: 7 });

    // A second rotation retires the first key: its tokens are refused, the second key's still pass.
    putSecretValue(JWT_ARN, 'z'.repeat(64));
    vi.setSystemTime(Date.now() + ROTATION_PICKUP_MS + 1);
    expect(await verifyToken(before)).toBeNull();
    expect(await verifyToken(after)).toMatchObject({ userID: 7 });
  });
});
