/**
 * Cold start and bundle size of every area function, next to a hello-world handler bundled the same way.
 *
 *   npx tsx bench/cold-start.ts                  # the stack's bundling (infra/bundling.ts), 10 runs each
 *   RUNS=20 npx tsx bench/cold-start.ts
 *   npx tsx bench/cold-start.ts --sdk-external   # what-if: @aws-sdk/* and @smithy/* left out of the bundles
 *
 * Bundles: a probe CDK app declares one NodejsFunction per area with AREA_BUNDLING (the options the stack
 * uses; a metafile is written beside each bundle, which does not change the bundle) and synthesizes it,
 * so CDK runs esbuild exactly as it does for `cdk synth`. Output goes under node_modules/.cache so that
 * anything left external is resolved from the project's node_modules at import time, as the Lambda runtime
 * would resolve its own copy of the SDK.
 *
 * Cold start: each run is a fresh `node` process that imports the bundle and answers one API Gateway v2
 * event; the runs of all functions are interleaved. The event is a staff route of the area (the first GET
 * without path parameters in shared/routes.ts) with a well-formed token for an account that does not exist:
 * the function fetches the JWT key from Secrets Manager, verifies the token, reads the account from
 * DynamoDB and answers 401. Both services are a local stub that answers at once (bench/lib/aws-stub.ts),
 * so the figure is start-up plus the SDK's first real calls, without network time.
 *
 * Also reported, under "Unexpected content": front-end code, zod locales, the SDK's default credential chain
 * (replaced in the bundles by functions/lib/lambda-credentials.ts), qrcode or the S3 client where no route or
 * grant needs them, and Intl objects made while a bundle loads (a separate, untimed import of each bundle).
 *
 * Not a test: it prints figures (docs/performance.md, "Cold start and bundle size").
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { App, Stack } from 'aws-cdk-lib';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { AREA_BUNDLING, FUNCTION_RUNTIME, REPO_ROOT, areaEntry } from '../infra/bundling';
import { AREA_GRANTS } from '@infra/constructs/api';
import { FUNCTION_AREAS, ROUTES, type FunctionArea, type RouteDef } from '../shared/routes';
import { signForMissingAdmin } from '@test/support/tokens';
import { startAwsStub } from './lib/aws-stub';

const RUNS = Number(process.env.RUNS ?? 10);
const SDK_EXTERNAL = process.argv.includes('--sdk-external');
const SIZE_TARGET_BYTES = 300 * 1024;
const COLD_START_TARGET_RATIO = 3;
const HELLO = 'hello-world';
const JWT_SECRET_VALUE = 'bench-jwt-signing-key-'.padEnd(64, 'x');
const ORIGIN_VERIFY_VALUE = 'bench-origin-verify';

type Name = FunctionArea | typeof HELLO;
const routes = ROUTES as readonly RouteDef[];

// ---------- bundling, through CDK with the stack's options

function bundleAll(outdir: string): Map<Name, string> {
  const app = new App({ outdir });
  const stack = new Stack(app, 'ColdStartBench', { env: { account: '123456789012', region: 'ap-south-1' } });
  const bundling = {
    ...AREA_BUNDLING,
    metafile: true,
    ...(SDK_EXTERNAL ? { externalModules: ['@aws-sdk/*', '@smithy/*'] } : {}),
  };
  const entries: [Name, string][] = [
    ...FUNCTION_AREAS.map((a): [Name, string] => [a, areaEntry(a)]),
    [HELLO, join(REPO_ROOT, 'bench', 'lib', 'hello-world.ts')],
  ];
  for (const [name, entry] of entries) {
    new NodejsFunction(stack, `Fn-${name}`, {
      description: name,
      entry,
      handler: 'handler',
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      bundling,
    });
  }
  const template = app.synth().getStackByName(stack.stackName).template as {
    Resources: Record<string, { Type: string; Properties: { Description: string; Code: { S3Key: string } } }>;
  };
  const dirs = new Map<Name, string>();
  for (const r of Object.values(template.Resources)) {
    if (r.Type !== 'AWS::Lambda::Function') continue;
    dirs.set(r.Properties.Description as Name, join(outdir, `asset.${r.Properties.Code.S3Key.replace(/\.zip$/, '')}`));
  }
  return dirs;
}

// ---------- what went into each bundle

interface Content {
  bytes: number;
  gzipBytes: number;
  top: [string, number][];
  findings: string[];
}

/** "node_modules/@aws-sdk/client-s3/dist-es/x.js" -> "@aws-sdk/client-s3"; our files -> their folder. */
function owner(input: string): string {
  const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (m) return m[1];
  return input.split('/').slice(0, 2).join('/');
}

