process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamo } from '../../infra/local/dynamo';
import { startS3 } from '../../infra/local/s3';
import { freePort } from '../support/ports';

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
  const s3Dir = mkdtempSync(join(tmpdir(), 'seed-s3-'));
  const [dynamo, s3] = await Promise.all([
    freePort().then((port) => startDynamo({ port })),
    freePort().then((port) => startS3({ port, directory: s3Dir, buckets: [TEST_BUCKET] })),
  ]);
  project.provide('dynamoEndpoint', dynamo.endpoint);
  project.provide('s3Endpoint', s3.endpoint);
  project.provide('uploadsBucket', TEST_BUCKET);
  return async () => {
    await Promise.all([dynamo.stop(), s3.stop()]);
    rmSync(s3Dir, { recursive: true, force: true });
  };
}
