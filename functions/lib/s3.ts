import { createHash } from 'node:crypto';
import { env } from './env';
import {
  AwsServiceError,
  bodyOf,
  presignedUrl,
  signedFetch,
  type AwsResponse,
  type PlainRequest,
  type ServiceTarget,
} from './signed-fetch';

/**
 * The few S3 operations the functions use (GET with a range, PUT, COPY, DELETE, the two listings, presigned
 * GET and PUT URLs), as signed requests (functions/lib/signed-fetch.ts) rather than the S3 client and its
 * presigner, which were the largest part of the bundles that use S3 (docs/decisions/0033-lean-function-bundles.md).
 *
 * Addressing as the S3 client did: virtual-hosted style in AWS (https://<bucket>.s3.<region>.amazonaws.com/<key>),
 * path style against the local stand-in (S3_ENDPOINT, its fixed key pair). No checksum headers are sent or asked
 * for (the client was set to WHEN_REQUIRED; the browser's upload to a presigned PUT carries none).
 */
const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

function target(): ServiceTarget {
  const e = env();
  return { service: 's3', region: e.AWS_REGION, pathAsSent: true, ...(e.S3_ENDPOINT ? { credentials: LOCAL_CREDENTIALS } : {}) };
}

/** A key as S3 expects it in a path: every segment escaped (RFC 3986), the slashes kept. */
const escapeKey = (key: string) =>
  key
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');

function objectUrl(bucket: string, key: string, query: Record<string, string | undefined> = {}): URL {
  const e = env();
  const url = e.S3_ENDPOINT
    ? new URL(`${e.S3_ENDPOINT.replace(/\/+$/, '')}/${bucket}/${escapeKey(key)}`)
    : new URL(`https://${bucket}.s3.${e.AWS_REGION}.amazonaws.com/${escapeKey(key)}`);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  return url;
}

/** Listeners told of every S3 request the functions send (the cost bench counts them, a test swaps a scan). */
export type S3RequestListener = (request: { operation: string; bucket: string; key?: string }) => void | Promise<void>;
const listeners = new Set<S3RequestListener>();

export function onS3Request(listener: S3RequestListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function send(operation: string, bucket: string, key: string | undefined, r: PlainRequest): Promise<AwsResponse> {
  for (const l of listeners) await l({ operation, bucket, key });
  const res = await signedFetch(target(), { ...r, headers: { ...r.headers, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } });
  if (res.ok || res.status === 206) return res;
  throw await s3Error(res);
}

const tag = (xml: string, name: string) => new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml)?.[1];
const xmlText = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp|#(\d+)|#x([0-9a-f]+));/gi, (_, name: string, dec?: string, hex?: string) =>
    dec
      ? String.fromCodePoint(Number(dec))
      : hex
        ? String.fromCodePoint(parseInt(hex, 16))
        : ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' } as Record<string, string>)[name.toLowerCase()],
  );

async function s3Error(res: AwsResponse): Promise<AwsServiceError> {
  const xml = await bodyOf(res, 'text');
  const fallback = res.status === 404 ? 'NotFound' : res.status === 416 ? 'InvalidRange' : `Http${res.status}`;
  return new AwsServiceError(tag(xml, 'Code') ?? fallback, res.status, xmlText(tag(xml, 'Message') ?? ''));
}

export interface RangeRead {
  body: Buffer;
  /** The object's whole size, from Content-Range (or Content-Length when the stand-in ignored the range). */
  size: number;
  contentType?: string;
}

/** The first `bytes` bytes of an object (one ranged GET); throws AwsServiceError (NoSuchKey, InvalidRange, ...). */
export async function getObjectRange(bucket: string, key: string, bytes: number): Promise<RangeRead> {
  const res = await send('GetObject', bucket, key, {
    method: 'GET',
    url: objectUrl(bucket, key),
    headers: { range: `bytes=0-${bytes - 1}` },
  });
  const total = /\/(\d+)$/.exec(res.header('content-range') ?? '')?.[1];
  const contentType = res.header('content-type') ?? undefined;
  if (total === '0') {
    // Some S3 stand-ins answer a range of an empty object with a bogus length: do not read the body.
    res.discard();
    return { body: Buffer.alloc(0), size: 0, contentType };
  }
  const body = await bodyOf(res, 'bytes');
  return {
    body,
    size: total !== undefined ? Number(total) : Number(res.header('content-length') ?? body.length),
    contentType,
  };
}

/** The whole object. */
export async function getObject(bucket: string, key: string): Promise<Buffer> {
  const res = await send('GetObject', bucket, key, { method: 'GET', url: objectUrl(bucket, key) });
  return await bodyOf(res, 'bytes');
}

export interface PutHeaders {
  contentType: string;
  contentDisposition?: string;
}