const FRONT_END_PACKAGES =
  /^(react|react-dom|react-router|react-router-dom|@mui\/.+|@emotion\/.+|i18next|react-i18next|@fontsource\/.+)$/;
/** The SDK's default credential chain, which the bundles replace (functions/lib/lambda-credentials.ts). */
const SDK_CREDENTIAL_CHAIN =
  /^@aws-sdk\/(credential-provider-(node|ini|sso|process|web-identity|login)|nested-clients|token-providers)$/;
/** Areas that draw QR codes: the ones with a qrcode route in the route table. */
const QR_AREAS = new Set(routes.filter((r) => /qrcode/i.test(r.path)).map((r) => r.area));

function inspect(name: Name, dir: string): Content {
  const code = readFileSync(join(dir, 'index.mjs'));
  const meta = JSON.parse(readFileSync(join(dir, 'index.meta.json'), 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
  };
  const inputs = Object.entries(Object.values(meta.outputs)[0].inputs).filter(([, v]) => v.bytesInOutput > 0);
  const byOwner = new Map<string, number>();
  for (const [path, v] of inputs) byOwner.set(owner(path), (byOwner.get(owner(path)) ?? 0) + v.bytesInOutput);
  const findings: string[] = [];
  if (name !== HELLO) {
    const frontEnd = inputs.filter(([p]) => p.startsWith('frontend/'));
    if (frontEnd.length) findings.push(`front-end source (${frontEnd.length} files)`);
    for (const [pkg] of byOwner) if (FRONT_END_PACKAGES.test(pkg)) findings.push(`front-end package ${pkg}`);
    const locales = inputs.filter(([p]) => /zod\/v4\/locales\/(?!en\.js|index\.js)/.test(p));
    if (locales.length) {
      const kb = locales.reduce((s, [, v]) => s + v.bytesInOutput, 0) / 1024;
      findings.push(`zod locales (${locales.length} files, ${kb.toFixed(0)} KB)`);
    }
    const chain = [...byOwner.keys()].filter((pkg) => SDK_CREDENTIAL_CHAIN.test(pkg));
    if (chain.length) findings.push(`the SDK's default credential chain (${chain.join(', ')})`);
    if (byOwner.has('qrcode') && !QR_AREAS.has(name)) findings.push('qrcode without a qrcode route');
    if (byOwner.has('@aws-sdk/client-s3') && !AREA_GRANTS[name]?.uploads) findings.push('S3 client without bucket access');
    if (byOwner.has('@aws-sdk/s3-request-presigner') && !AREA_GRANTS[name]?.uploads)
      findings.push('S3 presigner without bucket access');
  }
  return {
    bytes: code.length,
    gzipBytes: gzipSync(code).length,
    top: [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 4),
    findings,
  };
}

// ---------- cold start: fresh processes, one event each

/** Runs in the fresh process: import the bundle, answer one event, report the times (ms since process start). */
const CHILD = `
const [bundleUrl, eventJson] = process.argv.slice(2);
const t0 = performance.now();
const { handler } = await import(bundleUrl);
const t1 = performance.now();
const res = await handler(JSON.parse(eventJson), {
  awsRequestId: 'cold-start', functionName: 'bench', getRemainingTimeInMillis: () => 10000, callbackWaitsForEmptyEventLoop: true,
});
const t2 = performance.now();
process.stdout.write('\\nCOLDSTART ' + JSON.stringify({ startMs: t0, importMs: t1 - t0, answerMs: t2 - t1, totalMs: t2, status: res.statusCode }) + '\\n');
`;

/**
 * Runs in a fresh process, not timed: imports the bundle with Intl's constructors and toLocaleString watched
 * and prints what was called. The first Intl object of a process loads the ICU data (about 15 ms here), so
 * one made while the module loads is paid on every cold start; made on first use, only by the requests that need it.
 */
const INTL_PROBE = `
const calls = [];
for (const k of ['DateTimeFormat', 'NumberFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Segmenter']) {
  const C = Intl[k];
  if (C) Intl[k] = new Proxy(C, { construct: (t, a) => (calls.push(k), Reflect.construct(t, a)), apply: (t, self, a) => (calls.push(k), Reflect.apply(t, self, a)) });
}
for (const [name, proto] of [['Number', Number.prototype], ['Date', Date.prototype], ['String', String.prototype]]) {
  for (const m of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString', 'localeCompare']) {
    const f = proto[m];
    if (f) proto[m] = function (...a) { calls.push(name + '.' + m); return f.apply(this, a); };
  }
}
await import(process.argv[2]);
process.stdout.write('\\nINTL ' + JSON.stringify([...new Set(calls)]) + '\\n');
`;

/** Runs `node file bundle-url ...args` and returns what the process printed as JSON after `marker` on a line. */
function markedOutput<T>(marker: string, file: string, bundle: string, env: NodeJS.ProcessEnv, args: string[] = []): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, pathToFileURL(bundle).href, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(`${marker} `));
      if (code !== 0 || !line) return reject(new Error(`${bundle}: exit ${code}\n${err || out}`));
      resolve(JSON.parse(line.slice(marker.length + 1)) as T);
    });
  });
}

