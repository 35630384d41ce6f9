import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { assertPortFree } from '@infra/local/port-check';
import { startLocalStack } from '@infra/local/stack';
import { freePort } from '../support/ports';

/**
 * `npm start` that fails after DynamoDB Local and s3rver started (here: a table name DynamoDB refuses) stops
 * both before it reports the failure: nothing is left running on their ports (a Java process left behind would
 * hold its port and memory until the machine restarts).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'seed-stack-cleanup-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('stops DynamoDB Local and s3rver when starting fails after them', async () => {
  const [port, dynamoPort, s3Port] = [await freePort(), await freePort(), await freePort()];
  const saved = { ...process.env };
  try {
    await expect(
      startLocalStack({
        port,
        dataDir,
        dynamoPort,
        s3Port,
        tableName: 'x', // under DynamoDB's 3-character minimum: refused when the table is made
        uploadsBucket: 'cleanup-uploads',
        staticDir: 'frontend/dist',
        adminEmail: 'admin@cleanup.local',
        adminPassword: 'cleanup-password-1',
      }),
    ).rejects.toThrow(/table/i);
  } finally {
    process.env = saved;
  }
  await expect(assertPortFree(dynamoPort, 'DYNAMODB_PORT', '127.0.0.1')).resolves.toBeUndefined();
  await expect(assertPortFree(s3Port, 'S3_PORT', '127.0.0.1')).resolves.toBeUndefined();
  await expect(assertPortFree(port, 'PORT')).resolves.toBeUndefined();
}, 120_000);
