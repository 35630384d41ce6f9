import { DescribeTableCommand, DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import { consumeRecords, sequenceOf, type StreamConsumer as Consumer } from '@functions/lib/stream-consumer';
import { registrationEvents } from '@functions/registrations/registration-events';

/**
 * The cloud's event source mappings on the table's stream, for the local stand-in: reads every shard of the
 * table's stream from where it last got to and hands each batch to the same consumers as the Lambdas
 * (functions/lib/stream-consumer.ts, functions/registrations/registration-events.ts), filtered as the mappings
 * filter. As a mapping with partial batch answers, a batch whose record fails is read again from that record on
 * the next run; the consumer sets a record aside after its attempts, so the stream goes on. A record still
 * answered failed after MAPPING_RETRY_ATTEMPTS runs (the failure store could not be written) is given up and
 * logged, as the mapping hands it to its on-failure queue. Where it got to in each shard is kept in the table
 * (STREAMPOS#<shard>) after the batch is handled: a stand-in stopped at any moment goes on from there, and a
 * batch handled twice changes nothing twice (the consumers are idempotent per record). `drain()` runs until the
 * stream has nothing new (tests and benches call it to see the consumer's work without waiting on a timer).
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

/** A record as the Lambda receives it (the SDK's attribute values have the event's shape). */
function asLambdaRecord(r: _Record, arn: string): DynamoDBRecord {
  return {
    eventID: r.eventID,
    eventName: r.eventName as DynamoDBRecord['eventName'],
    eventSource: 'aws:dynamodb',
    eventSourceARN: arn,
    dynamodb: {
      Keys: r.dynamodb?.Keys as never,
      NewImage: r.dynamodb?.NewImage as never,
      SequenceNumber: r.dynamodb?.SequenceNumber,
      StreamViewType: r.dynamodb?.StreamViewType,
    },
  };
}

/** How many runs a record answered failed is read again before it is given up (the cloud mappings' retryAttempts). */
export const MAPPING_RETRY_ATTEMPTS = 10;

export function startStreamConsumer(o: {
  endpoint: string;
  tableName: string;
  intervalMs?: number;
  /** Keep the position in the table (default); bench/cost.ts keeps it in memory, so it meters only what the cloud pays. */
  keepPosition?: boolean;
  /** The consumers fed (default: the registration events; the audit archive has no bucket here). */
  consumers?: readonly Consumer[];
}): StreamConsumer {
  const consumers = o.consumers ?? [registrationEvents];
  /** Per shard and first failed record: the runs it was answered failed. */
  const retries = new Map<string, number>();
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

  /** One pass over every shard, one batch each; the number of records handed over (and one per shard retrying). */
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
      const records = (page.Records ?? []).map((r) => asLambdaRecord(r, arn));
      if (!records.length) continue;
      let upTo = records.length;
      for (const consumer of consumers) {
        const { batchItemFailures } = await consumeRecords(consumer, records);
        for (const f of batchItemFailures)
          upTo = Math.min(
            upTo,
            records.findIndex((r) => sequenceOf(r) === f.itemIdentifier),
          );
      }
      if (upTo < records.length) {
        const failed = sequenceOf(records[upTo]!);
        const runs = (retries.get(`${shardId}#${failed}`) ?? 0) + 1;
        retries.set(`${shardId}#${failed}`, runs);
        if (runs > MAPPING_RETRY_ATTEMPTS) {
          console.error(
            JSON.stringify({ level: 'error', msg: 'stream record given up after its retries', shard: shardId, sequence: failed }),
          );
          upTo += 1;
        }
      }
      // A record to read again counts as work: drain() runs until it is handled, set aside or given up.
      if (upTo < records.length) handed += 1;
      if (upTo === 0) continue;
      const last = sequenceOf(records[upTo - 1]!);
      // The position is written only after records some consumer takes: a write after every batch would be a
      // new record to read, for ever. Records no consumer takes are read again harmlessly after a restart.
      if (keep && records.slice(0, upTo).some((r) => consumers.some((c) => c.accepts(r)))) {
        await db.send(
          new PutItemCommand({
            TableName: o.tableName,
            Item: { pk: { S: `STREAMPOS#${shardId}` }, sk: { S: 'STREAMPOS' }, last: { S: last } },
          }),
        );
      }
      done.set(shardId, last);
      handed += upTo;
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
