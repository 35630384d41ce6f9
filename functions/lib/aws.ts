import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { env } from './env';

/** One client of each kind per process (Lambda reuses them across invocations). */
let ddb: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;

const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export function docClient(): DynamoDBDocumentClient {
  if (ddb) return ddb;
  const e = env();
  const base = new DynamoDBClient({
    region: e.AWS_REGION,
    ...(e.DYNAMODB_ENDPOINT ? { endpoint: e.DYNAMODB_ENDPOINT, credentials: localCredentials } : {}),
    maxAttempts: 4,
  });
  ddb = DynamoDBDocumentClient.from(base, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return ddb;
}

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

/** Tests swap the DynamoDB client (e.g. to inject TransactionConflictException). */
export function setDocClientForTests(client: DynamoDBDocumentClient | undefined): void {
  ddb = client;
}

export function tableName(): string {
  return env().TABLE_NAME;
}
