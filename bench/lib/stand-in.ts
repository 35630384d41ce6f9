/**
 * The local stand-in for a bench run, in this process: DynamoDB Local (in memory unless `dbPath`), s3rver and
 * the gateway (infra/local/stack.ts) on free loopback ports, data in a temporary directory removed on stop.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@test/support/ports';

export interface BenchStandIn {
  url: string;
  dataDir: string;
  tableName: string;
  bucket: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  stop(): Promise<void>;
}

export async function startBenchStandIn(o: {
  name: string;
  adminEmail: string;
  adminPassword: string;
  dbPath?: string;
}): Promise<BenchStandIn> {
  const { startLocalStack } = await import('@infra/local/stack');
  const { startDynamo } = await import('@infra/local/dynamo');
  const { startS3 } = await import('@infra/local/s3');
  const dataDir = mkdtempSync(join(tmpdir(), `seed-${o.name}-`));
  const bucket = 'seed-uploads';
  const [port, dynamoPort, s3Port] = await Promise.all([freePort(), freePort(), freePort()]);
  const [dynamo, s3] = await Promise.all([
    startDynamo({ port: dynamoPort, dbPath: o.dbPath }),
    startS3({ port: s3Port, directory: join(dataDir, 's3'), buckets: [bucket] }),
  ]);
  const stack = await startLocalStack({
    port,
    dataDir,
    dynamoPort,
    dynamoEndpoint: dynamo.endpoint,
    s3Port,
    s3Endpoint: s3.endpoint,
    tableName: o.name,
    uploadsBucket: bucket,
    staticDir: 'frontend/dist',
    adminEmail: o.adminEmail,
    adminPassword: o.adminPassword,
  });
  return {
    url: stack.url,
    dataDir,
    tableName: o.name,
    bucket,
    dynamoEndpoint: dynamo.endpoint,
    s3Endpoint: s3.endpoint,
    stop: async () => {
      await stack.stop();
      await Promise.all([dynamo.stop(), s3.stop()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