/**
 * A PUT of the whole body, with its Content-MD5: S3 refuses a body that does not match it, and asks for an
 * integrity header on uploads to a bucket with Object Lock (the audit archive).
 */
export async function putObject(bucket: string, key: string, body: Buffer, h: PutHeaders): Promise<void> {
  const res = await send('PutObject', bucket, key, {
    method: 'PUT',
    url: objectUrl(bucket, key),
    headers: {
      'content-type': h.contentType,
      'content-length': String(body.length),
      'content-md5': createHash('md5').update(body).digest('base64'),
      ...(h.contentDisposition ? { 'content-disposition': h.contentDisposition } : {}),
    },
    body,
  });
  res.discard();
}

/**
 * Copies an object inside the bucket (server side, no body through the function). `ifMatch` makes S3 refuse
 * the copy (412 PreconditionFailed) when the source is no longer the version that was read.
 */
export async function copyObject(
  bucket: string,
  from: string,
  to: string,
  o: { contentType?: string; ifMatch?: string } = {},
): Promise<void> {
  const res = await send('CopyObject', bucket, to, {
    method: 'PUT',
    url: objectUrl(bucket, to),
    headers: {
      'x-amz-copy-source': `/${bucket}/${escapeKey(from)}`,
      ...(o.contentType ? { 'x-amz-metadata-directive': 'REPLACE', 'content-type': o.contentType } : {}),
      ...(o.ifMatch ? { 'x-amz-copy-source-if-match': o.ifMatch } : {}),
    },
  });
  // S3 may answer 200 with an error in the body when the copy fails late.
  const xml = await bodyOf(res, 'text');
  const code = tag(xml, 'Code');
  if (code) throw new AwsServiceError(code, 500, xmlText(tag(xml, 'Message') ?? ''));
}

export async function deleteObject(bucket: string, key: string): Promise<void> {
  const res = await send('DeleteObject', bucket, key, { method: 'DELETE', url: objectUrl(bucket, key) });
  res.discard();
}

export interface Listed {
  key: string;
  modified: Date;
}

function listedObjects(xml: string): Listed[] {
  return [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].flatMap(([, c]) => {
    const key = tag(c, 'Key');
    const modified = tag(c, 'LastModified');
    return key !== undefined && modified !== undefined ? [{ key: xmlText(key), modified: new Date(modified) }] : [];
  });
}

function bucketUrl(bucket: string, query: Record<string, string | undefined>): URL {
  const url = objectUrl(bucket, '', query);
  return url;
}

/** One page of ListObjectsV2. */
export async function listObjectsV2(
  bucket: string,
  prefix: string,
  token?: string,
): Promise<{ objects: Listed[]; next?: string }> {
  const url = bucketUrl(bucket, { 'list-type': '2', prefix, 'continuation-token': token });
  const xml = await bodyOf(await send('ListObjectsV2', bucket, undefined, { method: 'GET', url }), 'text');
  const truncated = tag(xml, 'IsTruncated') === 'true';
  const next = tag(xml, 'NextContinuationToken');
  return { objects: listedObjects(xml), next: truncated && next ? xmlText(next) : undefined };
}

/** One page of the first version of ListObjects (its marker is a key). */
export async function listObjectsV1(
  bucket: string,
  prefix: string,
  marker: string | undefined,
  max: number,
): Promise<{ objects: Listed[]; truncated: boolean }> {
  const url = bucketUrl(bucket, { prefix, marker, 'max-keys': String(max) });
  const xml = await bodyOf(await send('ListObjects', bucket, undefined, { method: 'GET', url }), 'text');
  return { objects: listedObjects(xml), truncated: tag(xml, 'IsTruncated') === 'true' };
}

/** Spelled as the SDK's presigner spells it: the signer moves it into the URL's query under this name. */
const PAYLOAD_HASH_HEADER = 'X-Amz-Content-Sha256';

/** A presigned GET; `response` sets the answer's headers (response-content-type and the like). */
export function presignGet(
  bucket: string,
  key: string,
  expiresIn: number,
  response: Record<string, string> = {},
): Promise<string> {
  return presignedUrl(
    target(),
    { method: 'GET', url: objectUrl(bucket, key, response), headers: { [PAYLOAD_HASH_HEADER]: 'UNSIGNED-PAYLOAD' } },
    { expiresIn },
  );
}

/** A presigned PUT whose type and length are part of the signature: S3 refuses a PUT of another type or length. */
export function presignPut(bucket: string, key: string, expiresIn: number, contentType: string, size: number): Promise<string> {
  return presignedUrl(
    target(),
    {
      method: 'PUT',
      url: objectUrl(bucket, key),
      headers: { 'content-type': contentType, 'content-length': String(size), [PAYLOAD_HASH_HEADER]: 'UNSIGNED-PAYLOAD' },
    },
    { expiresIn, signableHeaders: new Set(['content-type', 'content-length']) },
  );
}
