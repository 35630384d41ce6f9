import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isExportJobEvent, setLambdaClientForTests, startJob } from './job-start';

describe('starting an export job', () => {
  afterEach(() => {
    setLambdaClientForTests(undefined);
    delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  });

  it('in Lambda: the function invokes itself asynchronously with the job id (the one call with a stand-in client)', async () => {
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'seed-exports';
    const send = vi.fn(async () => ({ StatusCode: 202 }));
    setLambdaClientForTests({ send } as unknown as LambdaClient);
    const run = vi.fn(async () => undefined);
    await startJob('job-1', run);
    expect(run).not.toHaveBeenCalled();
    expect(send).toHaveBeenCalledTimes(1);
    const command = (send.mock.calls[0] as unknown[])[0] as InvokeCommand;
    expect(command).toBeInstanceOf(InvokeCommand);
    expect(command.input.FunctionName).toBe('seed-exports');
    expect(command.input.InvocationType).toBe('Event');
    const payload = JSON.parse(Buffer.from(command.input.Payload as Uint8Array).toString('utf8'));
    expect(payload).toEqual({ exportJob: 'job-1' });
    expect(isExportJobEvent(payload)).toBe(true);
  });

  it('locally: runs the job in the process without waiting for it', async () => {
    let finish: () => void = () => undefined;
    const run = vi.fn(() => new Promise<void>((r) => (finish = r)));
    await startJob('job-2', run);
    expect(run).toHaveBeenCalledWith('job-2');
    finish();
  });

  it('tells a job event from an API request', () => {
    expect(isExportJobEvent({ exportJob: 'x' })).toBe(true);
    expect(isExportJobEvent({ requestContext: {}, rawPath: '/api/export/registrations' })).toBe(false);
    expect(isExportJobEvent(null)).toBe(false);
  });
});
