import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import http from 'node:http';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localS3Client } from '@infra/local/lifecycle';
import { startS3, type LocalS3 } from '@infra/local/s3';
import { freePort } from '../support/ports';

/**
 * S3 answers a PUT once the object is stored whole, and a reader sees the object whole or not at all. The
 * stand-in must do the same: a farmer's scan read right after its upload was once refused as "The file is
 * empty" because s3rver answered the PUT before its file held the bytes.
 */
const BUCKET = 'read-after-write';
let s3: LocalS3;
let directory: string;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 's3-read-after-write-'));
  s3 = await startS3({ port: await freePort(), directory, buckets: [BUCKET] });
});

afterAll(async () => {
  await s3?.stop();
  rmSync(directory, { recursive: true, force: true });
});

async function readStored(key: string): Promise<{ status: number; bytes: number }> {
  try {
    const out = await localS3Client(s3.endpoint).send(
      new GetObjectCommand({ Bucket: BUCKET, Key: key, Range: 'bytes=0-500000' }),
    );
    return { status: 200, bytes: (await out.Body!.transformToByteArray()).length };
  } catch (e) {
    return { status: (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 0, bytes: 0 };
  }
}

/** Bytes the stand-in has written to disk so far for objects whose file name starts with `name`. */
function bytesOnDisk(name: string): number {
  const dir = join(directory, BUCKET, 'pending');
  if (!existsSync(dir)) return 0; // the stand-in makes the folder with the first bytes it writes
  let total = 0;
  for (const file of readdirSync(dir, { withFileTypes: true }).filter((f) => f.isFile() && f.name.startsWith(name)))
    total += statSync(join(dir, file.name)).size;
  return total;
}

describe('the S3 stand-in', () => {
  it('shows no part of an object whose PUT is still arriving, and all of it once the PUT is answered', async () => {
    const key = `pending/slow-${Date.now()}`;
    const body = Buffer.alloc(300_000, 9);
    const url = new URL(
      await getSignedUrl(localS3Client(s3.endpoint), new PutObjectCommand({ Bucket: BUCKET, Key: key }), { expiresIn: 60 }),
    );
    let midway: { status: number; bytes: number } | undefined;
    const answered = new Promise<number>((resolve, reject) => {
      const req = http.request(url, { method: 'PUT', headers: { 'content-length': body.length } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(body.subarray(0, 200_000));
      // The rest follows once the first part is on the stand-in's disk, while a reader looks.
      const poll = setInterval(() => {
        let written: number;
        try {
          written = bytesOnDisk(key.slice('pending/'.length));
        } catch (e) {
          // A file renamed away while it was listed: look again at the next tick, but never fail outside the test.
          if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
          clearInterval(poll);
          reject(e as Error);
          return;
        }
        if (written < 200_000) return;
        clearInterval(poll);
        void readStored(key).then((seen) => {
          midway = seen;
          req.end(body.subarray(200_000));
        }, reject);
      }, 20);
    });
    expect(await answered).toBe(200);
    expect(midway).toEqual({ status: 404, bytes: 0 });
    expect(await readStored(key)).toEqual({ status: 200, bytes: body.length });
  });

  it('serves every byte to a ranged GET sent as soon as each PUT is answered, 60 at once', async () => {
    const sdk = localS3Client(s3.endpoint);
    const sizes = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const key = `pending/burst-${i}`;
        await sdk.send(
          new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: Buffer.alloc(1_000 + i, 7), ContentType: 'image/png' }),
        );
        return (await readStored(key)).bytes - (1_000 + i);
      }),
    );
    expect(sizes.filter((missing) => missing !== 0)).toEqual([]);
  });
});
