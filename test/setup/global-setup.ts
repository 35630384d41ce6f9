process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { chromium, type BrowserServer } from 'playwright-core';
import { localDynamoClient, startDynamo, type LocalDynamo } from '@infra/local/dynamo';
import { startS3 } from '@infra/local/s3';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium';
import { freePort } from '../support/ports';
import { recordedLeaks, resetLeakFile, sweepTables } from '../support/aadhaar-sweep';

/**
 * One real DynamoDB Local (in memory), one s3rver and one Chromium for the whole run; each test file uses its own
 * table, and each end-to-end file its own browser contexts on the shared Chromium.
 */
export const TEST_BUCKET = 'seed-uploads-test';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    s3Endpoint: string;
    uploadsBucket: string;
    /** The run's Chromium (test/support/browser.ts connectBrowser), or '' when it could not be started. */
    browserEndpoint: string;
    /** Why the run's Chromium could not be started ('' when it runs). */
    browserError: string;
  }
}

/**
 * DynamoDB Local on a port of this run's own. The emulator cannot listen on port 0, so a free port is chosen
 * first, and a test run beside this one may start its emulator on the same port meanwhile: ours then exits
 * (port taken), or the readiness check reaches the other run's emulator, which has tables already. Either way
 * another port is tried. Any other failure (no Java, too slow to start) ends the run's setup at once.
 */
async function startRunDynamo(tries = 3): Promise<LocalDynamo> {
  for (let attempt = 1; ; attempt++) {
    const dynamo = await startDynamo({ port: await freePort() }).catch((e: Error) => {
      if (attempt < tries && e.message.startsWith('DynamoDB Local exited')) return undefined;
      throw e;
    });
    if (!dynamo) continue;
    const client = localDynamoClient(dynamo.endpoint);
    const tables = await client.send(new ListTablesCommand({})).finally(() => client.destroy());
    if (dynamo.process.exitCode === null && (tables.TableNames ?? []).length === 0) return dynamo;
    await dynamo.stop();
    if (attempt >= tries) throw new Error(`DynamoDB Local: port ${new URL(dynamo.endpoint).port} is another emulator's`);
  }
}

/**
 * Chromium for every end-to-end file of the run: files connect to it (a browser process each would cost a start
 * and its memory per file). Listens on loopback only, at a path of random characters. A run of integration
 * tests alone on a machine without Chromium still runs: the end-to-end harness reports the error instead.
 */
async function startRunBrowser(): Promise<BrowserServer | Error> {
  return chromium
    .launchServer({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS], host: '127.0.0.1' })
    .catch((e: Error) => e);
}

export default async function setup(project: TestProject) {
  const leakFile = resetLeakFile();
  const s3Dir = mkdtempSync(join(tmpdir(), 'seed-s3-'));
  const [dynamo, s3, browser] = await Promise.all([
    startRunDynamo(),
    // The S3 stand-in takes any free port itself.
    startS3({ port: 0, directory: s3Dir, buckets: [TEST_BUCKET] }),
    startRunBrowser(),
  ]);
  project.provide('dynamoEndpoint', dynamo.endpoint);
  project.provide('s3Endpoint', s3.endpoint);
  project.provide('uploadsBucket', TEST_BUCKET);
  project.provide('browserEndpoint', browser instanceof Error ? '' : browser.wsEndpoint());
  project.provide('browserError', browser instanceof Error ? browser.message : '');
  return async () => {
    if (!(browser instanceof Error)) await browser.close();
    const tables = await sweepTables(localDynamoClient(dynamo.endpoint)).catch((e: Error) => {
      console.error(`privacy sweep could not scan the tables: ${e.message}`);
      process.exitCode = 1;
      return 0;
    });
    await Promise.all([dynamo.stop(), s3.stop()]);
    // vitest only logs a teardown error; the exit code is what fails the run.
    const leaks = recordedLeaks();
    if (leaks.length > 0) {
      console.error(`\nPRIVACY SWEEP FAILED: ${leaks.length} Aadhaar-like numbers in clear (${leakFile}):`);
      for (const line of leaks.slice(0, 40)) console.error(`  ${line}`);
      process.exitCode = 1;
    } else {
      console.log(`Privacy sweep: no Aadhaar number in clear in ${tables} tables, the log lines or the browser's URLs.`);
    }
    rmSync(s3Dir, { recursive: true, force: true });
  };
}
