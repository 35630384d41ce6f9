import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { consumeRecords } from '../lib/stream-consumer';
import { registrationEvents } from './registration-events';

/**
 * The table's stream, filtered by the event source mapping to the inserts of registrations: links each to its
 * farmer and counts it on the dashboard (registration-events.ts). Failures are answered per record (partial batch
 * answers, the mapping bisects); a record that keeps failing is set aside whole (functions/lib/stream-consumer.ts).
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  return consumeRecords(registrationEvents, event.Records);
}
