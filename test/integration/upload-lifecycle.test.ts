import { randomUUID } from 'node:crypto';
import {
  CreateBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { DAY_MS, PENDING_UPLOADS_RULE } from '@functions/lib/upload-rules';
import { expireUploads, localS3Client, startUploadLifecycle } from '@infra/local/lifecycle';

/**
 * The local stand-in's copy of the uploads bucket's lifecycle rule (functions/lib/upload-rules.ts): objects
 * under pending/ older than the rule's age are deleted, younger ones and everything under aadhaar/ are kept.
 * Runs on its own bucket of the shared s3rver, so other test files' pending uploads are never touched.
 */
let s3: S3Client;
const bucket = `lifecycle-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  s3 = localS3Client(inject('s3Endpoint'));
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
});
afterAll(() => s3?.destroy());

async function put(key: string): Promise<Date> {
  await s3.send(
    new PutObjectCommand({ Bucket: bucket, Key: key, Body: Buffer.from('%PDF-1.4 test'), ContentType: 'application/pdf' }),
  );
  const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  return head.LastModified!;
}

async function keys(): Promise<string[]> {
  const out = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (out.Contents ?? []).map((o) => o.Key!).sort();
}

describe('pending upload expiry (local lifecycle rule)', () => {
  it('shares one rule with the cloud stack: pending/ after 1 day', () => {
    expect(PENDING_UPLOADS_RULE).toMatchObject({ prefix: 'pending/', expireAfterDays: 1 });
  });

  it('removes a pending upload older than the rule, keeps a fresh one and every aadhaar/ object', async () => {
    const id = randomUUID();
    const accepted = `aadhaar/2026/0000000001-${id}.pdf`;
    const oldPending = `pending/old-${id}`;
    const freshPending = `pending/fresh-${id}`;
    await put(accepted);
    const oldAt = await put(oldPending);
    await new Promise((r) => setTimeout(r, 1100)); // S3 times have one-second resolution
    const freshAt = await put(freshPending);
    expect(freshAt.getTime()).toBeGreaterThan(oldAt.getTime());

    // The moment at which the old upload is just past the rule's age and the fresh one is not yet.
    const now = new Date((oldAt.getTime() + freshAt.getTime()) / 2 + PENDING_UPLOADS_RULE.expireAfterDays * DAY_MS);
    const r = await expireUploads({ s3, bucket, now });
    expect(r.deleted).toEqual([oldPending]);
    expect(await keys()).toEqual(expect.arrayContaining([accepted, freshPending]));
    expect(await keys()).not.toContain(oldPending);

    // Today nothing here is a day old: the rule as started by the stand-in removes nothing.
    const lifecycle = startUploadLifecycle({ s3Endpoint: inject('s3Endpoint'), bucket, sweepOrphans: false });
    await lifecycle.done;
    lifecycle.stop();
    expect(await keys()).toEqual(expect.arrayContaining([accepted, freshPending]));

    // Age 0 (bench/faults.ts --expire-now): every pending upload goes, accepted scans stay.
    const all = await expireUploads({ s3, bucket, maxAgeMs: 0, now: new Date(Date.now() + 1000) });
    expect(all.deleted).toEqual([freshPending]);
    expect(await keys()).toEqual([accepted]);
  });
});
