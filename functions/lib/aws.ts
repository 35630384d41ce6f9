import { createDocClient, type DocClient } from './dynamo-client';
import { env } from './env';

/** One DynamoDB client per process (Lambda reuses it across invocations). */
let ddb: DocClient | undefined;

const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export function docClient(): DocClient {
  if (ddb) return ddb;
  const e = env();
  ddb = createDocClient({
    region: e.AWS_REGION,
    ...(e.DYNAMODB_ENDPOINT ? { endpoint: e.DYNAMODB_ENDPOINT, credentials: localCredentials } : {}),
    maxAttempts: 4,
  });
  return ddb;
}

/** Tests swap the DynamoDB client (e.g. to inject TransactionConflictException). */
export function setDocClientForTests(client: DocClient | undefined): void {
  ddb = client;
}

export function tableName(): string {
  return env().TABLE_NAME;
}
