import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import type { HttpRequest } from '@smithy/types';
import { describe, expect, it } from 'vitest';
import { presignRequest, signRequest, type Credentials, type SignableRequest } from './sigv4';

/**
 * functions/lib/sigv4.ts must sign exactly as the SDK's signer does: the same inputs and time give the same
 * headers, query and signature, for every kind of request the functions send.
 */
const DATE = new Date('2026-11-29T21:50:07.123Z');
const ROLE: Credentials = {
  accessKeyId: 'ASIAEXAMPLEKEY000001',
  secretAccessKey: 'role/secret+key=',
  sessionToken: 'FwoGZX//token==',
};
const KEYS_ONLY: Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const sdk = (service: string, region: string, credentials: Credentials, pathAsSent = false) =>
  new SignatureV4({ service, region, credentials, sha256: Sha256, uriEscapePath: !pathAsSent, applyChecksum: service === 's3' });

const scope = (service: string, region: string, credentials: Credentials, pathAsSent = false) => ({
  service,
  region,
  credentials,
  uriEscapePath: !pathAsSent,
  applyChecksum: service === 's3',
  date: DATE,
});

const asSdk = (r: SignableRequest, host: string): HttpRequest => ({
  method: r.method,
  protocol: 'https:',
  hostname: host,
  path: r.path,
  query: r.query as HttpRequest['query'],
  headers: { ...r.headers },
  body: r.body,
});

const cases: {
  name: string;
  service: string;
  region: string;
  credentials: Credentials;
  pathAsSent?: boolean;
  request: SignableRequest;
}[] = [
  {
    name: 'DynamoDB JSON POST with a session token',
    service: 'dynamodb',
    region: 'ap-south-1',
    credentials: ROLE,
    request: {
      method: 'POST',
      path: '/',
      query: {},
      headers: {
        'content-length': '41',
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'DynamoDB_20120810.GetItem',
        host: 'dynamodb.ap-south-1.amazonaws.com',
      },
      body: '{"TableName":"T","Key":{"pk":{"S":"é x"}}}',
    },
  },
  {
    name: 'Secrets Manager without a session token, white space in a header',
    service: 'secretsmanager',
    region: 'ap-south-1',
    credentials: KEYS_ONLY,
    request: {
      method: 'POST',
      path: '/',
      query: {},
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': '  secretsmanager.GetSecretValue   ',
        'User-Agent': 'not signed',
        host: '127.0.0.1:4566',
      },
      body: new TextEncoder().encode('{"SecretId":"arn:aws:secretsmanager:x","VersionStage":"AWSCURRENT"}'),
    },
  },
  {
    name: 'Lambda invoke: a path escaped again, with dot segments',
    service: 'lambda',
    region: 'ap-south-1',
    credentials: ROLE,
    request: {
      method: 'POST',
      path: '/2015-03-31/functions/arn%3Aaws%3Alambda%3Aap-south-1%3A1%3Afunction%3Ax/./invocations/',
      query: {},
      headers: { 'x-amz-invocation-type': 'Event', host: 'lambda.ap-south-1.amazonaws.com', 'content-length': '2' },
      body: '{}',
    },
  },
  {
    name: 'S3 ranged GET of an escaped key, unsigned payload',
    service: 's3',
    region: 'ap-south-1',
    credentials: ROLE,
    pathAsSent: true,
    request: {
      method: 'GET',
      path: '/aadhaar/2026/x%20y%2Bz%28%29.jpg',
      query: {},
      headers: { range: 'bytes=0-15', 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', host: 'uploads.s3.ap-south-1.amazonaws.com' },
    },
  },
  {
    name: 'S3 PUT whose payload hash the signer adds',
    service: 's3',
    region: 'ap-south-1',
    credentials: KEYS_ONLY,
    pathAsSent: true,
    request: {
      method: 'PUT',
      path: '/bucket/audit/2026/11/29/x.jsonl',
      query: {},
      headers: { 'content-length': '5', 'content-type': 'application/x-ndjson', host: '127.0.0.1:4569' },
      body: 'hello',
    },
  },
  {
    name: 'S3 listing with query parameters to escape and sort',
    service: 's3',
    region: 'ap-south-1',
    credentials: ROLE,
    pathAsSent: true,
    request: {
      method: 'GET',
      path: '/',
      query: { 'list-type': '2', prefix: 'pending/a b*(c)', 'continuation-token': '1/+x==', 'max-keys': '1000' },
      headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', host: 'uploads.s3.ap-south-1.amazonaws.com' },
    },
  },
];

