import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '../lib/env';
import { isExportJobEvent, startJob } from './job-start';

/** What the stand-in for Lambda's Invoke API received, and the status it answers with. */
const received: {
  method?: string;
  path?: string;
  invocationType?: string;
  authorization?: string;
  token?: string;
  body: string;
}[] = [];
let answerStatus = 202;
const lambda = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    received.push({
      method: req.method,
      path: req.url,
      invocationType: req.headers['x-amz-invocation-type'] as string,
      authorization: req.headers.authorization,
      token: req.headers['x-amz-security-token'] as string,
      body,
    });
    res.writeHead(answerStatus, { 'content-type': 'application/json', 'x-amzn-errortype': 'ResourceNotFoundException' });
    res.end(answerStatus === 202 ? '' : JSON.stringify({ Type: 'User', message: 'Function not found' }));
  });
});

const saved = { ...process.env };
beforeAll(async () => {
  await new Promise<void>((resolve) => lambda.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    TABLE_NAME: 'job-start-test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'job-start-test-secret-'.padEnd(40, 'x'),
    AWS_REGION: 'ap-south-1',
    AWS_ACCESS_KEY_ID: 'ASIAJOBSTARTTEST0000',
    AWS_SECRET_ACCESS_KEY: 'job-start-secret',
    AWS_SESSION_TOKEN: 'job-start-session',
    AWS_ENDPOINT_URL_LAMBDA: `http://127.0.0.1:${(lambda.address() as AddressInfo).port}`,
  });
  resetEnvCache();
});
afterAll(async () => {
  process.env = saved;
  resetEnvCache();
  await new Promise<void>((resolve) => lambda.close(() => resolve()));
});

describe('starting an export job', () => {
  afterEach(() => {
    delete process.env.AWS_LAMBDA_FUNCTION_NAME;
    received.length = 0;
    answerStatus = 202;
  });

  it('in Lambda: the function invokes itself asynchronously with the job id (a signed Invoke with InvocationType Event)', async () => {
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'seed-exports';
    const run = vi.fn(async () => undefined);
    await startJob('job-1', run);
    expect(run).not.toHaveBeenCalled();
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call).toMatchObject({
      method: 'POST',
      path: '/2015-03-31/functions/seed-exports/invocations',
      invocationType: 'Event',
      token: 'job-start-session',
    });
    expect(call.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=ASIAJOBSTARTTEST0000\/\d{8}\/ap-south-1\/lambda\/aws4_request, SignedHeaders=.*x-amz-invocation-type/,
    );
    const payload = JSON.parse(call.body);
    expect(payload).toEqual({ exportJob: 'job-1' });
    expect(isExportJobEvent(payload)).toBe(true);
  });

  it('in Lambda: a refused invocation fails the start with the service error', async () => {
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'seed-exports';
    answerStatus = 404;
    await expect(startJob('job-3', vi.fn())).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });

  it('locally: runs the job in the process without waiting for it', async () => {
    let finish: () => void = () => undefined;
    const run = vi.fn(() => new Promise<void>((r) => (finish = r)));
    await startJob('job-2', run);
    expect(run).toHaveBeenCalledWith('job-2');
    expect(received).toHaveLength(0);
    finish();
  });

  it('tells a job event from an API request', () => {
    expect(isExportJobEvent({ exportJob: 'x' })).toBe(true);
    expect(isExportJobEvent({ requestContext: {}, rawPath: '/api/export/registrations' })).toBe(false);
    expect(isExportJobEvent(null)).toBe(false);
  });
});
