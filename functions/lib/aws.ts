import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
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

export function s3Client(): S3Client {
  if (s3) return s3;
  const e = env();
  s3 = new S3Client({
    region: e.AWS_REGION,
    ...(e.S3_ENDPOINT
      ? {
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: true,
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
          // s3rver does not understand the SDK's default flexible checksums.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }
      : {}),
  });
  return s3;
}

/** Tests swap the DynamoDB client (e.g. to inject TransactionConflictException). */
export function setDocClientForTests(client: DynamoDBDocumentClient | undefined): void {
  ddb = client;
}

export function tableName(): string {
  return env().TABLE_NAME;
}
