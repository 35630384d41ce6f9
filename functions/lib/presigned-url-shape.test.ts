import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { s3ClientConfig } from './aws';

/** The presigned URLs the cloud configuration of the S3 client makes (no endpoint: real S3; nothing is sent). */
const cloud = new S3Client({
  ...s3ClientConfig({ AWS_REGION: 'ap-south-1', S3_ENDPOINT: undefined }),
  credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'example-secret' },
});

describe('presigned URLs of the cloud S3 client', () => {
  it('a PUT URL names no checksum: the browser uploads a body the signer never saw', async () => {
    const url = new URL(
      await getSignedUrl(
        cloud,
        new PutObjectCommand({ Bucket: 'uploads', Key: 'pending/abc', ContentType: 'image/jpeg', ContentLength: 1234 }),
        { expiresIn: 600, signableHeaders: new Set(['content-type', 'content-length']) },
      ),
    );
    expect(url.host).toBe('uploads.s3.ap-south-1.amazonaws.com');
    const names = [...url.searchParams.keys()].map((k) => k.toLowerCase());
    expect(names.filter((k) => k.includes('checksum'))).toEqual([]);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
  });

  it('a GET URL names no checksum mode either', async () => {
    const url = new URL(
      await getSignedUrl(cloud, new GetObjectCommand({ Bucket: 'uploads', Key: 'aadhaar/x.jpg' }), { expiresIn: 60 }),
    );
    expect([...url.searchParams.keys()].filter((k) => k.toLowerCase().includes('checksum'))).toEqual([]);
  });

  it('keeps the same checksum setting for the local stand-in, with its endpoint', () => {
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
