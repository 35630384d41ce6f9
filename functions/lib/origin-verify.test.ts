import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routeKey, routesOf } from '@shared/routes';
import { defineArea, type AreaRoutes } from './handler';
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from './origin-verify';

/**
 * A defineArea handler called directly, with and without the header CloudFront adds (no AWS calls are made).
 * Its routes are stubs that answer 200 to any body, outside the contract's types.
 */
const stub = { handle: async () => ({ ok: true }) };
const handler = defineArea(
  'auth',
  Object.fromEntries(routesOf('auth').map((r) => [routeKey(r), stub])) as unknown as AreaRoutes<'auth'>,
) as unknown as (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

function event(headers: Record<string, string>): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /auth/login',
    rawPath: '/auth/login',
    rawQueryString: '',
    headers: { host: 'abc123.execute-api.ap-south-1.amazonaws.com', ...headers },
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      domainName: 'abc123.execute-api.ap-south-1.amazonaws.com',
      domainPrefix: 'abc123',
      http: { method: 'POST', path: '/auth/login', protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'test' },
      requestId: 'origin-verify-test',
      routeKey: 'POST /auth/login',
      stage: '$default',
      time: '01/Jan/2026:00:00:00 +0000',
      timeEpoch: 1767225600000,
    },
    isBase64Encoded: false,
  };
}

const call = (headers: Record<string, string> = {}) => handler(event(headers), { awsRequestId: 'origin-verify-test' } as Context);

describe('origin verification (requests must come through CloudFront when ORIGIN_VERIFY_HEADER_VALUE is set)', () => {
  const saved = { value: process.env[ORIGIN_VERIFY_ENV], level: process.env.LOG_LEVEL };
  beforeEach(() => {
    process.env.LOG_LEVEL = 'silent';
  });
  afterEach(() => {
    if (saved.value === undefined) delete process.env[ORIGIN_VERIFY_ENV];
    else process.env[ORIGIN_VERIFY_ENV] = saved.value;
    if (saved.level === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = saved.level;
  });

  it('checks nothing when the variable is not set (local gateway, tests)', async () => {
    delete process.env[ORIGIN_VERIFY_ENV];
    const res = await call();
    expect(res.statusCode).toBe(200);
  });

  it('answers 403 Forbidden (JSON) without the header', async () => {
    process.env[ORIGIN_VERIFY_ENV] = 'secret-from-cloudfront';
    const res = await call();
    expect(res.statusCode).toBe(403);
    expect(res.headers?.['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(res.body as string)).toEqual({ success: false, code: 'FORBIDDEN', message: 'Forbidden' });
  });

  it('answers 403 with a wrong value, including one of another length', async () => {
    process.env[ORIGIN_VERIFY_ENV] = 'secret-from-cloudfront';
    expect((await call({ [ORIGIN_VERIFY_HEADER]: 'secret-from-cloudfronx' })).statusCode).toBe(403);
    expect((await call({ [ORIGIN_VERIFY_HEADER]: 'secret' })).statusCode).toBe(403);
    expect((await call({ [ORIGIN_VERIFY_HEADER]: '' })).statusCode).toBe(403);
  });

  it('lets the request through with the right value, whatever the header name case', async () => {
    process.env[ORIGIN_VERIFY_ENV] = 'secret-from-cloudfront';
    expect((await call({ [ORIGIN_VERIFY_HEADER]: 'secret-from-cloudfront' })).statusCode).toBe(200);
    expect((await call({ 'X-Origin-Verify': 'secret-from-cloudfront' })).statusCode).toBe(200);
  });
});