describe('SigV4 signing, against the SDK signer', () => {
  it.each(cases)('signs $name identically', async (c) => {
    const ours = signRequest(c.request, scope(c.service, c.region, c.credentials, c.pathAsSent));
    const theirs = await sdk(c.service, c.region, c.credentials, c.pathAsSent).sign(asSdk(c.request, c.request.headers.host), {
      signingDate: DATE,
    });
    expect(ours.headers).toEqual(theirs.headers);
    expect(ours.query).toEqual(theirs.query);
    expect(ours.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=\S+\/20261129\/\S+, SignedHeaders=\S+, Signature=[0-9a-f]{64}$/,
    );
  });

  it('leaves the request it was given as it was', () => {
    const r = cases[0].request;
    const before = structuredClone(r);
    signRequest(r, scope('dynamodb', 'ap-south-1', ROLE));
    expect(r).toEqual(before);
  });

  const presigns: { name: string; request: SignableRequest; signableHeaders?: Set<string>; credentials: Credentials }[] = [
    {
      name: 'a PUT with type and length signed in',
      credentials: ROLE,
      signableHeaders: new Set(['content-type', 'content-length']),
      request: {
        method: 'PUT',
        path: '/pending/abc%20d',
        query: {},
        headers: {
          'content-type': 'image/jpeg',
          'content-length': '1234',
          'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
          host: 'uploads.s3.ap-south-1.amazonaws.com',
        },
      },
    },
    {
      name: 'a GET with answer headers, against the stand-in',
      credentials: KEYS_ONLY,
      request: {
        method: 'GET',
        path: '/uploads/aadhaar/2026/x.pdf',
        query: { 'response-content-type': 'application/pdf', 'response-cache-control': 'private, no-store' },
        headers: { 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD', host: '127.0.0.1:4569' },
      },
    },
  ];

  it.each(presigns)('presigns $name identically, query in the same order', async (c) => {
    const ours = presignRequest(c.request, scope('s3', 'ap-south-1', c.credentials, true), {
      expiresIn: 600,
      signableHeaders: c.signableHeaders,
    });
    const theirs = await sdk('s3', 'ap-south-1', c.credentials, true).presign(asSdk(c.request, c.request.headers.host), {
      signingDate: DATE,
      expiresIn: 600,
      signableHeaders: c.signableHeaders,
    });
    expect(Object.entries(ours.query)).toEqual(Object.entries(theirs.query ?? {}));
    expect(ours.headers).toEqual(theirs.headers);
  });

  it('refuses a presigned URL that would live longer than a week', () => {
    expect(() =>
      presignRequest(presigns[1].request, scope('s3', 'ap-south-1', KEYS_ONLY, true), { expiresIn: 7 * 24 * 3600 + 1 }),
    ).toThrow(/within a week/);
  });

  it('a different secret or day gives a different signature', () => {
    const r = cases[0].request;
    const a = signRequest(r, scope('dynamodb', 'ap-south-1', ROLE)).headers.authorization;
    const b = signRequest(r, scope('dynamodb', 'ap-south-1', { ...ROLE, secretAccessKey: 'other' })).headers.authorization;
    const c = signRequest(r, { ...scope('dynamodb', 'ap-south-1', ROLE), date: new Date('2026-11-30T00:00:00Z') }).headers
      .authorization;
    expect(new Set([a, b, c]).size).toBe(3);
  });
});
