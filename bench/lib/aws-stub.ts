import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the DynamoDB and Secrets Manager endpoints that answers every call at once, so that a
 * cold-start measurement includes the SDK's first real request (credentials, signing, HTTP) but no network
 * or database time. DynamoDB: GetItem finds nothing, Query returns no items. Secrets Manager: every secret
 * has the value given. Point the SDK at it with AWS_ENDPOINT_URL_DYNAMODB and AWS_ENDPOINT_URL_SECRETS_MANAGER.
 */
export interface AwsStub {
  endpoint: string;
  /** Calls answered, by X-Amz-Target (e.g. "DynamoDB_20120810.GetItem": 10). */
  calls: Record<string, number>;
  close(): Promise<void>;
}

const DYNAMO_ANSWERS: Record<string, unknown> = {
  GetItem: {},
  Query: { Count: 0, ScannedCount: 0, Items: [] },
  Scan: { Count: 0, ScannedCount: 0, Items: [] },
  BatchGetItem: { Responses: {}, UnprocessedKeys: {} },
};

function answer(res: ServerResponse, contentType: string, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(text), 'x-amzn-requestid': 'stub' });
  res.end(text);
}

export async function startAwsStub(secretValue: string): Promise<AwsStub> {
  const calls: Record<string, number> = {};
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      calls[target || `${req.method} ${req.url}`] = (calls[target || `${req.method} ${req.url}`] ?? 0) + 1;
      const [service, operation] = target.split('.');
      if (service === 'DynamoDB_20120810') return answer(res, 'application/x-amz-json-1.0', DYNAMO_ANSWERS[operation] ?? {});
      if (service === 'secretsmanager' && operation === 'GetSecretValue') {
        const input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { SecretId?: string };
        return answer(res, 'application/x-amz-json-1.1', {
          ARN: input.SecretId,
          Name: 'bench',
          SecretString: secretValue,
          VersionId: 'bench-version',
          VersionStages: ['AWSCURRENT'],
          CreatedDate: 1_700_000_000,
        });
      }
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ __type: 'UnknownOperationException', message: `stub does not answer ${target || req.url}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
