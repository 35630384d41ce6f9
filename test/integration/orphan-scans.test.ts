import { randomUUID } from 'node:crypto';
import { CreateBucketCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@functions/lib/dynamo-commands';
import { beforeAll, describe, expect, it } from 'vitest';
import { docClient, tableName } from '@functions/lib/aws';
import { s3Client } from '@functions/lib/s3-client';
import { resetEnvCache } from '@functions/lib/env';
import { HOUR_MS, ORPHAN_SCANS_RULE } from '@functions/lib/upload-rules';
import { handler as sweepHandler } from '@functions/registrations/orphan-scans-handler';
import { sweepOrphanScans } from '@functions/registrations/orphan-scans';
import { regKey } from '@functions/registrations/registration-entity';
import { newRegistration } from '../support/steps';
import { useTestApi } from '../support/integration';
import { seedFormCrops } from '../fixtures/registration-helpers';

/**
 * Aadhaar scans that no registration names (a submit that died after copying its scan to aadhaar/ and
 * before its transaction) are deleted by the sweep once older than the grace period; the scans registrations
 * name, recent objects and keys of another shape stay. Runs on a bucket of its own: the sweep judges every
 * object under aadhaar/ against this file's table, so it must not see other test files' scans.
 */
const { api } = useTestApi();
const bucket = `orphans-${randomUUID().slice(0, 8)}`;

/** The keys under aadhaar/ (the uploads under pending/ stay until the bucket's one-day rule, and are not the sweep's). */
async function keys(): Promise<string[]> {
  const out = await s3Client().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'aadhaar/' }));
  return (out.Contents ?? []).map((o) => o.Key!).sort();
}

async function put(key: string): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({ Bucket: bucket, Key: key, Body: Buffer.from('%PDF-1.4 left behind'), ContentType: 'application/pdf' }),
  );
}

async function scanOf(year: number, id: number): Promise<string> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: regKey(year, id) }));
  return String(out.Item?.adharFilePath);
}

beforeAll(async () => {
  await seedFormCrops();
  await s3Client().send(new CreateBucketCommand({ Bucket: bucket }));
  process.env.UPLOADS_BUCKET = bucket;
  resetEnvCache();
});

describe('orphan Aadhaar scan sweep', () => {
  it('deletes, after the grace period, exactly the scans under aadhaar/ that no registration names', async () => {
    expect(ORPHAN_SCANS_RULE).toMatchObject({ prefix: 'aadhaar/', graceHours: 24 });
    const { year, id } = await newRegistration(api);
    const second = await newRegistration(api);
    const named = [await scanOf(year, id), await scanOf(year, second.id)].sort();
    expect(named.every((k) => k.startsWith(`aadhaar/${year}/`))).toBe(true);

    // What dead requests leave: a copy for a number whose registration was never written, and a second copy
    // for an existing registration that names another one. A key of another shape is not the sweep's to judge.
    const neverRegistered = `aadhaar/${year}/0000999999-deadrequest1.pdf`;
    const notNamed = `aadhaar/${year}/${String(id).padStart(10, '0')}-othercopy01.pdf`;
    const otherShape = 'aadhaar/readme.txt';
    for (const k of [neverRegistered, notNamed, otherShape]) await put(k);
    expect(await keys()).toEqual([...named, neverRegistered, notNamed, otherShape].sort());

    // Today everything is younger than the grace period: nothing is judged.
    const today = await sweepOrphanScans();
    expect(today).toMatchObject({ examined: 5, recent: 5, kept: 0, deleted: [], unrecognised: [] });
    expect(await sweepHandler()).toEqual({ examined: 5, kept: 0, deleted: 0, unrecognised: 0 });

    // A day and an hour later: the two orphans go, the named scans and the odd key stay.
    const later = await sweepOrphanScans({ now: new Date(Date.now() + (ORPHAN_SCANS_RULE.graceHours + 1) * HOUR_MS) });
    expect(later.deleted.sort()).toEqual([neverRegistered, notNamed].sort());
    expect(later).toMatchObject({ examined: 5, recent: 0, kept: 2, unrecognised: [otherShape] });
    expect(await keys()).toEqual([...named, otherShape].sort());

    // The registrations still open their scans through the staff route.
    const staff = await api.tokenFor('seller');
    const link = await api.call('GET', `/api/registrations/${id}/aadhaar-file`, { token: staff, query: { year } });
    expect(link.status, link.text).toBe(200);
    const scan = await fetch(link.json.url as string);
    expect(scan.status).toBe(200);
    expect((await scan.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});
