import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { applyTableChanges, type TableChange } from './registration-events';

/**
 * The table's stream, filtered by the event source mapping to the inserts of registrations: links each to its
 * farmer and counts them on the dashboard (registration-events.ts). A failure fails the whole batch, which the
 * stream delivers again, whole (no bisecting: the batch's counters are added once under its name).
 */
export async function handler(event: DynamoDBStreamEvent): Promise<void> {
  const changes: TableChange[] = event.Records.map((r) => ({
    eventName: r.eventName ?? '',
    sequenceNumber: r.dynamodb?.SequenceNumber ?? '',
    newImage: r.dynamodb?.NewImage ? unmarshall(r.dynamodb.NewImage as Record<string, AttributeValue>) : undefined,
  }));
  const source = event.Records[0]?.eventSourceARN ?? 'stream';
  await applyTableChanges(source, changes);
}
