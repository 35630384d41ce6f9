import { defineConfig } from 'vitest/config';
import { recordLeaks } from './test/support/aadhaar-sweep';

/** The product's own JSON log lines (functions/lib/log.ts): checked for Aadhaar numbers, then kept off the screen. */
const PRODUCT_LOG_LINE = /^\{"level":"(debug|info|warn|error)"/;

export default defineConfig({
  // @shared/, @functions/, …: the path aliases of tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      'shared/**/*.test.ts',
      'functions/**/*.test.ts',
      'infra/**/*.test.ts',
      'frontend/src/**/*.test.{ts,tsx}',
      'test/**/*.test.ts',
    ],
    exclude: ['node_modules/**', 'frontend/dist/**', 'cdk.out/**'],
    environment: 'node',
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    globalSetup: ['test/setup/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
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
  },
});
