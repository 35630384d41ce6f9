import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { log } from './log';
import { METRICS_NAMESPACE } from './metrics';
import { noteFailure, type ConsumerName } from './stream-failures';

/**
 * One way to consume the table's stream, for every consumer (docs/decisions/0036-stream-consumers.md): in the
 * cloud a Lambda behind an event source mapping with partial batch answers and bisecting, locally the stand-in's
 * poller (infra/local/streams.ts), the same code.
 *
 * Each record is decoded and handled on its own; a record that fails is answered failed alone, so the mapping
 * retries from it and the records before it stay done. Each failure is counted in the failure store with the
 * whole record (functions/lib/stream-failures.ts); after ATTEMPTS_BEFORE_SET_ASIDE, or at once when it cannot
 * even be read, the record is set aside there, logged and counted (SET_ASIDE_METRIC, which raises an alarm),
 * and answered done: the records after it go on. Only when the failure store itself cannot be written is the
 * record answered failed for good, and then the mapping's own retry limit and on-failure queue take over.
 * A consumer's handling must be idempotent per record: a record comes again after any failure near it.
 */
export { CONSUMERS, type ConsumerName } from './stream-failures';

/** A record read from the stream: its sequence number, the key of its item and the item after the change. */
export interface DecodedRecord {
  sequenceNumber: string;
  eventName: string;
  itemPk: string;
  newImage: Record<string, unknown> | undefined;
}

export interface StreamConsumer {
  name: ConsumerName;
  /** The event source mapping's filter, applied again here: the local poller reads every record. */
  accepts(record: DynamoDBRecord): boolean;
  /** Handles the records; answers the error of each one that failed, by sequence number. */
  handle(records: readonly DecodedRecord[]): Promise<Map<string, Error>>;
}

export const SET_ASIDE_METRIC = 'StreamRecordSetAside';
export const NOT_KEPT_METRIC = 'StreamRecordNotKept';

const keyOf = (r: DynamoDBRecord): string => String((r.dynamodb?.Keys?.pk as { S?: string } | undefined)?.S ?? '');
export const sequenceOf = (r: DynamoDBRecord): string => r.dynamodb?.SequenceNumber ?? '';

/** The record's new image, unmarshalled; throws on a record that cannot be read. */
export function decode(r: DynamoDBRecord): DecodedRecord {
  const image = r.dynamodb?.NewImage;
  return {
    sequenceNumber: sequenceOf(r),
    eventName: r.eventName ?? '',
    itemPk: keyOf(r),
    newImage: image ? unmarshall(image as Record<string, AttributeValue>) : undefined,
  };
}

/** Handles a batch as the mapping delivers it; the records to deliver again (partial batch answer). */
export async function consumeRecords(
  consumer: StreamConsumer,
  records: readonly DynamoDBRecord[],
): Promise<DynamoDBBatchResponse> {
  const wanted = records.filter((r) => consumer.accepts(r));
  const failures = new Map<string, { error: Error; permanent: boolean }>();
  const decoded: DecodedRecord[] = [];
  for (const r of wanted) {
    try {
      decoded.push(decode(r));
    } catch (e) {
      failures.set(sequenceOf(r), { error: e as Error, permanent: true });
    }
  }
  let handled: Map<string, Error>;
  try {
    handled = await consumer.handle(decoded);
  } catch (e) {
    // The consumer failed as a whole (not one record): every record it was given counts one failed attempt.
    handled = new Map(decoded.map((d) => [d.sequenceNumber, e as Error]));
  }
  for (const [sequence, error] of handled) failures.set(sequence, { error, permanent: false });

  const again: string[] = [];
  for (const r of wanted) {
    const sequence = sequenceOf(r);
    const failure = failures.get(sequence);
    if (!failure) continue;
    try {
      const noted = await noteFailure({
        consumer: consumer.name,
        sequenceNumber: sequence,
        record: JSON.stringify(r),
        itemPk: keyOf(r),
        error: `${failure.error.name}: ${failure.error.message}`,
        permanent: failure.permanent,
      });
      if (noted.setAside) {
        log.error('stream record set aside', {
          consumer: consumer.name,
          sequence,
          item: keyOf(r),
          attempts: noted.attempts,
          error: failure.error.message,
        });
        count(consumer.name, SET_ASIDE_METRIC);
      } else {
        log.warn('stream record failed (delivered again)', {
          consumer: consumer.name,
          sequence,
          attempts: noted.attempts,
          error: failure.error.message,
        });
        again.push(sequence);
      }
    } catch (e) {
      log.error('stream record failed and could not be kept (delivered again)', {
        consumer: consumer.name,
        sequence,
        error: failure.error.message,
        storeError: (e as Error).message,
      });
      count(consumer.name, NOT_KEPT_METRIC);
      again.push(sequence);
    }
  }
  return { batchItemFailures: again.map((itemIdentifier) => ({ itemIdentifier })) };
}

const metricsOf = new Map<ConsumerName, Metrics>();

function count(name: ConsumerName, metric: string): void {
  if (process.env.VITEST) return;
  try {
    let m = metricsOf.get(name);
    if (!m) metricsOf.set(name, (m = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: name })));
    m.addMetric(metric, MetricUnit.Count, 1);
    m.publishStoredMetrics();
  } catch {
    /* the log line above is kept either way */
  }
}
