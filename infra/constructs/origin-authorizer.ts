import { Duration, type Stack } from 'aws-cdk-lib';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { VIEWER_ADDRESS_HEADER } from '@functions/lib/client-address';
import { ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SECRET_ARN_ENV } from '@functions/lib/origin-verify';
import { ORIGIN_AUTHORIZER_ENTRY } from '../bundling';
import { addLambdaFunction } from './lambda-function';

/**
 * How long API Gateway keeps an answer of the authorizer, per pair of identity values (origin value, viewer
 * address): at most one authorizer call per viewer address in that time. Five minutes like the functions' own
 * pickup of a rotated secret (functions/lib/secrets.ts). Reasons and cost: docs/decisions/0045.
 */
export const ORIGIN_AUTHORIZER_CACHE_SECONDS = 300;

/** The headers API Gateway requires before it calls the authorizer; a request without either is refused with 401. */
export const ORIGIN_AUTHORIZER_IDENTITY = [ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER].map((h) => `$request.header.${h}`);

/**
 * Concurrency set aside for the authorizer, and its ceiling: at most ORIGIN_AUTHORIZER_CACHE_SECONDS apart per
 * viewer address, a few milliseconds each, far below this; direct callers with made-up values cannot take more.
 */
export const ORIGIN_AUTHORIZER_RESERVED_CONCURRENCY = 50;

/**
 * The Lambda REQUEST authorizer every route of the API carries (infra/constructs/api.ts): what did not come
 * through CloudFront is refused by API Gateway, before any area function starts or a route's throttle is spent on
 * it by a function (functions/lib/origin-authorizer.ts).
 */
export function addOriginAuthorizer(
  stack: Stack,
  options: { originVerifySecret: Secret; baseEnvironment: Record<string, string>; logRetention: RetentionDays },
): { authorizer: HttpLambdaAuthorizer; fn: NodejsFunction } {
  const { fn } = addLambdaFunction(stack, {
    idPrefix: 'OriginAuthorizer',
    description: 'Seed portal authorizer: refuses API requests that did not come through CloudFront',
    roleDescription: 'Seed portal origin authorizer',
    entry: ORIGIN_AUTHORIZER_ENTRY,
    timeout: Duration.seconds(5),
    // The shared configuration (the secrets module parses it) and the secret's ARN; never the value.
    environment: { ...options.baseEnvironment, [ORIGIN_VERIFY_SECRET_ARN_ENV]: options.originVerifySecret.secretArn },
    logRetention: options.logRetention,
    reservedConcurrency: ORIGIN_AUTHORIZER_RESERVED_CONCURRENCY,
    runtimeReason: 'Node.js 24 like the API functions (same bundling and runtime), the newest LTS runtime Lambda offers.',
  });
  options.originVerifySecret.grantRead(fn);
  const authorizer = new HttpLambdaAuthorizer('OriginAuthorizer', fn, {
    authorizerName: 'origin-verify',
    identitySource: ORIGIN_AUTHORIZER_IDENTITY,
    resultsCacheTtl: Duration.seconds(ORIGIN_AUTHORIZER_CACHE_SECONDS),
    responseTypes: [HttpLambdaResponseType.SIMPLE],
  });
  return { authorizer, fn };
}
