import type { LambdaClient } from '@aws-sdk/client-lambda';
import { env } from '../lib/env';
import { log } from '../lib/log';

/** The event the exports function sends itself to run a job after its answer. */
export interface ExportJobEvent {
  exportJob: string;
}

export function isExportJobEvent(event: unknown): event is ExportJobEvent {
  return typeof event === 'object' && event !== null && typeof (event as ExportJobEvent).exportJob === 'string';
}

let lambda: LambdaClient | undefined;

/** Tests give a stand-in client for the one call the local stand-ins cannot answer. */
export function setLambdaClientForTests(client: LambdaClient | undefined): void {
  lambda = client;
}

/**
 * Starts a job so that it runs after the request is answered. In Lambda the function invokes itself
 * asynchronously (InvocationType Event: Lambda queues the event and retries a failed run twice); locally, where
 * the handlers run in one long-lived process, the same job code runs in it without being awaited.
 */
export async function startJob(id: string, run: (id: string) => Promise<void>): Promise<void> {
  const functionName = process.env.AWS_LAMBDA_FUNCTION_NAME;
  if (!functionName) {
    void run(id).catch((e: unknown) => log.error('export job failed', { id, error: (e as Error)?.message }));
    return;
  }
  // Loaded on the first job, not at every start of the function.
  const { InvokeCommand, LambdaClient: Client } = await import('@aws-sdk/client-lambda');
  lambda ??= new Client({ region: env().AWS_REGION });
  const payload: ExportJobEvent = { exportJob: id };
  await lambda.send(
    new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: Buffer.from(JSON.stringify(payload)) }),
  );
}
