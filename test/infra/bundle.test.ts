import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { describe, expect, it } from 'vitest';
import { AREA_BUNDLING, FUNCTION_RUNTIME, areaEntry } from '../../infra/cloud-stack';

/**
 * One real esbuild bundle (the 'auth' area, with the stack's bundling options), then the bundle is loaded
 * by plain Node as the Lambda runtime would load it, and called with an API Gateway v2 event.
 */
describe('area bundle', { timeout: 120_000 }, () => {
  it('bundles the auth area into one ESM file that loads and answers a request', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'seed-cdk-out-'));
    const app = new App({ outdir });
    const stack = new Stack(app, 'BundleProbe', { env: { account: '123456789012', region: 'ap-south-1' } });
    new NodejsFunction(stack, 'Auth', {
      entry: areaEntry('auth'),
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      bundling: AREA_BUNDLING,
    });
    app.synth();

    const assetDirs = readdirSync(outdir).filter((d) => d.startsWith('asset.') && existsSync(join(outdir, d, 'index.mjs')));
    expect(assetDirs).toHaveLength(1);
    const file = join(outdir, assetDirs[0], 'index.mjs');
    const code = readFileSync(file, 'utf8');
    expect(code.startsWith("import { createRequire } from 'module'; const require = createRequire(import.meta.url);")).toBe(true);
    expect(code).not.toMatch(/sourceMappingURL/);
    expect(code).not.toMatch(/from\s*["']@aws-sdk\//); // the SDK is bundled, not taken from the runtime

    const event = {
      version: '2.0',
      routeKey: 'GET /auth/me',
      rawPath: '/auth/me',
      rawQueryString: '',
      headers: { host: 'example.cloudfront.net' },
      requestContext: {
        http: { method: 'GET', path: '/auth/me', protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'test' },
        requestId: 'bundle-test',
        routeKey: 'GET /auth/me',
        stage: '$default',
      },
      isBase64Encoded: false,
    };
    const script = `
      const { handler } = await import(${JSON.stringify(pathToFileURL(file).href)});
      const res = await handler(${JSON.stringify(event)}, { awsRequestId: 'bundle-test' });
      process.stdout.write('RESULT ' + JSON.stringify(res));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH, TABLE_NAME: 'unused', JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', AWS_REGION: 'ap-south-1' },
      encoding: 'utf8',
    });
    const res = JSON.parse(out.slice(out.indexOf('RESULT ') + 7));
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
