import { timingSafeEqual } from 'node:crypto';
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { AppError } from './errors';

/**
 * CloudFront adds this header, with a secret value, to every request it sends to the API (infra/constructs/site.ts).
 * A request to the execute-api endpoint directly (past CloudFront and its WAF) does not carry it.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** The functions get the expected value in this variable; locally and in tests it is not set and nothing is checked. */
export const ORIGIN_VERIFY_ENV = 'ORIGIN_VERIFY_HEADER_VALUE';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Middy step: with ORIGIN_VERIFY_HEADER_VALUE set, a request without the matching header gets 403 Forbidden. */
export function requireCloudFrontOrigin(): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  return {
    before: async (request) => {
      const expected = process.env[ORIGIN_VERIFY_ENV];
      if (!expected) return;
      const given = request.event.headers?.[ORIGIN_VERIFY_HEADER];
      if (!given || !sameSecret(given, expected)) {
        throw new AppError('FORBIDDEN', 'Forbidden', {
          internal: 'request did not come through CloudFront (origin header missing or wrong)',
        });
      }
    },
  };
}
