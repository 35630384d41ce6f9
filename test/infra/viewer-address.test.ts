import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { VIEWER_ADDRESS_HEADER } from '@functions/lib/client-address';
import { VIEWER_ADDRESS_FUNCTION_CODE } from '@infra/constructs/viewer-address';

interface CfRequest {
  method: string;
  uri: string;
  querystring: Record<string, { value: string }>;
  headers: Record<string, { value: string; multiValue?: { value: string }[] }>;
  cookies: Record<string, { value: string }>;
}

/** A viewer-request event as CloudFront Functions (cloudfront-js-2.0) receive it. */
function viewerRequest(ip: string, headers: CfRequest['headers'] = {}) {
  return {
    version: '1.0',
    context: {
      distributionDomainName: 'd111111abcdef8.cloudfront.net',
      distributionId: 'EDFDVBD6EXAMPLE',
      eventType: 'viewer-request',
      requestId: '4TyzHTaYWb1GX1qTfsHhEqV6HUDd_BzoBZnwfnvQc_1oF26ClkoUSEQ==',
    },
    viewer: { ip },
    request: {
      method: 'POST',
      uri: '/auth/login',
      querystring: {},
      headers: { host: { value: 'seeds.example.org' }, ...headers },
      cookies: {},
    } satisfies CfRequest,
  };
}

const run = (event: ReturnType<typeof viewerRequest>) =>
  (runInNewContext(`${VIEWER_ADDRESS_FUNCTION_CODE}\nhandler;`) as (e: unknown) => CfRequest)(event);

describe('the viewer-address CloudFront Function', () => {
  it("writes the connection's address into the header and leaves the rest of the request alone", () => {
    const out = run(viewerRequest('203.0.113.9', { 'content-type': { value: 'application/json' } }));
    expect(out.headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '203.0.113.9' });
    expect(out).toMatchObject({ method: 'POST', uri: '/auth/login' });
    expect(out.headers.host).toEqual({ value: 'seeds.example.org' });
    expect(out.headers['content-type']).toEqual({ value: 'application/json' });
  });

  it('replaces a value the viewer sent under the same name, single or repeated', () => {
    const forged = run(
      viewerRequest('2001:db8::7', {
        [VIEWER_ADDRESS_HEADER]: { value: '10.0.0.1', multiValue: [{ value: '10.0.0.1' }, { value: '10.0.0.2' }] },
      }),
    );
    expect(forged.headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '2001:db8::7' });
  });

  it('is plain ES5-style code the cloudfront-js-2.0 runtime accepts (no imports, one handler)', () => {
    expect(VIEWER_ADDRESS_FUNCTION_CODE.match(/^function handler\(event\) \{/gm)).toHaveLength(1);
    expect(VIEWER_ADDRESS_FUNCTION_CODE).not.toMatch(/\b(let|const|class)\b|=>/);
    expect(VIEWER_ADDRESS_FUNCTION_CODE).not.toMatch(/\b(import|require|async|await)\b/);
    expect(VIEWER_ADDRESS_HEADER).toBe(VIEWER_ADDRESS_HEADER.toLowerCase());
  });
});
