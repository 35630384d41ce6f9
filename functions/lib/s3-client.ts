import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { env } from './env';

/**
 * The SDK's S3 client, for tests and local tools; no function bundle carries it (the functions' S3 requests,
 * the audit archive's too, are signed requests: functions/lib/s3.ts).
 */
let s3: S3Client | undefined;

/**
 * The S3 client's settings. Checksums only where an operation requires one, everywhere: with the SDK's default
 * (WHEN_SUPPORTED) a presigned PUT carries x-amz-checksum-crc32 of an empty body, which the browser's upload
 * of the real file then fails. s3rver also does not understand the default flexible checksums of responses.
 */
export function s3ClientConfig(e: Pick<ReturnType<typeof env>, 'AWS_REGION' | 'S3_ENDPOINT'>): S3ClientConfig {
  return {
    region: e.AWS_REGION,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(e.S3_ENDPOINT
      ? { endpoint: e.S3_ENDPOINT, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }
      : {}),
  };
}

export function s3Client(): S3Client {
  s3 ??= new S3Client(s3ClientConfig(env()));
  return s3;
}
