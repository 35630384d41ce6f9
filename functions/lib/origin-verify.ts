import { timingSafeEqual } from 'node:crypto';
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { forbidden } from './errors';
import { originVerifyValues } from './secrets';

/**
 * CloudFront adds this header, with a secret value, to every request it sends to the API (infra/constructs/site.ts).
 * A request to the execute-api endpoint directly (past CloudFront and its WAF) does not carry it.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * Where the functions find the expected value: in the cloud the ARN of the secret (ORIGIN_VERIFY_SECRET_ARN_ENV,
 * whose current and previous values are both accepted, so a rotation refuses nothing); in tests the value
 * itself (ORIGIN_VERIFY_ENV). Locally neither is set and nothing is checked.
 */
export const ORIGIN_VERIFY_ENV = 'ORIGIN_VERIFY_HEADER_VALUE';
export const ORIGIN_VERIFY_SECRET_ARN_ENV = 'ORIGIN_VERIFY_SECRET_ARN';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether a header value is one CloudFront sends (the current value or, during a rotation, the previous one);
 * undefined when nothing is configured (locally, where nothing is checked).
 */
export async function isCloudFrontValue(given: string | undefined): Promise<boolean | undefined> {
  const direct = process.env[ORIGIN_VERIFY_ENV];
  const arn = process.env[ORIGIN_VERIFY_SECRET_ARN_ENV];
  if (!direct && !arn) return undefined;
  const { current, previous } = await originVerifyValues(direct, arn);
  return given !== undefined && [current, previous].some((v) => v !== undefined && sameSecret(given, v));
}

/**
 * Middy step: with the value or its secret configured, a request without a matching header gets 403 Forbidden.
 * In the cloud API Gateway's authorizer (./origin-authorizer.ts) has refused such requests already; this second
 * check keeps a function safe when it is reached some other way (a route added without the authorizer, a test
 * invocation), at the cost of one cached secret read per five minutes (docs/decisions/0045).
 */
export function requireCloudFrontOrigin(): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  return {
    before: async (request) => {
      const accepted = await isCloudFrontValue(request.event.headers?.[ORIGIN_VERIFY_HEADER]);
      if (accepted === false) {
        throw forbidden('Forbidden', { internal: 'request did not come through CloudFront (origin header missing or wrong)' });
      }
    },
  };
}
