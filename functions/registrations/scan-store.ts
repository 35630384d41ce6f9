import { randomBytes } from 'node:crypto';
import { env } from '../lib/env';
import * as s3 from '../lib/s3';

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
  // Type and length are part of the signature: S3 refuses a PUT of another type or length.
  return s3.presignPut(bucket(), key, expiresIn, contentType, size);
}

const SERVED_TYPES: Record<string, string> = { gif: 'image/gif', jpg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };

/**
 * A short-lived link to a stored scan. The answer's type is forced to the kind checked at upload (taken from
 * the key's extension, which the server chose from the magic bytes; the stored type must agree), so nothing
 * stored can ever be rendered as HTML. A checked image opens inline (a browser draws it, nothing runs); a
 * PDF is always an attachment, saved rather than opened in the browser's viewer, so that whatever a check
 * could miss never runs in the staff's signed-in tab (docs/decisions/0037-pdf-scans.md); anything else only
 * downloads as octet-stream.
 */
export async function presignDownload(key: string, expiresIn: number, contentType?: string): Promise<string> {
  const ext = /\.([a-z]+)$/.exec(key)?.[1] ?? '';
  const checked = SERVED_TYPES[ext];
  const safe = checked !== undefined && (contentType === undefined || contentType === checked);
  const disposition = !safe
    ? 'attachment; filename="aadhaar.bin"'
    : ext === 'pdf'
      ? 'attachment; filename="aadhaar.pdf"'
      : `inline; filename="aadhaar.${ext}"`;
  return s3.presignGet(bucket(), key, expiresIn, {
    'response-content-type': safe ? checked : 'application/octet-stream',
    'response-content-disposition': disposition,
    'response-cache-control': 'private, no-store',
  });
}

/** Size and first bytes of an object (one ranged GET), or undefined when there is no such object. */
export async function readObjectHead(
  key: string,
  bytes: number,
): Promise<{ size: number; head: Buffer; contentType?: string } | undefined> {
  try {
    const out = await s3.getObjectRange(bucket(), key, bytes);
    return { size: out.size, head: out.body, contentType: out.contentType };
  } catch (e) {
    const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404) return undefined;
    // An empty object cannot be read with a range.
    if (err.name === 'InvalidRange' || err.$metadata?.httpStatusCode === 416) return { size: 0, head: Buffer.alloc(0) };
    throw e;
  }
}

export async function putObject(key: string, body: Buffer, contentType: string): Promise<void> {
  await s3.putObject(bucket(), key, body, { contentType });
}

export async function deleteObject(key: string): Promise<void> {
  await s3.deleteObject(bucket(), key);
}

/** One page of the objects under `prefix`: key and last-modified time. */
export async function listObjects(
  prefix: string,
  token?: string,
): Promise<{ objects: { key: string; modified: Date }[]; next?: string }> {
  return s3.listObjectsV2(bucket(), prefix, token);
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
  const out = await s3.listObjectsV1(bucket(), prefix, startAfter, max);
  return { keys: out.objects.map((o) => o.key), more: out.truncated };
}

/** A server-side copy inside the bucket (no body through the function). */
export async function copyObject(from: string, to: string, contentType?: string): Promise<void> {
  await s3.copyObject(bucket(), from, to, { contentType });
}
