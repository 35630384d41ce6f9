import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { FunctionArea } from '../shared/routes';

/**
 * How every area function is built. The stack (infra/constructs/lambda-function.ts), the bundle test
 * (test/infra/bundle.test.ts) and the cold-start bench (bench/cold-start.ts) all take these, so what is
 * measured is what is deployed. Reasons: docs/decisions/0010-function-bundles.md.
 */

/** Repository root (this file lives in infra/). */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The Lambda entry of an API area. */
export function areaEntry(area: FunctionArea): string {
  return join(REPO_ROOT, 'functions', area, 'handler.ts');
}

/** The Lambda entry of the scheduled orphan-scan sweep (not an API area). */
export const ORPHAN_SCAN_SWEEPER_ENTRY = join(REPO_ROOT, 'functions', 'registrations', 'orphan-scans-handler.ts');

/** The Lambda entry of the scheduled allocation sweep (not an API area). */
export const ALLOCATION_SWEEPER_ENTRY = join(REPO_ROOT, 'functions', 'allocation', 'sweep-handler.ts');

/** The Lambda entry of the daily scan retention job (not an API area). */
export const SCAN_RETENTION_ENTRY = join(REPO_ROOT, 'functions', 'registrations', 'retention-handler.ts');

/** The Lambda entry of the nightly reconciliation of farmer links and counters (not an API area). */
export const RECONCILE_ENTRY = join(REPO_ROOT, 'functions', 'reconcile', 'handler.ts');

/** The Lambda entry of the audit log's archive (a DynamoDB Streams consumer, not an API area). */
export const AUDIT_ARCHIVE_ENTRY = join(REPO_ROOT, 'functions', 'audit-archive', 'handler.ts');

/** The Lambda entry of what follows a new registration (a DynamoDB Streams consumer, not an API area). */
export const REGISTRATION_EVENTS_ENTRY = join(REPO_ROOT, 'functions', 'registrations', 'stream-handler.ts');

/** The SMS sender (a DynamoDB Streams consumer), its delivery events (SNS) and its schedules (docs/decisions/0041-sms-notifications.md). */
export const SMS_SENDER_ENTRY = join(REPO_ROOT, 'functions', 'notifications', 'stream-handler.ts');
export const SMS_DELIVERY_EVENTS_ENTRY = join(REPO_ROOT, 'functions', 'notifications', 'delivery-events.ts');
export const SMS_JOBS_ENTRY = join(REPO_ROOT, 'functions', 'notifications', 'reminders.ts');

/** The API's Lambda authorizer: refuses what did not come through CloudFront (docs/decisions/0045). */
export const ORIGIN_AUTHORIZER_ENTRY = join(REPO_ROOT, 'functions', 'lib', 'origin-authorizer.ts');

export const FUNCTION_RUNTIME = Runtime.NODEJS_24_X;

/**
 * What the Lambda bundles use in place of the SDK's default credential provider chain
 * (`@aws-sdk/credential-provider-node`): the environment, then the container endpoint. Why and how it is
 * guarded: the module's own comment.
 */
export const LAMBDA_CREDENTIALS_MODULE = join(REPO_ROOT, 'functions', 'lib', 'lambda-credentials.ts');

/**
 * esbuild options of every area function: one minified ESM file per area.
 * - The AWS SDK is bundled (`externalModules: []`): the versions pinned in package-lock.json run in Lambda,
 *   not whatever SDK the runtime ships that month, and a bundled SDK starts faster than the runtime's copy.
 * - `mainFields: module, main`: packages without an `exports` map (the AWS SDK, @smithy/*) are taken from
 *   their ES module builds, which esbuild can tree-shake (their CommonJS builds are one file per package).
 * - The SDK's default credential chain is replaced by LAMBDA_CREDENTIALS_MODULE (an esbuild alias, so only the
 *   bundles are affected; tests and `npm start` keep the SDK's chain). It removes the STS, SSO and sign-in
 *   clients and the ini-file, process and web-identity providers: about 100 KB of every bundle.
 * - The banner gives CommonJS dependencies a `require` inside the ES module.
 * - `--charset=utf8` (an esbuild argument: this CDK version does not pass its own `charset` option on). By
 *   default esbuild writes ASCII, every Devanagari letter of the pages' Hindi texts as a six-byte `\uXXXX`
 *   escape instead of its three UTF-8 bytes: 26 KB of registrations, 15 KB of sales. Node reads an ES module
 *   as UTF-8; start-up measured the same (docs/performance.md, "Issue 34, target 4").
 */
export const AREA_BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  target: 'node24',
  minify: true,
  sourceMap: false,
  mainFields: ['module', 'main'],
  externalModules: [],
  banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
  esbuildArgs: {
    '--alias': [`@aws-sdk/credential-provider-node=${LAMBDA_CREDENTIALS_MODULE}`],
    '--charset': 'utf8',
  },
};

/**
 * The esbuild options CDK derives from AREA_BUNDLING, for building an area without a CDK synth (the size guard,
 * test/infra/bundle-size.test.ts). Only the fields AREA_BUNDLING sets are translated; the bench builds through
 * CDK itself and reports the same sizes within a few KB.
 */
export function esbuildOptionsOf(area: FunctionArea) {
  return esbuildOptionsOfEntry(areaEntry(area));
}

/** The same for any function's entry file (the stream consumers, schedules and the authorizer above). */
export function esbuildOptionsOfEntry(entry: string) {
  const b = AREA_BUNDLING;
  const alias = Object.fromEntries(
    [b.esbuildArgs?.['--alias'] ?? []].flat().map((a) => String(a).split('=') as [string, string]),
  );
  const charset = b.esbuildArgs?.['--charset'] === 'utf8' ? ('utf8' as const) : undefined;
  return {
    entryPoints: [entry],
    bundle: true,
    platform: 'node' as const,
    format: b.format === OutputFormat.ESM ? ('esm' as const) : ('cjs' as const),
    target: b.target,
    minify: b.minify,
    sourcemap: b.sourceMap,
    mainFields: b.mainFields,
    external: b.externalModules,
    banner: b.banner ? { js: b.banner } : undefined,
    alias,
    charset,
    absWorkingDir: REPO_ROOT,
  };
}
