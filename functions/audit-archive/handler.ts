import { PutObjectCommand } from '@aws-sdk/client-s3';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { archiveKeyOf, isAuditItem } from '../lib/audit-log';
import { s3Client } from '../lib/s3-client';
import { env } from '../lib/env';
import { log } from '../lib/log';

/**
 * The audit log's archive (docs/decisions/0027-records.md, section 2): every new entry of the table's stream
 * (the event source mapping passes only the inserts of log entries) is copied to the archive bucket, one object
 * per entry, whose Object Lock retention (governance mode, set in the stack) keeps it unchanged. A copy made
 * twice (a batch retried) writes the same body under the same key. Records that fail are reported one by
 * one, so the stream retries them and not the batch.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    try {
      await archive(record);
    } catch (e) {
      log.error('audit entry not archived', { sequence: record.dynamodb?.SequenceNumber, error: (e as Error).message });
      failures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' });
    }
  }
  return { batchItemFailures: failures };
}

async function archive(record: DynamoDBRecord): Promise<void> {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || !image) return;
  const item = unmarshall(image as Record<string, AttributeValue>);
  if (!isAuditItem(item)) return;
  await s3Client().send(
    new PutObjectCommand({
      Bucket: env().AUDIT_ARCHIVE_BUCKET,
      Key: archiveKeyOf(item),
      Body: JSON.stringify(item),
      ContentType: 'application/json',
    }),
  );
}
