/**
 * Application-level retries for DynamoDB calls whose failure is transient: throttling, transaction
 * conflicts, internal errors and timeouts. The SDK retries some of these itself, but not a cancelled
 * transaction (TransactionCanceledException with TransactionConflict reasons), and not errors thrown by a
 * wrapped client in tests; callers decide per call whether a retry is safe (idempotent or not applied).
 */
const RETRIABLE_NAMES = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'TransactionConflictException',
  'TransactionInProgressException',
  'InternalServerError',
  'InternalFailure',
  'ServiceUnavailable',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
]);

const RETRIABLE_REASONS = new Set([
  'TransactionConflict',
  'ThrottlingError',
  'ProvisionedThroughputExceeded',
  'RequestLimitExceeded',
  'InternalServerError',
]);

export interface CancellationReason {
  Code?: string;
  Message?: string;
}

/** Reasons of a cancelled transaction (one per item, 'None' for items that were fine). */
export function cancellationReasons(e: unknown): CancellationReason[] {
  const err = e as { name?: string; CancellationReasons?: CancellationReason[] };
  return err?.name === 'TransactionCanceledException' ? (err.CancellationReasons ?? []) : [];
}

export function isConditionalFailure(e: unknown): boolean {
  return (e as { name?: string })?.name === 'ConditionalCheckFailedException';
}

/** True for errors after which the same request may be sent again. */
export function isTransient(e: unknown): boolean {
  const err = e as { name?: string; code?: string; $retryable?: unknown; $metadata?: { httpStatusCode?: number } };
  if (!err) return false;
  if (RETRIABLE_NAMES.has(err.name ?? '') || RETRIABLE_NAMES.has(err.code ?? '')) return true;
  if (err.$retryable) return true;
  if ((err.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  const reasons = cancellationReasons(e);
  return reasons.some((r) => RETRIABLE_REASONS.has(r.Code ?? '')) && !reasons.some((r) => r.Code === 'ConditionalCheckFailed');
}

/** Errors where the request may or may not have been applied (the answer was lost). */
export function isAmbiguous(e: unknown): boolean {
  const n = (e as { name?: string; code?: string })?.name ?? '';
  return (
    ['TimeoutError', 'RequestTimeout', 'RequestTimeoutException', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(n) ||
    (e as { code?: string })?.code === 'ETIMEDOUT'
  );
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface RetryOptions {
  attempts?: number;
  baseMs?: number;
  maxMs?: number;
  /** Which errors to retry (default: isTransient). */
  retryIf?: (e: unknown) => boolean;
}

/** Runs fn, retrying transient failures with full-jitter exponential backoff. Throws the last error. */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, o: RetryOptions = {}): Promise<T> {
  const attempts = o.attempts ?? 6;
  const base = o.baseMs ?? 25;
  const max = o.maxMs ?? 800;
  const retryIf = o.retryIf ?? isTransient;
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      return await fn(i);
    } catch (e) {
      last = e;
      if (i === attempts - 1 || !retryIf(e)) throw e;
      await sleep(Math.random() * Math.min(max, base * 2 ** i) + 5);
    }
  }
  throw last;
}
