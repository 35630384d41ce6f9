import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { archiveKeyOf, isAuditItem, isAuditPk } from '../lib/audit-log';
import { env } from '../lib/env';
import { putObject } from '../lib/s3';
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
  // A signed PUT (functions/lib/s3.ts), not the SDK's S3 client: 440 -> under 200 KB of bundle.
  await putObject(env().AUDIT_ARCHIVE_BUCKET, archiveKeyOf(item), Buffer.from(JSON.stringify(item)), {
    contentType: 'application/json',
  });
}
