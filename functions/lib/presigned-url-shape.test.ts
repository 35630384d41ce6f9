import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3ClientConfig } from './s3-client';
import { resetEnvCache } from './env';
import { presignGet, presignPut } from './s3';

/** The presigned URLs the functions make for real S3 (no endpoint; nothing is sent). */
const saved = { ...process.env };
beforeAll(() => {
  Object.assign(process.env, {
    TABLE_NAME: 'presign-test',
    JWT_SECRET: 'presign-test-secret-'.padEnd(40, 'x'),
    AWS_REGION: 'ap-south-1',
    AWS_ACCESS_KEY_ID: 'ASIAEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'example-secret',
    AWS_SESSION_TOKEN: 'example-session-token',
  });
  delete process.env.S3_ENDPOINT;
  resetEnvCache();
});
afterAll(() => {
  process.env = saved;
  resetEnvCache();
});

describe('presigned URLs for S3 in the cloud', () => {
  it('a PUT URL is virtual-hosted, names no checksum, signs type and length, and carries the session token', async () => {
    const url = new URL(await presignPut('uploads', 'pending/abc', 600, 'image/jpeg', 1234));
    expect(url.host).toBe('uploads.s3.ap-south-1.amazonaws.com');
    expect(url.pathname).toBe('/pending/abc');
    const names = [...url.searchParams.keys()].map((k) => k.toLowerCase());
    expect(names.filter((k) => k.includes('checksum'))).toEqual([]);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-Content-Sha256')).toBe('UNSIGNED-PAYLOAD');
    expect(url.searchParams.get('X-Amz-Security-Token')).toBe('example-session-token');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^ASIAEXAMPLE\/\d{8}\/ap-south-1\/s3\/aws4_request$/);
  });

  it('a GET URL names no checksum mode either, and sets the answer headers asked for', async () => {
    const url = new URL(
      await presignGet('uploads', 'aadhaar/2026/x y.jpg', 60, {
        'response-content-type': 'image/jpeg',
        'response-cache-control': 'private, no-store',
      }),
    );
    expect(url.pathname).toBe('/aadhaar/2026/x%20y.jpg');
    expect([...url.searchParams.keys()].filter((k) => k.toLowerCase().includes('checksum'))).toEqual([]);
    expect(url.searchParams.get('response-content-type')).toBe('image/jpeg');
    expect(url.searchParams.get('response-cache-control')).toBe('private, no-store');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
  });

  it("keeps the tests' S3 client on the same checksum setting, with the stand-in's endpoint", () => {
    expect(s3ClientConfig({ AWS_REGION: 'ap-south-1', S3_ENDPOINT: 'http://127.0.0.1:4569' })).toMatchObject({
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      forcePathStyle: true,
    });
    expect(s3ClientConfig({ AWS_REGION: 'ap-south-1', S3_ENDPOINT: undefined })).toEqual({
      region: 'ap-south-1',
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  });
});