const intlAtImport = (probeFile: string, bundle: string, env: NodeJS.ProcessEnv) =>
  markedOutput<string[]>('INTL', probeFile, bundle, env);

interface Sample {
  startMs: number;
  importMs: number;
  answerMs: number;
  totalMs: number;
  status: number;
}

/**
 * The route an area is measured with: a staff GET without path parameters; else a staff GET with them (filled
 * with a placeholder: the token is refused before they are read); else a public GET without them (the token is
 * still verified, the answer is the route's own).
 */
function benchRoute(area: FunctionArea): RouteDef {
  const gets = routes.filter((x) => x.area === area && x.method === 'GET');
  const staff = gets.filter((x) => x.access !== 'public');
  const r =
    staff.find((x) => !x.path.includes('{')) ?? staff[0] ?? gets.find((x) => x.access === 'public' && !x.path.includes('{'));
  if (!r) throw new Error(`area ${area} has no GET route to measure with`);
  return r;
}

const filledPath = (path: string) => path.replace(/\{[^}]+\}/g, 'bench');

function apiEvent(r: Pick<RouteDef, 'method' | 'path'>, token: string) {
  return {
    version: '2.0',
    routeKey: `${r.method} ${r.path}`,
    rawPath: filledPath(r.path),
    rawQueryString: '',
    headers: {
      host: 'abc123.execute-api.ap-south-1.amazonaws.com',
      authorization: `Bearer ${token}`,
      'user-agent': 'Amazon CloudFront',
      'cloudfront-viewer-address': '203.0.113.7:50000',
      'x-origin-verify': ORIGIN_VERIFY_VALUE,
    },
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      domainName: 'abc123.execute-api.ap-south-1.amazonaws.com',
      http: {
        method: r.method,
        path: filledPath(r.path),
        protocol: 'HTTP/1.1',
        sourceIp: '130.176.0.1',
        userAgent: 'Amazon CloudFront',
      },
      requestId: 'cold-start',
      routeKey: `${r.method} ${r.path}`,
      stage: '$default',
      time: '01/Jan/2026:00:00:00 +0000',
      timeEpoch: 1767225600000,
    },
    isBase64Encoded: false,
  };
}

const runOnce = (childFile: string, bundle: string, event: unknown, env: NodeJS.ProcessEnv) =>
  markedOutput<Sample>('COLDSTART', childFile, bundle, env, [JSON.stringify(event)]);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;

