import { DescribeTableCommand, DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { applyTableChanges, type TableChange } from '@functions/registrations/registration-events';

/**
 * The cloud's event source mapping on the table's stream, for the local stand-in: reads every shard of the
 * table's stream from where it last got to and hands each batch to the same consumer as the Lambda
 * (functions/registrations/registration-events.ts). A batch that fails is read again, whole, on the next
 * run, as the mapping retries it. Where it got to in each shard is kept in the table (STREAMPOS#<shard>),
 * written in the same transaction as the batch's counters, so a stand-in stopped at any moment goes on after
 * the last batch counted: never counting one twice, never skipping one. `drain()` runs until the stream has
 * nothing new (tests and benches call it to see the consumer's work without waiting on a timer).
 */
export const STREAM_POLL_INTERVAL_MS = 1000;
const BATCH_SIZE = 1000;

const config = (endpoint: string) => ({
  region: 'ap-south-1',
  endpoint,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});

export interface StreamConsumer {
  /** Runs the consumer until the stream has nothing new (after any run in flight). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

function toChange(r: _Record): TableChange {
  return {
    eventName: r.eventName ?? '',
    sequenceNumber: r.dynamodb?.SequenceNumber ?? '',
    newImage: r.dynamodb?.NewImage ? unmarshall(r.dynamodb.NewImage as Record<string, AttributeValue>) : undefined,
  };
}

export function startStreamConsumer(o: {
  endpoint: string;
  tableName: string;
  intervalMs?: number;
  /** Keep the position in the table (default); bench/cost.ts keeps it in memory, so it meters only what the cloud pays. */
  keepPosition?: boolean;
}): StreamConsumer {
  const keep = o.keepPosition !== false;
  const db = new DynamoDBClient(config(o.endpoint));
  const streams = new DynamoDBStreamsClient(config(o.endpoint));
  /** Per shard: the last sequence number handed over successfully (read from the table at first use). */
  const done = new Map<string, string | null>();
  const positionKey = (shardId: string) => ({ pk: { S: `STREAMPOS#${shardId}` }, sk: { S: 'STREAMPOS' } });
  async function positionOf(shardId: string): Promise<string | null> {
    if (!done.has(shardId) && !keep) done.set(shardId, null);
    if (!done.has(shardId)) {
      const out = await db.send(new GetItemCommand({ TableName: o.tableName, Key: positionKey(shardId), ConsistentRead: true }));
      done.set(shardId, out.Item?.last?.S ?? null);
    }
    return done.get(shardId)!;
  }
  let running: Promise<number> | undefined;
  let stopped = false;

  /** One pass over every shard, one batch each; the number of records handed over. */
  async function pass(): Promise<number> {
    const table = await db.send(new DescribeTableCommand({ TableName: o.tableName }));
    const arn = table.Table?.LatestStreamArn;
    if (!arn) return 0;
    const stream = await streams.send(new DescribeStreamCommand({ StreamArn: arn }));
    let handed = 0;
    for (const shard of stream.StreamDescription?.Shards ?? []) {
      const shardId = shard.ShardId!;
      const after = await positionOf(shardId);
      const iterator = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: arn,
          ShardId: shardId,
          ...(after
            ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after }
            : { ShardIteratorType: 'TRIM_HORIZON' }),
        }),
      );
      if (!iterator.ShardIterator) continue;
      const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator.ShardIterator, Limit: BATCH_SIZE }));
      const records = page.Records ?? [];
      if (!records.length) continue;
      const changes = records.map(toChange);
      const last = changes.at(-1)!.sequenceNumber;
      const position = { TableName: o.tableName, Item: { pk: `STREAMPOS#${shardId}`, sk: 'STREAMPOS', last } };
      // The position is stored with a batch's counters only: a batch without registrations wrote nothing, and
      // is read again harmlessly after a restart (a write of its own would be a new record to read, for ever).
      await applyTableChanges(`${arn}#${shardId}`, changes, keep ? { alongside: { Put: position } } : {});
      done.set(shardId, last);
      handed += records.length;
    }
    return handed;
  }

  const run = () => {
    running ??= pass().finally(() => (running = undefined));
    return running;
  };
  const untilEmpty = async () => {
    while (!stopped && (await run()) > 0);
  };
  const tick = () => {
    if (stopped || running) return;
    untilEmpty().catch((e) =>
      console.error(
        JSON.stringify({ level: 'warn', msg: 'stream consumer failed (the batch is read again)', error: (e as Error).message }),
      ),
    );
  };
  // No timer with intervalMs 0: the consumer runs only when drained (the integration tests, deterministic).
  const timer = o.intervalMs === 0 ? undefined : setInterval(tick, o.intervalMs ?? STREAM_POLL_INTERVAL_MS);
  timer?.unref();

  return {
    async drain() {
      await running?.catch(() => undefined);
      while ((await run()) > 0);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
      db.destroy();
      streams.destroy();
    },
  };
}
