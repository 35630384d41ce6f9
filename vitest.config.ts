import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { HeaviestFirst } from './test/setup/heaviest-first';
import { recordLeaks } from './test/support/aadhaar-sweep';

/** The fast tier: the pure logic beside the code and the checks of the repository's files (test/checks). */
const FAST_FILES = [
  'shared/**/*.test.ts',
  'functions/**/*.test.ts',
  'frontend/src/**/*.test.{ts,tsx}',
  'bench/**/*.test.ts',
  // The checks that read the repository's files (docs references, import graph, names, sizes, lint).
  'test/checks/**/*.test.ts',
];

/**
 * Fast-tier files that change what a process shares (its environment, its time zone, module mocks, globals, the
 * clock). They run each in a fresh module graph (`fast-isolated`); the rest share one per worker (`fast`), which
 * saves importing the same modules for every file. Found by reading the files, so a new test that sets
 * process.env or mocks a module is isolated without anyone listing it.
 */
const CHANGES_SHARED_STATE = /process\.env|\bTZ\b|resetEnvCache|globalThis|vi\.(mock|doMock|stub\w*|useFakeTimers|spyOn)\b/;
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const FAST_ROOTS = ['shared', 'functions', 'frontend/src', 'bench', 'test/checks'];
const testFilesUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() && e.name !== 'node_modules'
      ? testFilesUnder(join(dir, e.name))
      : /\.test\.tsx?$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
const FAST_ISOLATED = FAST_ROOTS.flatMap(testFilesUnder).filter((file) =>
  CHANGES_SHARED_STATE.test(readFileSync(join(ROOT, file), 'utf8')),
);

/** The product's own JSON log lines (functions/lib/log.ts): checked for Aadhaar numbers, then kept off the screen. */
const PRODUCT_LOG_LINE = /^\{"level":"(debug|info|warn|error)"/;

/**
 * Two tiers (docs/decisions/0018-test-tiers.md): `fast`, the pure logic beside the code and the checks of the
 * repository's files (test/checks), which need no emulator or browser (`npm run test:fast`: `fast` and
 * `fast-isolated`); `stack`, the rest
 * of test/ against the run's DynamoDB Local, s3rver and Chromium, with `stack-cdk` (the CDK stack and its
 * bundles). `npm test` runs all three.
 */
export default defineConfig({
  // @shared/, @functions/, …: the path aliases of tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    exclude: ['node_modules/**', 'frontend/dist/**', 'cdk.out/**'],
    environment: 'node',
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    pool: 'forks',
    maxWorkers: 2,
    // The longest files first across the three tiers (test/setup/heaviest-first.ts).
    sequence: { sequencer: HeaviestFirst },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Browser tests poll for what a server answer changes on screen; on a busy 2-core machine a password
    // hash or a sale can take longer than the default second.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default'],
    // Every log line the handlers write during the run goes through the privacy sweep (test/support/aadhaar-sweep.ts).
    onConsoleLog(line, type) {
      recordLeaks(`log (${type})`, line);
      return PRODUCT_LOG_LINE.test(line) ? false : undefined;
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          include: FAST_FILES,
          exclude: ['node_modules/**', ...FAST_ISOLATED],
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: { name: 'fast-isolated', include: FAST_ISOLATED, testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: 'stack',
          include: ['test/**/*.test.ts'],
          exclude: ['node_modules/**', 'test/checks/**', 'test/infra/**'],
          // Nothing in these tests is timed (they wait for the state they check); the limit only ends a test that
          // hangs, and a page walk or a burst on a 2-core machine shared with another test run takes a while.
          testTimeout: 60_000,
          // A file each in a worker thread: cheaper to start than a process, with its own process.env, which each
          // file sets for its own table. (The fast tier stays in processes: its time-zone tests set TZ.)
          pool: 'threads',
          // One DynamoDB Local, one s3rver and one Chromium for the run, and the privacy sweep of the whole run at its end.
          globalSetup: ['test/setup/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The CDK stack and its bundles: in processes, as CDK's bundling hands its own stdio to esbuild.
          name: 'stack-cdk',
          include: ['test/infra/**/*.test.ts', 'infra/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
