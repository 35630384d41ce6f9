/**
 * When the API client sends a request again (./api.ts): the answer said "too many at once" (429, API Gateway's
 * throttle or the WAF's rate rule) or "a passing fault, try again" (503), and sending it twice cannot do a thing
 * twice: a read, or a write that carries an idempotency key (the registration's submit), or one whose caller
 * says a second copy is harmless (an upload URL). Waits grow exponentially with jitter, so a crowd throttled in
 * the same second does not come back in the same second; a Retry-After from the server (in seconds, as API Gateway,
 * the WAF and the functions send it) is honoured. docs/product-rules.md#nobody-turned-away-unseen. Kept small:
 * every page loads it.
 */

/** Sends after the first: five tries in all, about 15 s of waiting at most without Retry-After. */
export const MAX_RETRIES = 4;
/** The first wait's ceiling; each later one doubles it. */
export const BASE_DELAY_MS = 1_000;
/** No wait is longer; a Retry-After beyond it is not waited out (the farmer is told, and may press Submit later). */
export const MAX_DELAY_MS = 20_000;

/** What the caller is told before each wait (the registration form shows it). */
export interface RetryNotice {
  /** 1 for the first resend. */
  retry: number;
  of: number;
  waitMs: number;
}

/**
 * The wait before resend number `retry` (1-based), or undefined when no resend is due: past MAX_RETRIES, or the
 * server asks for longer than MAX_DELAY_MS. Without Retry-After: "equal jitter", half the exponential step plus a
 * random share of the other half. With it: what it says, plus up to BASE_DELAY_MS of jitter.
 */
export function retryDelayMs(retry: number, retryAfter: string | null, random: () => number = Math.random): number | undefined {
  if (retry < 1 || retry > MAX_RETRIES) return undefined;
  const asked = Number(retryAfter || NaN) * 1000;
  if (asked >= 0) return asked > MAX_DELAY_MS ? undefined : Math.round(asked + random() * BASE_DELAY_MS);
  const step = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (retry - 1));
  return Math.round(step / 2 + (random() * step) / 2);
}

/** Whether a request may be sent again as it is: a read, or a write with an idempotency key (named in lower case). */
export function safeToResend(method: string, headers: Record<string, string>): boolean {
  return method === 'GET' || method === 'HEAD' || Boolean(headers['idempotency-key']);
}

/** What a resend needs from the request (./api.ts): how to send it again, and whether it may be. */
export interface Resend {
  method: string;
  headers: Record<string, string>;
  /** The caller's choice (RequestOptions.retry); undefined: safeToResend decides. */
  retry?: boolean;
  send: () => Promise<Response>;
  onRetry?: (notice: RetryNotice) => void;
}

/**
 * The answer to keep: the first (a 429 or 503 when called) or the last resend's, once one is not 429 or 503 or no
 * resend is due. A request aborted meanwhile fails at its next send, as fetch does with an aborted signal.
 */
export async function resendWhileBusy(first: Response, r: Resend): Promise<Response> {
  let res = first;
  if (!(r.retry ?? safeToResend(r.method, r.headers))) return res;
  for (let retry = 1; res.status === 429 || res.status === 503; retry++) {
    const waitMs = retryDelayMs(retry, res.headers.get('retry-after'));
    if (waitMs === undefined) break;
    r.onRetry?.({ retry, of: MAX_RETRIES, waitMs });
    await new Promise((done) => setTimeout(done, waitMs));
    res = await r.send();
  }
  return res;
}
