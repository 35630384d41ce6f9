import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { VIEWER_ADDRESS_HEADER } from './client-address';
import { isCloudFrontValue, ORIGIN_VERIFY_HEADER } from './origin-verify';

/**
 * The API's Lambda authorizer (REQUEST, simple responses; infra/constructs/origin-authorizer.ts). API Gateway
 * calls it only when both identity sources are present (the origin-verification header CloudFront adds and the
 * viewer's address its function writes): a request without them is refused with 401 before anything runs. The
 * answer is cached per pair of values for ORIGIN_AUTHORIZER_CACHE_SECONDS. Why: docs/decisions/0045.
 */

/** What API Gateway keeps from an answer: the decision, and the viewer's address for the access log. */
export interface OriginAuthorizerAnswer {
  isAuthorized: boolean;
  context: { viewer: string };
}

/**
 * Allows exactly the values CloudFront may send (current and previous: a rotation refuses nothing). With nothing
 * configured it refuses (the authorizer exists only in the cloud, where the secret's ARN is set). A failure to
 * read the secret is thrown, not refused: API Gateway answers 500 and caches nothing, where a refusal would be
 * kept for the cache's lifetime.
 */
export async function handler(event: APIGatewayRequestAuthorizerEventV2): Promise<OriginAuthorizerAnswer> {
  const headers = event.headers ?? {};
  const accepted = await isCloudFrontValue(headers[ORIGIN_VERIFY_HEADER]);
  return { isAuthorized: accepted === true, context: { viewer: headers[VIEWER_ADDRESS_HEADER] ?? '' } };
}
