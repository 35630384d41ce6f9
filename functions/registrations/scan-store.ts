import { randomBytes } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Client } from '../lib/aws';
import { env } from '../lib/env';

/**
 * Aadhaar scans in the uploads bucket (docs/data-model.md, "Registrations and appointments"):
 *  - pending/<random>                          presigned PUT of a farmer's upload, removed by the bucket's lifecycle rule
 *  - aadhaar/<year>/<id10>-<random>.<ext>      the checked scan a registration names, kept
 * Staff open a scan through a short-lived presigned GET (docs/invariants.md#12-private-checked-scans).
 */
const bucket = () => env().UPLOADS_BUCKET;

export function newPendingKey(): string {
  return `pending/${randomBytes(18).toString('base64url')}`;
}

export async function presignUpload(key: string, contentType: string, size: number, expiresIn: number): Promise<string> {
  return getSignedUrl(
    s3Client(),
    new PutObjectCommand({ Bucket: bucket(), Key: key, ContentType: contentType, ContentLength: size }),
    {
      expiresIn,
      // Both are part of the signature: S3 refuses a PUT of another type or length.
      signableHeaders: new Set(['content-type', 'content-length']),
    },
  );
}

const SERVED_TYPES: Record<string, string> = { gif: 'image/gif', jpg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };

/**
 * A short-lived link to a stored scan. The answer's type is forced to the kind checked at upload (taken from
 * the key's extension, which the server chose from the magic bytes; the stored type must agree), so nothing
 * stored can ever be rendered as HTML: a checked image or PDF opens inline, anything else only downloads as
 * octet-stream.
 */
export async function presignDownload(key: string, expiresIn: number, contentType?: string): Promise<string> {
  const ext = /\.([a-z]+)$/.exec(key)?.[1] ?? '';
  const checked = SERVED_TYPES[ext];
  const safe = checked !== undefined && (contentType === undefined || contentType === checked);
  return getSignedUrl(
    s3Client(),
    new GetObjectCommand({
      Bucket: bucket(),
      Key: key,
      ResponseContentType: safe ? checked : 'application/octet-stream',
      ResponseContentDisposition: safe ? `inline; filename="aadhaar.${ext}"` : 'attachment; filename="aadhaar.bin"',
      ResponseCacheControl: 'private, no-store',
    }),
    { expiresIn },
  );
}

/** Size and first bytes of an object (one ranged GET), or undefined when there is no such object. */
export async function readObjectHead(
  key: string,
  bytes: number,
): Promise<{ size: number; head: Buffer; contentType?: string } | undefined> {
  try {
    const out = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: key, Range: `bytes=0-${bytes - 1}` }));
    const total = /\/(\d+)$/.exec(out.ContentRange ?? '')?.[1];
    if (total === '0') {
      // Some S3 stand-ins answer a range of an empty object with a bogus length: do not read the body.
      (out.Body as { destroy?: () => void } | undefined)?.destroy?.();
      return { size: 0, head: Buffer.alloc(0) };
    }
    const head = Buffer.from(await out.Body!.transformToByteArray());
    const size = total !== undefined ? Number(total) : Number(out.ContentLength ?? head.length);
    return { size, head, contentType: out.ContentType };
  } catch (e) {
    const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404) return undefined;
    // An empty object cannot be read with a range.
    if (err.name === 'InvalidRange' || err.$metadata?.httpStatusCode === 416) return { size: 0, head: Buffer.alloc(0) };
    throw e;
  }
}

export async function putObject(key: string, body: Buffer, contentType: string): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: body,
      ContentType: contentType,
      ContentLength: body.length,
    }),
  );
}

export async function deleteObject(key: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

/** One page of the objects under `prefix`: key and last-modified time. */
export async function listObjects(
  prefix: string,
  token?: string,
): Promise<{ objects: { key: string; modified: Date }[]; next?: string }> {
  const out = await s3Client().send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, ContinuationToken: token }));
  const objects = (out.Contents ?? []).flatMap((o) =>
    o.Key && o.LastModified ? [{ key: o.Key, modified: o.LastModified }] : [],
  );
  return { objects, next: out.IsTruncated ? out.NextContinuationToken : undefined };
}

/**
 * Up to `max` keys under `prefix` after `startAfter` (in key order), and whether more follow. The first
 * version of ListObjects: its marker is a key, so a run can stop anywhere and the next start after that key
 * (the S3 stand-in cannot make continuation tokens of truncated version-2 listings).
 */
export async function listKeysAfter(
  prefix: string,
  startAfter: string | undefined,
  max: number,
): Promise<{ keys: string[]; more: boolean }> {
  const out = await s3Client().send(
    new ListObjectsCommand({ Bucket: bucket(), Prefix: prefix, MaxKeys: max, ...(startAfter ? { Marker: startAfter } : {}) }),
  );
  return { keys: (out.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])), more: Boolean(out.IsTruncated) };
}