async function main() {
  const outdir = join(REPO_ROOT, 'node_modules', '.cache', 'seed-cold-start', SDK_EXTERNAL ? 'sdk-external' : 'stack');
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const childFile = join(outdir, 'child.mjs');
  writeFileSync(childFile, CHILD);
  const probeFile = join(outdir, 'intl-probe.mjs');
  writeFileSync(probeFile, INTL_PROBE);

  console.log(
    `Bundling ${FUNCTION_AREAS.length} areas and ${HELLO} with AREA_BUNDLING${SDK_EXTERNAL ? ' (what-if: AWS SDK external)' : ''} ...`,
  );
  const started = Date.now();
  const dirs = bundleAll(outdir);
  console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const names: Name[] = [...FUNCTION_AREAS, HELLO];
  const content = new Map(names.map((n) => [n, inspect(n, dirs.get(n)!)] as const));

  const stub = await startAwsStub(JWT_SECRET_VALUE);
  const token = await signForMissingAdmin(JWT_SECRET_VALUE, { name: 'Bench', email: 'bench@example.org' });
  const baseEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // What Lambda gives a function: region, the role's temporary credentials, the execution environment.
    AWS_REGION: 'ap-south-1',
    AWS_DEFAULT_REGION: 'ap-south-1',
    AWS_ACCESS_KEY_ID: 'ASIABENCHBENCHBENCH0',
    AWS_SECRET_ACCESS_KEY: 'bench-secret-access-key',
    AWS_SESSION_TOKEN: 'bench-session-token',
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
    AWS_ENDPOINT_URL_DYNAMODB: stub.endpoint,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: stub.endpoint,
    // What the stack gives it (infra/constructs/api.ts).
    TABLE_NAME: 'SeedPortal-Table',
    UPLOADS_BUCKET: 'seedportal-uploads-bench',
    JWT_SECRET_ARN: 'arn:aws:secretsmanager:ap-south-1:123456789012:secret:JwtSigningKey-bench',
    PUBLIC_BASE_URL: 'https://d111111abcdef8.cloudfront.net',
    TOKEN_TTL_HOURS: '10',
    LOG_LEVEL: 'info',
    ORIGIN_VERIFY_HEADER_VALUE: ORIGIN_VERIFY_VALUE,
  };
  const envOf = (n: Name): NodeJS.ProcessEnv =>
    n !== HELLO && AREA_GRANTS[n]?.aadhaarKey
      ? { ...baseEnv, AADHAAR_KEY_ARN: 'arn:aws:secretsmanager:ap-south-1:123456789012:secret:AadhaarKey-bench' }
      : baseEnv;
  const eventOf = (n: Name) => apiEvent(n === HELLO ? { method: 'GET', path: '/hello' } : benchRoute(n), token);

  for (const n of FUNCTION_AREAS) {
    const intl = await intlAtImport(probeFile, join(dirs.get(n)!, 'index.mjs'), envOf(n));
    if (intl.length) content.get(n)!.findings.push(`Intl used while the module loads (${intl.join(', ')})`);
  }

  console.log(`Cold start: ${RUNS} fresh Node ${process.version} processes per function, interleaved ...`);
  const samples = new Map<Name, Sample[]>(names.map((n) => [n, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const n of names) samples.get(n)!.push(await runOnce(childFile, join(dirs.get(n)!, 'index.mjs'), eventOf(n), envOf(n)));
  }
  await stub.close();

  const hello = samples.get(HELLO)!;
  const helloTotal = median(hello.map((s) => s.totalMs));
  const helloInProcess = median(hello.map((s) => s.importMs + s.answerMs));
  const rows = names.map((n) => {
    const c = content.get(n)!;
    const s = samples.get(n)!;
    const total = median(s.map((x) => x.totalMs));
    const inProcess = median(s.map((x) => x.importMs + x.answerMs));
    return {
      function: n,
      route: n === HELLO ? '-' : `${benchRoute(n).method} ${benchRoute(n).path}`,
      status: [...new Set(s.map((x) => x.status))].join('/'),
      minified: kb(c.bytes),
      gzip: kb(c.gzipBytes),
      'node start': ms(median(s.map((x) => x.startMs))),
      import: ms(median(s.map((x) => x.importMs))),
      'first answer': ms(median(s.map((x) => x.answerMs))),
      'start to answer': ms(total),
      'x hello': (total / helloTotal).toFixed(2),
      'import+answer x hello': (inProcess / helloInProcess).toFixed(1),
      size: n === HELLO ? '' : c.bytes <= SIZE_TARGET_BYTES ? 'ok' : 'OVER',
      'cold start': n === HELLO ? '' : total <= COLD_START_TARGET_RATIO * helloTotal ? 'ok' : 'OVER',
    };
  });
  console.log('');
  console.table(rows);
  console.log('Largest parts of each bundle (KB of minified output):');
  for (const n of names) {
    const c = content.get(n)!;
    console.log(`  ${n.padEnd(14)} ${c.top.map(([k, v]) => `${k} ${(v / 1024).toFixed(0)}`).join(', ')}`);
  }
  console.log('Unexpected content:');
  const flagged = names.filter((n) => content.get(n)!.findings.length);
  if (!flagged.length) console.log('  none');
  for (const n of flagged) console.log(`  ${n.padEnd(14)} ${content.get(n)!.findings.join('; ')}`);
  console.log(
    `Stub calls: ${Object.entries(stub.calls)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  console.log(
    `Targets: each bundle <= ${kb(SIZE_TARGET_BYTES)} minified; process start to first answer <= ${COLD_START_TARGET_RATIO}x ${HELLO} (${ms(helloTotal)}, of which import+answer ${helloInProcess.toFixed(1)} ms).`,
  );
}

main().catch((e) => {
  console.error(e);
  // The stub server would keep the process alive.
  process.exit(1);
});
