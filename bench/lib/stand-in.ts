/**
 * The local stand-in for a bench run, in this process: DynamoDB Local (in memory unless `dbPath`), s3rver and
 * the gateway (infra/local/stack.ts) on free loopback ports, data in a temporary directory removed on stop.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@test/support/ports';
import { login, type Http } from './common';

export interface BenchStandIn {
  url: string;
  dataDir: string;
  tableName: string;
  bucket: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  /** Runs the table stream's consumer until it has caught up (a no-op when the stand-in runs none). */
  drainStreams(): Promise<void>;
  stop(): Promise<void>;
}

export async function startBenchStandIn(o: {
  name: string;
  adminEmail: string;
  adminPassword: string;
  dbPath?: string;
  /** The allocation sweep every minute, the hourly scan retention and the reconciliation, as `npm start` runs them (default true). */
  allocationSweeps?: boolean;
  /** The table stream's consumer: polling as `npm start` runs it (default), or none (bench/cost.ts runs its own). */
  stream?: 'poll' | 'none';
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
    allocationSweeps: o.allocationSweeps,
    scanRetention: o.allocationSweeps,
    reconcile: o.allocationSweeps,
    stream: o.stream,
  });
  return {
    url: stack.url,
    dataDir,
    tableName: o.name,
    bucket,
    dynamoEndpoint: dynamo.endpoint,
    s3Endpoint: s3.endpoint,
    drainStreams: () => stack.drainStreams(),
    stop: async () => {
      await stack.stop();
      await Promise.all([dynamo.stop(), s3.stop()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface BenchTarget {
  h: Http;
  /** The admin's bearer token. */
  token: string;
  /** Whether the run started its own stand-in. */
  local: boolean;
  /** The stand-in's table, which a bench may read whole (none against BASE_URL). */
  table?: { endpoint: string; name: string };
  /** Runs the stand-in's stream consumer until it has caught up (none against BASE_URL). */
  drainStreams?(): Promise<void>;
  /** Stops the run's own stand-in, if it started one. */
  stop(): Promise<void>;
}

/**
 * What a bench run talks to, signed in as its admin: BASE_URL with ADMIN_EMAIL and ADMIN_PASSWORD, or else a
 * stand-in of its own (DynamoDB Local in memory, s3rver under a temporary data directory) with that admin.
 */
export async function benchTarget(name: string): Promise<BenchTarget> {
  const adminEmail = process.env.ADMIN_EMAIL ?? `${name}-admin@bench.local`;
  const adminPassword = process.env.ADMIN_PASSWORD ?? `${name}-bench-password`;
  const standIn = process.env.BASE_URL ? undefined : await startBenchStandIn({ name, adminEmail, adminPassword });
  const h: Http = { url: standIn?.url ?? process.env.BASE_URL! };
  return {
    h,
    token: await login(h, adminEmail, adminPassword),
    local: !!standIn,
    ...(standIn
      ? { table: { endpoint: standIn.dynamoEndpoint, name: standIn.tableName }, drainStreams: () => standIn.drainStreams() }
      : {}),
    stop: async () => standIn?.stop(),
  };
}
