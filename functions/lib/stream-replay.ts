import type { DynamoDBRecord } from 'aws-lambda';
import { decode, type StreamConsumer } from './stream-consumer';
import { failedRecords, forgetFailure, noteFailure } from './stream-failures';

/**
 * Hands the records a consumer set aside (functions/lib/stream-failures.ts) to it again, once the cause is fixed:
 * each one handled leaves the store; one that fails again stays set aside with its new error. Safe to run at
 * any time and twice: the consumers are idempotent per record and read the items as stored now (an erased
 * registration stays erased).
 */
export interface ReplayOutcome {
  sequenceNumber: string;
  itemPk: string;
  handled: boolean;
  error?: string;
}

export async function replaySetAside(
  consumer: StreamConsumer,
  o: { sequenceNumber?: string; includePending?: boolean } = {},
): Promise<ReplayOutcome[]> {
  const held = (await failedRecords(consumer.name)).filter(
    (r) => (o.includePending || r.setAside) && (!o.sequenceNumber || r.sequenceNumber === o.sequenceNumber),
  );
  const outcomes: ReplayOutcome[] = [];
  for (const r of held) {
    let error: Error | undefined;
    try {
      const record = JSON.parse(r.record) as DynamoDBRecord;
      const failures = await consumer.handle([decode(record)]);
      error = failures.get(r.sequenceNumber) ?? [...failures.values()][0];
    } catch (e) {
      error = e as Error;
    }
    if (error) {
      const message = `${error.name}: ${error.message}`;
      await noteFailure({
        consumer: consumer.name,
        sequenceNumber: r.sequenceNumber,
        record: r.record,
        itemPk: r.itemPk,
        error: message,
        permanent: true,
      });
      outcomes.push({ sequenceNumber: r.sequenceNumber, itemPk: r.itemPk, handled: false, error: message });
    } else {
      await forgetFailure(consumer.name, r.sequenceNumber);
      outcomes.push({ sequenceNumber: r.sequenceNumber, itemPk: r.itemPk, handled: true });
    }
  }
  return outcomes;
}
