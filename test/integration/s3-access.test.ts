import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, inject } from 'vitest';
import { localS3Client } from '@infra/local/lifecycle';
import { startS3 } from '@infra/local/s3';
import { registerFarmer, SAMPLE_PDF, seedFormCrops, validFields } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { freePort } from '../support/ports';

/**
 * The local S3 stand-in holds every Aadhaar scan. Only signed requests pass (our functions' client and the
 * presigned URLs they issue), only from the app's origin when a browser calls, and only to its own host
 * name: anything else is 403 with no Access-Control-Allow-Origin, so no other web page open in a staff
 * browser can list, read or overwrite the scans.
 */
const { api } = useTestApi();
let s3: string;
let bucket: string;
let sdk: S3Client;
const KEY = `aadhaar/2026/access-test-${Date.now()}.pdf`;
const ORIGINAL = Buffer.from('%PDF-1.4 the original scan');
const EVIL = 'http://evil.example';
// The test run's stand-in allows pages served from loopback (the apps under test run on free ports).
const APP = 'http://localhost:3000';

beforeAll(async () => {
  await seedFormCrops();
  s3 = inject('s3Endpoint');
  bucket = inject('uploadsBucket');
  sdk = localS3Client(s3);
  await sdk.send(new PutObjectCommand({ Bucket: bucket, Key: KEY, Body: ORIGINAL, ContentType: 'application/pdf' }));
});

const storedBytes = async () =>
  Buffer.from(await (await sdk.send(new GetObjectCommand({ Bucket: bucket, Key: KEY }))).Body!.transformToByteArray());

const presignedGet = (key = KEY, o: { expiresIn?: number; signingDate?: Date } = {}) =>
  getSignedUrl(sdk, new GetObjectCommand({ Bucket: bucket, Key: key }), {
    expiresIn: o.expiresIn ?? 60,
    signingDate: o.signingDate,
  });

