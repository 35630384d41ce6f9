import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { consumeRecords } from '../lib/stream-consumer';
import { notificationEvents } from './notification-events';

/**
 * The table's stream, filtered by the event source mapping to new registrations, new bills and pending outbox
 * items: writes the messages and sends them (notification-events.ts, sender.ts). Failures are answered per record.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  return consumeRecords(notificationEvents, event.Records);
}
