import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 on node:crypto: the signed headers of a request and presigned URLs, computed exactly
 * as the SDK's signer (`@smithy/signature-v4`) computes them for the requests the functions send (JSON POSTs
 * to DynamoDB, Secrets Manager and Lambda; S3 object and bucket requests and presigned GET and PUT URLs).
 * The SDK's signer, with the SHA-256 written in JavaScript and the credential and endpoint code it draws in,
 * was about 55 KB of every bundle (docs/decisions/0046-signing-without-the-sdk.md); this is under 2 KB.
 * `functions/lib/sigv4.test.ts` signs the same requests with both and requires identical results.
 *
 * Not covered, because no function sends them: event-stream signing, SigV4a, chunked (streaming) payloads.
 */

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

/** A request as it is sent: path already escaped once (as in the URL), query decoded, header names as given. */
export interface SignableRequest {
  method: string;
  path: string;
  query: Record<string, string | string[] | null>;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export interface SigningScope {
  service: string;
  region: string;
  credentials: Credentials;
  /** Every service but S3 signs the path escaped a second time, after removing `.`, `..` and empty segments. */
  uriEscapePath: boolean;
  /** Adds `x-amz-content-sha256` to a signed request when it has none (S3). */
  applyChecksum: boolean;
  /** The signing time; now unless given (tests). */
  date?: Date;
}

/** Headers never signed unless asked for (the SDK's list, plus `proxy-*` and `sec-*`). */
const UNSIGNABLE = new Set([
  'authorization',
  'cache-control',
  'connection',
  'expect',
  'from',
  'keep-alive',
  'max-forwards',
  'pragma',
  'referer',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'user-agent',
  'x-amzn-trace-id',
]);
/** Headers the signer sets itself: any the caller gave are dropped. */
const GENERATED = new Set(['authorization', 'x-amz-date', 'date']);
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const MAX_PRESIGNED_TTL = 7 * 24 * 3600;

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 escaping, as the SDK's `escapeUri`. */
export const escapeUri = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function dates(date: Date) {
  const longDate = date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return { longDate, shortDate: longDate.slice(0, 8) };
}

/** Derived signing keys, per secret, day, region and service (a few a day in a warm function). */
const keys = new Map<string, Buffer>();

function signingKey(c: Credentials, shortDate: string, region: string, service: string): Buffer {
  const id = `${shortDate} ${region} ${service} ${c.accessKeyId} ${c.secretAccessKey}`;
  let key = keys.get(id);
  if (!key) {
    if (keys.size > 50) keys.clear();
    key = hmac(hmac(hmac(hmac(`AWS4${c.secretAccessKey}`, shortDate), region), service), 'aws4_request');
    keys.set(id, key);
  }
  return key;
}

function clone(r: SignableRequest): SignableRequest {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers)) if (!GENERATED.has(k.toLowerCase())) headers[k] = v;
  const query: SignableRequest['query'] = {};
  for (const [k, v] of Object.entries(r.query)) query[k] = Array.isArray(v) ? [...v] : v;
  return { ...r, headers, query };
}

