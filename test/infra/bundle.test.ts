import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { App, Stack } from 'aws-cdk-lib';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as lambdaCredentials from '@functions/lib/lambda-credentials';
import { LAMBDA_CREDENTIALS_MODULE } from '@infra/bundling';
import { AREA_BUNDLING, FUNCTION_RUNTIME, REPO_ROOT, areaEntry } from '@infra/bundling';
import { signForMissingAdmin } from '@test/support/tokens';

const run = promisify(execFile);

/**
 * One real esbuild bundle (the 'auth' area, with the stack's bundling options plus a metafile, which does not
 * change the bundle), then the bundle is loaded by plain Node as the Lambda runtime would load it, and called
 * with API Gateway v2 events.
 */
describe('area bundle', { timeout: 120_000 }, () => {
  let file: string;
  let inputs: string[];

  beforeAll(() => {
    const outdir = mkdtempSync(join(tmpdir(), 'seed-cdk-out-'));
    const app = new App({ outdir });
    const stack = new Stack(app, 'BundleProbe', { env: { account: '123456789012', region: 'ap-south-1' } });
    new NodejsFunction(stack, 'Auth', {
      entry: areaEntry('auth'),
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      bundling: { ...AREA_BUNDLING, metafile: true },
    });
    app.synth();

    const assetDirs = readdirSync(outdir).filter((d) => d.startsWith('asset.') && existsSync(join(outdir, d, 'index.mjs')));
    expect(assetDirs).toHaveLength(1);
    file = join(outdir, assetDirs[0], 'index.mjs');
    const meta = JSON.parse(readFileSync(join(outdir, assetDirs[0], 'index.meta.json'), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
    };
    inputs = Object.entries(Object.values(meta.outputs)[0].inputs)
      .filter(([, v]) => v.bytesInOutput > 0)
      .map(([p]) => p);
  });

  const event = (headers: Record<string, string> = {}) => ({
    version: '2.0',
    routeKey: 'GET /auth/me',
    rawPath: '/auth/me',
    rawQueryString: '',
    headers: { host: 'example.cloudfront.net', ...headers },
    requestContext: {
      http: { method: 'GET', path: '/auth/me', protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'test' },
      requestId: 'bundle-test',
      routeKey: 'GET /auth/me',
      stage: '$default',
    },
    isBase64Encoded: false,
  });

  /** Loads the bundle in a fresh Node process, answers one event, returns the result. */
  async function invoke(ev: unknown, env: Record<string, string>) {
    const script = `
      const { handler } = await import(${JSON.stringify(pathToFileURL(file).href)});
      const res = await handler(${JSON.stringify(ev)}, { awsRequestId: 'bundle-test' });
      process.stdout.write('RESULT ' + JSON.stringify(res));
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
      encoding: 'utf8',
    });
    return JSON.parse(stdout.slice(stdout.indexOf('RESULT ') + 7));
  }

  it('is one ESM file that loads and answers a request', async () => {
    const code = readFileSync(file, 'utf8');
    expect(code.startsWith("import { createRequire } from 'module'; const require = createRequire(import.meta.url);")).toBe(true);
    expect(code).not.toMatch(/sourceMappingURL/);
    expect(code).not.toMatch(/from\s*["']@aws-sdk\//); // the SDK is bundled, not taken from the runtime

    const res = await invoke(event(), {
      TABLE_NAME: 'unused',
      JWT_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'silent',
      AWS_REGION: 'ap-south-1',
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it("carries the Lambda credentials module instead of the SDK's default chain", () => {
    expect(inputs).toContain(relative(REPO_ROOT, LAMBDA_CREDENTIALS_MODULE));
    const chain = inputs.filter((p) =>
      /node_modules\/@aws-sdk\/(credential-provider-(node|ini|sso|process|web-identity|login)|nested-clients|token-providers)\//.test(
        p,
      ),
    );
    expect(chain).toEqual([]);
  });

  it("exports every name the bundled SDK clients import from the chain's package", () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const clients = Object.keys(pkg.dependencies).filter((d) => d.startsWith('@aws-sdk/client-'));
    expect(clients.length).toBeGreaterThan(0);
    for (const client of clients) {
      const runtimeConfig = readFileSync(join(REPO_ROOT, 'node_modules', client, 'dist-es', 'runtimeConfig.js'), 'utf8');
      const imports = [...runtimeConfig.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@aws-sdk\/credential-provider-node["']/g)];
      expect(imports, `${client} no longer imports @aws-sdk/credential-provider-node: the alias can go`).not.toHaveLength(0);
      const names = imports.flatMap((m) =>
        m[1]
          .split(',')
          .map((n) => n.trim().split(/\s+as\s+/)[0])
          .filter(Boolean),
      );
      for (const name of names) {
        expect(typeof (lambdaCredentials as Record<string, unknown>)[name], `${client} imports ${name}`).toBe('function');
      }
    }
  });

  it('signs its AWS requests with the credentials Lambda puts in the environment', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const dynamo = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        seen.push(req.headers);
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'bundle-test' });
        res.end('{}'); // GetItem: no such account
      });
    });
    await new Promise<void>((resolve) => dynamo.listen(0, '127.0.0.1', resolve));
    try {
      const jwtSecret = 'bundle-test-jwt-key-'.padEnd(48, 'x');
      const token = await signForMissingAdmin(jwtSecret, { name: 'Bundle', email: 'bundle@example.org' });
      const res = await invoke(event({ authorization: `Bearer ${token}` }), {
        TABLE_NAME: 'bundle-test',
        JWT_SECRET: jwtSecret,
        LOG_LEVEL: 'silent',
        AWS_REGION: 'ap-south-1',
        AWS_ACCESS_KEY_ID: 'ASIABUNDLETESTKEY001',
        AWS_SECRET_ACCESS_KEY: 'bundle-test-secret',
        AWS_SESSION_TOKEN: 'bundle-test-session-token',
        AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${(dynamo.address() as AddressInfo).port}`,
      });
      expect(res.statusCode).toBe(401); // the account does not exist
      expect(seen).toHaveLength(1);
      expect(seen[0]['x-amz-target']).toBe('DynamoDB_20120810.GetItem');
      expect(seen[0].authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=ASIABUNDLETESTKEY001\/\d{8}\/ap-south-1\/dynamodb\/aws4_request/,
      );
      expect(seen[0]['x-amz-security-token']).toBe('bundle-test-session-token');
    } finally {
      await new Promise<void>((resolve) => dynamo.close(() => resolve()));
    }
  });
});
