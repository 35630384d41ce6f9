process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { localDynamoClient, startDynamo } from '@infra/local/dynamo';
import { startS3 } from '@infra/local/s3';
import { freePort } from '../support/ports';
import { recordedLeaks, resetLeakFile, sweepTables } from '../support/aadhaar-sweep';

/** One real DynamoDB Local (in memory) and one s3rver for the whole run; each test file uses its own table. */
export const TEST_BUCKET = 'seed-uploads-test';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    s3Endpoint: string;
    uploadsBucket: string;
  }
}

export default async function setup(project: TestProject) {
  const leakFile = resetLeakFile();
  const s3Dir = mkdtempSync(join(tmpdir(), 'seed-s3-'));
  const [dynamo, s3] = await Promise.all([
    freePort().then((port) => startDynamo({ port })),
    freePort().then((port) => startS3({ port, directory: s3Dir, buckets: [TEST_BUCKET] })),
  ]);
  project.provide('dynamoEndpoint', dynamo.endpoint);
  project.provide('s3Endpoint', s3.endpoint);
  project.provide('uploadsBucket', TEST_BUCKET);
  return async () => {
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
