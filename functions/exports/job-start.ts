import { env } from '../lib/env';
import { log } from '../lib/log';
import { jsonServiceError, serviceEndpoint, signedFetch } from '../lib/signed-fetch';

/** The event the exports function sends itself to run a job after its answer. */
export interface ExportJobEvent {
  exportJob: string;
}

export function isExportJobEvent(event: unknown): event is ExportJobEvent {
  return typeof event === 'object' && event !== null && typeof (event as ExportJobEvent).exportJob === 'string';
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
  const payload: ExportJobEvent = { exportJob: id };
  await invokeAsync(functionName, payload);
}

/**
 * Lambda's Invoke with InvocationType Event: one signed POST (functions/lib/signed-fetch.ts) rather than the
 * Lambda client, which was the largest part of this bundle. Lambda answers 202 once the event is queued.
 */
async function invokeAsync(functionName: string, payload: unknown): Promise<void> {
  const region = env().AWS_REGION;
  const endpoint = serviceEndpoint('LAMBDA', `lambda.${region}.amazonaws.com`);
  const res = await signedFetch(
    { service: 'lambda', region },
    {
      method: 'POST',
      url: new URL(`${endpoint}/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`),
      headers: { 'content-type': 'application/json', 'x-amz-invocation-type': 'Event' },
      body: JSON.stringify(payload),
    },
  );
  if (res.status !== 202) throw await jsonServiceError(res);
  res.discard();
}
