import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { VIEWER_ADDRESS_HEADER, clientIp } from './client-address';

const event = (headers: Record<string, string>, sourceIp = '130.176.1.1') =>
  ({ headers, requestContext: { http: { sourceIp } } }) as unknown as APIGatewayProxyEventV2;

describe('clientIp', () => {
  it('reads the address the edge wrote, IPv4 or IPv6', () => {
    expect(clientIp(event({ [VIEWER_ADDRESS_HEADER]: '203.0.113.9' }))).toBe('203.0.113.9');
    expect(clientIp(event({ [VIEWER_ADDRESS_HEADER]: '2001:db8::7' }))).toBe('2001:db8::7');
  });

  it('ignores every forwarding header a viewer can send', () => {
    const forged = {
      'cloudfront-viewer-address': '198.51.100.1:443',
      'x-forwarded-for': '198.51.100.2',
      forwarded: 'for=198.51.100.3',
      'x-real-ip': '198.51.100.4',
    };
    expect(clientIp(event(forged))).toBe('130.176.1.1');
    expect(clientIp(event({ ...forged, [VIEWER_ADDRESS_HEADER]: '203.0.113.9' }))).toBe('203.0.113.9');
  });
});
