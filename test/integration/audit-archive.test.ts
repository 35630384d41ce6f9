import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '@functions/audit-archive/handler';
import { s3Client } from '@functions/lib/s3-client';
import { env } from '@functions/lib/env';
import { onS3Request } from '@functions/lib/s3';
import { useTestApi } from '../support/integration';
import { scanTable } from '../support/table';

/**
 * The audit log's archive consumer (functions/audit-archive) on s3rver: each new AUDIT# item of a stream batch
 * becomes one object, audit/<day>/<at>#<event id>.json, holding the item; other items and changes are left
 * alone; a record that cannot be copied is reported alone, for the stream to retry. s3rver has no Object Lock:
 * the bucket's lock and retention are the stack's (test/infra/stack.test.ts), not checked here.
 */
const { api, tokens } = useTestApi('admin');
const bucket = () => env().AUDIT_ARCHIVE_BUCKET;

let sequence = 0;
function record(eventName: 'INSERT' | 'MODIFY' | 'REMOVE', item: Record<string, unknown>): DynamoDBRecord {
  return {
    eventName,
    dynamodb: {
      SequenceNumber: String(++sequence),
      Keys: marshall({ pk: item.pk, sk: item.sk }) as never,
      NewImage: marshall(item, { removeUndefinedValues: true }) as never,
    },
  };
}

const batch = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

async function readObject(key: string): Promise<unknown> {
  const r = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  return JSON.parse(await r.Body!.transformToString());
}

async function keysIn(prefix: string): Promise<string[]> {
  const r = await s3Client().send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix }));
  return (r.Contents ?? []).map((o) => o.Key!);
}

beforeAll(async () => {
  await s3Client()
    .send(new CreateBucketCommand({ Bucket: bucket() }))
    .catch(() => undefined);
});

describe('the audit archive consumer', () => {
  it('copies each new entry to one object named by its day and key, holding the item', async () => {
    for (const name of ['Archive crop A', 'Archive crop B']) {
      const r = await api.call('POST', '/api/crops', { token: tokens.admin, body: { cropName: name } });
      expect(r.status, r.text).toBe(201);
    }
    const entries = await scanTable({ FilterExpression: 'begins_with(pk, :p)', ExpressionAttributeValues: { ':p': 'AUDIT#' } });
    const crops = entries.filter((e) => e.action === 'crop.create');
    expect(crops).toHaveLength(2);
    const reply = await handler(batch(...crops.map((e) => record('INSERT', e))));
    expect(reply).toEqual({ batchItemFailures: [] });
    for (const e of crops) {
      const key = `audit/${String(e.pk).slice('AUDIT#'.length)}/${e.sk}.json`;
      expect(await readObject(key)).toEqual(e);
    }
    // A batch delivered again writes the same objects, no others.
    const day = String(crops[0].pk).slice('AUDIT#'.length);
    const before = await keysIn(`audit/${day}/`);
    await handler(batch(...crops.map((e) => record('INSERT', e))));
    expect(await keysIn(`audit/${day}/`)).toEqual(before);
  });

  it('leaves other items, changes and removals alone', async () => {
    const crop = { pk: 'CROP#999', sk: 'CROP', cropName: 'x' };
    const entry = { pk: 'AUDIT#2026-01-05', sk: '2026-01-05T04:00:00.000Z#e-modify', action: 'crop.update' };
    const reply = await handler(batch(record('INSERT', crop), record('MODIFY', entry), record('REMOVE', entry)));
    expect(reply).toEqual({ batchItemFailures: [] });
    expect(await keysIn('audit/2026-01-05/')).toEqual([]);
  });

  it('reports only the records it could not copy', async () => {
    const good = { pk: 'AUDIT#2026-01-06', sk: '2026-01-06T04:00:00.000Z#e-good', action: 'lot.update' };
    const bad = { pk: 'AUDIT#2026-01-06', sk: '2026-01-06T04:00:01.000Z#e-bad', action: 'lot.update' };
    // S3 refuses the one object (as a throttled or failed PUT would be).
    const stop = onS3Request((r) => {
      if (r.operation === 'PutObject' && r.key?.includes('e-bad'))
        throw Object.assign(new Error('SlowDown'), { name: 'SlowDown' });
    });
    try {
      const records = [record('INSERT', bad), record('INSERT', good)];
      const reply = await handler(batch(...records));
      expect(reply.batchItemFailures).toEqual([{ itemIdentifier: records[0].dynamodb!.SequenceNumber }]);
    } finally {
      stop();
    }
    expect(await readObject(`audit/2026-01-06/${good.sk}.json`)).toEqual(good);
    expect(await keysIn('audit/2026-01-06/')).toEqual([`audit/2026-01-06/${good.sk}.json`]);
  });
});
