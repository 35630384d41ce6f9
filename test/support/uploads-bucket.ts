import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { expect } from 'vitest';
import { s3Client } from '@functions/lib/s3-client';
import { requestUploadUrl, type Http } from '../fixtures/registration-helpers';

/** The uploads bucket of the test file, read and written directly, past the presigned URLs. */
const bucket = () => process.env.UPLOADS_BUCKET;

/**
 * Whether an object is stored: a HEAD, which has no body to drain (GETs whose bodies are never read hold the
 * client's sockets, and a burst of them leaves the next calls without one). Only "not found" answers no.
 */
export async function objectExists(key: string): Promise<boolean> {
  try {
    await s3Client().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return true;
  } catch (e) {
    if ((e as { name?: string }).name === 'NotFound') return false;
    throw e;
  }
}

/** Stores bytes under `key` with this Content-Type, as a client that ignores what its presigned URL signed. */
export async function putObjectDirectly(key: string, body: Buffer, contentType: string): Promise<void> {
  await s3Client().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType }));
}

/** Puts bytes under a pending key directly (a client that lies about size or type to the presigned PUT). */
export async function putPending(h: Http, data: Buffer, contentType = 'image/png'): Promise<string> {
  const r = await requestUploadUrl(h, { fileName: 'x.png', contentType, size: 1000 });
  expect(r.status).toBe(201);
  await putObjectDirectly(r.json.key, data, contentType);
  return r.json.key;
}

/** The stored bytes under `key`. */
export async function readObject(key: string): Promise<Buffer> {
  const r = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  return Buffer.from(await r.Body!.transformToByteArray());
}