/** The canonical headers: lower-case names, sorted, values with their white space folded. */
function canonicalHeaders(headers: Record<string, string>, signable?: Set<string>): [string, string][] {
  const out = new Map<string, string>();
  for (const name of Object.keys(headers).sort()) {
    const value = headers[name];
    if (value == null) continue;
    const lower = name.toLowerCase();
    if ((UNSIGNABLE.has(lower) || /^proxy-|^sec-/.test(lower)) && !signable?.has(lower)) continue;
    out.set(
      lower,
      String(value)
        .replace(/[\r\n]/g, ' ')
        .replace(/[ \t]+/g, ' ')
        .replace(/^ | $/g, ''),
    );
  }
  return [...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function canonicalPath(path: string, uriEscapePath: boolean): string {
  if (!uriEscapePath) return path;
  const segments: string[] = [];
  for (const s of path.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') segments.pop();
    else segments.push(s);
  }
  const normal = `${path.startsWith('/') ? '/' : ''}${segments.join('/')}${segments.length && path.endsWith('/') ? '/' : ''}`;
  return escapeUri(normal).replace(/%2F/g, '/');
}

function canonicalQuery(query: SignableRequest['query']): string {
  const parts = new Map<string, string>();
  for (const [key, value] of Object.entries(query)) {
    if (key.toLowerCase() === 'x-amz-signature') continue;
    const k = escapeUri(key);
    if (typeof value === 'string') parts.set(k, `${k}=${escapeUri(value)}`);
    else if (Array.isArray(value))
      parts.set(
        k,
        value
          .map((v) => `${k}=${escapeUri(v)}`)
          .sort()
          .join('&'),
      );
    else parts.set(k, '');
  }
  return [...parts.keys()]
    .sort()
    .map((k) => parts.get(k))
    .filter(Boolean)
    .join('&');
}

function payloadHash(r: SignableRequest): string {
  for (const [name, value] of Object.entries(r.headers)) if (name.toLowerCase() === 'x-amz-content-sha256') return value;
  return r.body === undefined ? EMPTY_SHA256 : sha256Hex(r.body);
}

function signature(
  r: SignableRequest,
  s: SigningScope,
  headers: [string, string][],
  hash: string,
  longDate: string,
  scope: string,
): string {
  const canonical = [
    r.method,
    canonicalPath(r.path, s.uriEscapePath),
    canonicalQuery(r.query),
    // Each canonical header ends with a line feed, so a blank line comes before the signed header list.
    headers.map(([k, v]) => `${k}:${v}\n`).join(''),
    headers.map(([k]) => k).join(';'),
    hash,
  ].join('\n');
  const toSign = `AWS4-HMAC-SHA256\n${longDate}\n${scope}\n${sha256Hex(canonical)}`;
  return createHmac('sha256', signingKey(s.credentials, scope.slice(0, 8), s.region, s.service))
    .update(toSign, 'utf8')
    .digest('hex');
}

/** The request with `x-amz-date`, the session token, S3's payload hash and `authorization` added. */
export function signRequest(original: SignableRequest, s: SigningScope): SignableRequest {
  const r = clone(original);
  const { longDate, shortDate } = dates(s.date ?? new Date());
  const scope = `${shortDate}/${s.region}/${s.service}/aws4_request`;
  r.headers['x-amz-date'] = longDate;
  if (s.credentials.sessionToken) r.headers['x-amz-security-token'] = s.credentials.sessionToken;
  const hash = payloadHash(r);
  if (s.applyChecksum && !Object.keys(r.headers).some((k) => k.toLowerCase() === 'x-amz-content-sha256'))
    r.headers['x-amz-content-sha256'] = hash;
  const headers = canonicalHeaders(r.headers);
  const sig = signature(r, s, headers, hash, longDate, scope);
  r.headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${s.credentials.accessKeyId}/${scope}, ` +
    `SignedHeaders=${headers.map(([k]) => k).join(';')}, Signature=${sig}`;
  return r;
}

export interface PresignOptions {
  expiresIn: number;
  /** Headers signed although the SDK's list would leave them out. */
  signableHeaders?: Set<string>;
}

/**
 * The request with its signature in the query (a presigned URL): `x-amz-*` headers move to the query, then the
 * session token, algorithm, credential, date, lifetime, signed headers and signature, in the SDK's order.
 */
export function presignRequest(original: SignableRequest, s: SigningScope, o: PresignOptions): SignableRequest {
  if (o.expiresIn > MAX_PRESIGNED_TTL) throw new Error('Signature version 4 presigned URLs must expire within a week');
  const { longDate, shortDate } = dates(s.date ?? new Date());
  const scope = `${shortDate}/${s.region}/${s.service}/aws4_request`;
  const r = clone(original);
  for (const name of Object.keys(r.headers)) {
    if (name.toLowerCase().startsWith('x-amz-')) {
      r.query[name] = r.headers[name];
      delete r.headers[name];
    }
  }
  if (s.credentials.sessionToken) r.query['X-Amz-Security-Token'] = s.credentials.sessionToken;
  r.query['X-Amz-Algorithm'] = 'AWS4-HMAC-SHA256';
  r.query['X-Amz-Credential'] = `${s.credentials.accessKeyId}/${scope}`;
  r.query['X-Amz-Date'] = longDate;
  r.query['X-Amz-Expires'] = String(o.expiresIn);
  const headers = canonicalHeaders(r.headers, o.signableHeaders);
  r.query['X-Amz-SignedHeaders'] = headers.map(([k]) => k).join(';');
  r.query['X-Amz-Signature'] = signature(r, s, headers, payloadHash(original), longDate, scope);
  return r;
}