describe('anonymous and mis-signed requests', () => {
  it('anonymous GET, PUT, DELETE and POST of an object and listings of the bucket and the service get 403', async () => {
    const attempts: [string, string, RequestInit?][] = [
      ['GET object', `${s3}/${bucket}/${KEY}`],
      ['HEAD object', `${s3}/${bucket}/${KEY}`, { method: 'HEAD' }],
      [
        'PUT object',
        `${s3}/${bucket}/${KEY}`,
        { method: 'PUT', body: '<html>swapped</html>', headers: { 'content-type': 'application/pdf' } },
      ],
      ['PUT new object', `${s3}/${bucket}/pending/planted.pdf`, { method: 'PUT', body: 'x' }],
      ['DELETE object', `${s3}/${bucket}/${KEY}`, { method: 'DELETE' }],
      ['POST form upload', `${s3}/${bucket}`, { method: 'POST', body: new URLSearchParams({ key: KEY, file: 'x' }) }],
      ['LIST bucket', `${s3}/${bucket}`],
      ['LIST bucket v2', `${s3}/${bucket}?list-type=2&prefix=aadhaar/`],
      ['LIST buckets', `${s3}/`],
      ['GET bucket CORS', `${s3}/${bucket}?cors`],
    ];
    for (const [what, url, init] of attempts) {
      const r = await fetch(url, init);
      expect(r.status, what).toBe(403);
      expect(r.headers.get('access-control-allow-origin'), what).toBeNull();
    }
    expect(await storedBytes()).toEqual(ORIGINAL);
  });

  it('a presigned URL with its signature changed, for another key, another method, or expired gets 403', async () => {
    const url = new URL(await presignedGet());
    const tampered = new URL(url);
    const sig = tampered.searchParams.get('X-Amz-Signature')!;
    tampered.searchParams.set('X-Amz-Signature', `${sig[0] === 'a' ? 'b' : 'a'}${sig.slice(1)}`);
    const otherKey = new URL(url);
    otherKey.pathname = `/${bucket}/aadhaar/2026/someone-else.pdf`;
    const longer = new URL(url);
    longer.searchParams.set('X-Amz-Expires', '604800');
    const expired = await presignedGet(KEY, { expiresIn: 60, signingDate: new Date(Date.now() - 3600_000) });
    for (const [what, u, init] of [
      ['tampered signature', tampered.href],
      ['another key', otherKey.href],
      ['a longer expiry', longer.href],
      ['expired', expired],
      ['PUT with a GET URL', url.href, { method: 'PUT', body: 'swapped' }],
      ['the signature dropped', url.href.replace(/&X-Amz-Signature=[0-9a-f]+/, '')],
    ] as [string, string, RequestInit?][]) {
      expect((await fetch(u, init)).status, what).toBe(403);
    }
    expect(await storedBytes()).toEqual(ORIGINAL);
  });

  it('the SDK with a wrong secret, or a made-up Authorization header, gets 403', async () => {
    const wrong = new S3Client({
      region: 'ap-south-1',
      endpoint: s3,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'not-the-secret' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    await expect(wrong.send(new PutObjectCommand({ Bucket: bucket, Key: KEY, Body: 'swapped' }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    const madeUp = await fetch(`${s3}/${bucket}/${KEY}`, {
      headers: {
        authorization: `AWS4-HMAC-SHA256 Credential=S3RVER/20260101/ap-south-1/s3/aws4_request, SignedHeaders=host;x-amz-date, Signature=${'0'.repeat(64)}`,
        'x-amz-date': new Date().toISOString().replace(/[-:]|\.\d{3}/g, ''),
        'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
      },
    });
    expect(madeUp.status).toBe(403);
    const v2 = await fetch(`${s3}/${bucket}/${KEY}`, {
      headers: { authorization: 'AWS S3RVER:c2lnbmF0dXJl', date: new Date().toUTCString() },
    });
    expect(v2.status).toBe(403);
    expect(await storedBytes()).toEqual(ORIGINAL);
  });

  it('a signed request addressed to another host name (DNS rebinding) gets 403', async () => {
    const url = new URL(await presignedGet());
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: url.pathname + url.search, headers: { host: `rebound.example:${url.port}` } },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });
});

describe('origins', () => {
  it('a preflight or a signed request from another origin gets no Access-Control-Allow-Origin', async () => {
    const preflight = await fetch(`${s3}/${bucket}/pending/x.pdf`, {
      method: 'OPTIONS',
      headers: { origin: EVIL, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const signed = await fetch(await presignedGet(), { headers: { origin: EVIL } });
    expect(signed.status).toBe(403);
    expect(signed.headers.get('access-control-allow-origin')).toBeNull();
    expect(await signed.text()).not.toContain('the original scan');
  });

  it("the app's origin gets its preflight and CORS on a presigned GET", async () => {
    const preflight = await fetch(`${s3}/${bucket}/pending/x.pdf`, {
      method: 'OPTIONS',
      headers: { origin: APP, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(APP);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    const signed = await fetch(await presignedGet(), { headers: { origin: APP } });
    expect(signed.status).toBe(200);
    expect(signed.headers.get('access-control-allow-origin')).toBe(APP);
    expect(Buffer.from(await signed.arrayBuffer())).toEqual(ORIGINAL);
  });

  it('npm start allows exactly its own origins', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-s3-origins-'));
    const own = await startS3({
      port: await freePort(),
      directory: dir,
      buckets: ['b'],
      appOrigins: ['http://localhost:3999', 'http://127.0.0.1:3999'],
    });
    try {
      const ask = (origin: string) =>
        fetch(`${own.endpoint}/b/pending/x.pdf`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'PUT' },
        });
      expect((await ask('http://localhost:3999')).status).toBe(200);
      expect((await ask('http://127.0.0.1:3999')).status).toBe(200);
      for (const other of ['http://localhost:4000', 'http://localhost:39990', EVIL, 'null']) {
        const r = await ask(other);
        expect(r.status, other).toBe(403);
        expect(r.headers.get('access-control-allow-origin'), other).toBeNull();
      }
    } finally {
      await own.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what the app does still works', () => {
  it("a farmer's presigned PUT, the server's checks and copy, and staff's presigned GET of the scan", async () => {
    const r = await registerFarmer(api, validFields(), { file: SAMPLE_PDF });
    expect(r.status, r.text).toBe(201);
    const admin = await api.tokenFor('admin');
    const link = await api.call('GET', `/api/registrations/${r.json.data.id}/aadhaar-file`, {
      token: admin,
      query: { year: r.json.data.year },
    });
    expect(link.status, link.text).toBe(200);
    const scan = await fetch(link.json.url, { headers: { origin: APP } });
    expect(scan.status).toBe(200);
    expect(scan.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await scan.arrayBuffer())).toEqual(SAMPLE_PDF);
  });
});
