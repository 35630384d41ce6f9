import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The viewer's address, as the edge saw it. In the cloud a CloudFront Function on the API behaviours writes it
 * from the connection (infra/constructs/viewer-address.ts), replacing whatever the viewer sent under that name;
 * locally the gateway does the same from the socket (infra/local/gateway.ts). No other header is read: every
 * other forwarding header (X-Forwarded-For, Forwarded, CloudFront-Viewer-Address) can come from the viewer.
 */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

/**
 * The address the per-client limits (sign-in, find-my-letter) and the audit log key on. Without the header the
 * request did not come through the edge (a direct invocation): API Gateway's own source address is the best left.
 */
export function clientIp(event: APIGatewayProxyEventV2): string {
  const fromEdge = event.headers?.[VIEWER_ADDRESS_HEADER]?.trim();
  if (fromEdge) return fromEdge;
  return event.requestContext?.http?.sourceIp ?? '';
}
