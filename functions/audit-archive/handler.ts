import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { archiveKeyOf, isAuditItem, isAuditPk } from '../lib/audit-log';
import { s3Client } from '../lib/s3-client';
import { env } from '../lib/env';
import { consumeRecords, type DecodedRecord, type StreamConsumer } from '../lib/stream-consumer';

/**
 * The audit log's archive (docs/decisions/0023-records.md, section 2): every new entry of the table's stream
 * (the event source mapping passes only the inserts of log entries) is copied to the archive bucket, one object
 * per entry, whose Object Lock retention (governance mode, set in the stack) keeps it unchanged. A copy made
 * twice (a record delivered again) writes the same body under the same key. Failures are answered per record,
 * and a record that keeps failing is set aside whole for a replay (functions/lib/stream-consumer.ts).
 */
export const auditArchive: StreamConsumer = {
  name: 'audit-archive',
  accepts: (r) => r.eventName === 'INSERT' && isAuditPk((r.dynamodb?.Keys?.pk as { S?: string } | undefined)?.S),
  async handle(records) {
    const failures = new Map<string, Error>();
    for (const record of records) {
      try {
        await archive(record);
      } catch (e) {
        failures.set(record.sequenceNumber, e as Error);
      }
    }
    return failures;
  },
};

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  return consumeRecords(auditArchive, event.Records);
}

async function archive(record: DecodedRecord): Promise<void> {
  const item = record.newImage;
  if (!item || !isAuditItem(item)) return;
  await s3Client().send(
    new PutObjectCommand({
      Bucket: env().AUDIT_ARCHIVE_BUCKET,
      Key: archiveKeyOf(item),
      Body: JSON.stringify(item),
      ContentType: 'application/json',
    }),
  );
}
