import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { Charset, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { FunctionArea } from '../shared/routes';

/**
 * How every area function is built. The stack (infra/cloud-stack.ts), the bundle test
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

export const FUNCTION_RUNTIME = Runtime.NODEJS_22_X;

/**
 * esbuild options of every area function: one minified ESM file per area.
 * - The AWS SDK is bundled (`externalModules: []`): the versions pinned in package-lock.json run in Lambda,
 *   not whatever SDK the runtime ships that month, and a bundled SDK starts faster than the runtime's copy.
 * - `mainFields: module, main`: packages without an `exports` map (the AWS SDK, @smithy/*) are taken from
 *   their ES module builds, which esbuild can tree-shake (their CommonJS builds are one file per package).
 * - The banner gives CommonJS dependencies a `require` inside the ES module.
 */
export const AREA_BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  target: 'node22',
  minify: true,
  sourceMap: false,
  charset: Charset.UTF8,
  mainFields: ['module', 'main'],
  externalModules: [],
  banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
};
