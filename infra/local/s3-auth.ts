import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Checks an S3 request's Signature Version 4, in the Authorization header or in a presigned URL's query, as S3
 * does. s3rver accepts anonymous requests and never computes a V4 signature (it only looks the access key
 * up), so the local stand-in checks signatures itself (infra/local/s3.ts). The payload hash is taken as
 * signed, not compared with the body (S3 would; our own post-upload checks read the bytes).
 */
export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export type SignatureVerdict = { ok: true } | { ok: false; reason: string };

const ALGORITHM = 'AWS4-HMAC-SHA256';
const MAX_SKEW_MS = 15 * 60 * 1000;
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
const AUTH_HEADER = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/;
const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

const refuse = (reason: string): SignatureVerdict => ({ ok: false, reason });

/** RFC 3986 encoding, as SigV4 wants it for query keys and values. */
function escapeUri(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function parseAmzDate(s: string | undefined): number | null {
  const m = s ? AMZ_DATE.exec(s) : null;
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : null;
}

function parseQuery(raw: string): [string, string][] | null {
  if (!raw) return [];
  try {
    return raw.split('&').map((pair) => {
      const i = pair.indexOf('=');
      return (i < 0 ? [pair, ''] : [pair.slice(0, i), pair.slice(i + 1)]).map(decodeURIComponent) as [string, string];
    });
  } catch {
    return null;
  }
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

function signature(secret: string, scope: string[], amzDate: string, canonicalRequest: string): string {
  const [date, region, service] = scope;
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  const stringToSign = [
    ALGORITHM,
    amzDate,
    scope.join('/'),
    createHash('sha256').update(canonicalRequest, 'utf8').digest('hex'),
  ].join('\n');
  return createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Verifies one request (method, the request target as sent, headers as Node parsed them) at time `now`. */
export function verifySignatureV4(
  req: { method: string; url: string; headers: IncomingHttpHeaders },
  credentials: S3Credentials,
  now: number = Date.now(),
): SignatureVerdict {
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  const query = parseQuery(q < 0 ? '' : req.url.slice(q + 1));
  if (!query) return refuse('malformed query');
  const param = (name: string) => query.find(([k]) => k === name)?.[1];
  const authorization = req.headers.authorization;
  const presigned = param('X-Amz-Algorithm') !== undefined;
  if (!authorization && !presigned) return refuse('anonymous request');
  if (authorization && presigned) return refuse('two signatures');

  let credential: string;
  let signedHeaders: string;
  let given: string;
  let amzDate: string;
  let payloadHash: string;
  if (authorization) {
    const m = AUTH_HEADER.exec(authorization);
    if (!m) return refuse('not a SigV4 Authorization header');
    [, credential, signedHeaders, given] = m;
    amzDate = String(req.headers['x-amz-date'] ?? '');
    payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (!payloadHash) return refuse('no x-amz-content-sha256');
    const at = parseAmzDate(amzDate);
    if (at === null || Math.abs(now - at) > MAX_SKEW_MS) return refuse('request time missing or too far from now');
  } else {
    if (param('X-Amz-Algorithm') !== ALGORITHM) return refuse('unknown algorithm');
    credential = param('X-Amz-Credential') ?? '';
    signedHeaders = param('X-Amz-SignedHeaders') ?? '';
    given = param('X-Amz-Signature') ?? '';
    amzDate = param('X-Amz-Date') ?? '';
    payloadHash = param('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    const at = parseAmzDate(amzDate);
    const expires = Number(param('X-Amz-Expires'));
    if (at === null || !Number.isInteger(expires) || expires < 1 || expires > MAX_PRESIGN_SECONDS)
      return refuse('bad presigned date or expiry');
    if (at - now > MAX_SKEW_MS) return refuse('signed in the future');
    if (now > at + expires * 1000) return refuse('presigned URL expired');
  }

  const [accessKeyId, ...scope] = credential.split('/');
  if (accessKeyId !== credentials.accessKeyId) return refuse('unknown access key');
  if (scope.length !== 4 || scope[0] !== amzDate.slice(0, 8) || scope[2] !== 's3' || scope[3] !== 'aws4_request')
    return refuse('bad credential scope');
  const names = signedHeaders.split(';');
  if (!names.includes('host') || names.join(';') !== [...names].sort().join(';'))
    return refuse('signed headers must include host, sorted');
  const canonicalHeaders: string[] = [];
  for (const name of names) {
    const value = req.headers[name];
    if (value === undefined || name !== name.toLowerCase()) return refuse(`signed header ${name} missing`);
    canonicalHeaders.push(`${name}:${String(value).trim().replace(/\s+/g, ' ')}\n`);
  }
  const canonicalQuery = query
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [escapeUri(k), escapeUri(v)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [req.method, path, canonicalQuery, canonicalHeaders.join(''), signedHeaders, payloadHash].join('\n');
  const expected = signature(credentials.secretAccessKey, scope, amzDate, canonicalRequest);
  return sameHex(given, expected) ? { ok: true } : refuse('signature does not match');
}
