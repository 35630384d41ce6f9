import type { Contract, JsonRouteKey, ReplyData } from '@shared/contract';
import { holdsAadhaar, PRIVATE_QUERY_HEADER } from '@shared/private-query';
import { routeTarget, type RouteArgs, type RouteSend } from '@shared/contract/route-call';
import type { RouteKey } from '@shared/routes';
import { resendWhileBusy, type RetryNotice } from './retry';
import { clearSession, getToken } from './session';

/**
 * The API client. Sends the bearer token when one is held (never cookies), turns any non-OK reply into an
 * ApiError whose message is the server's message (else the reply text, else 'HTTP {status}'), and on a 401
 * (other than from the login call itself) clears the session and hands over to the unauthorized handler,
 * which sends the user to the login page. A 429 or 503 is waited out and the request sent again, a few times, when
 * that is safe (./retry.ts): a read, a write with an idempotency key, or a call that says so.
 */
const BASE = (import.meta.env.VITE_API_BASE as string | undefined)?.replace(/\/$/, '') ?? '';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let onUnauthorized: () => void = () => {
  clearSession('reauth');
  window.location.assign('/login?reauth=1');
};

/** The app decides where a 401 leads; the handler must clear the session (the default reloads onto the login page). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Do not treat a 401 as an expired session (the login call). */
  skipAuthRedirect?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  /**
   * Send again after a 429 or 503. Default: for reads and for writes with an idempotency key (./retry.ts); true
   * for a write that is harmless twice, false to turn it off.
   */
  retry?: boolean;
  /** Told before each wait for a resend (the registration form says it is trying again). */
  onRetry?: (notice: RetryNotice) => void;
}

/** The query split in two: what may stand in the URL, and what carries an Aadhaar number (sent in a header). */
function splitQuery(query: RequestOptions['query']): { open: URLSearchParams; hidden: URLSearchParams } {
  const open = new URLSearchParams();
  const hidden = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    (holdsAadhaar(String(v)) ? hidden : open).set(k, String(v));
  }
  return { open, hidden };
}

function urlWith(path: string, open: URLSearchParams): string {
  const qs = open.toString();
  return `${BASE}${path}${qs ? `?${qs}` : ''}`;
}

function apiUrl(path: string, query?: RequestOptions['query']): string {
  return urlWith(path, splitQuery(query).open);
}

function messageOf(text: string, status: number): { message: string; code?: string; fields?: Record<string, string> } {
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown; fields?: unknown };
    if (body && typeof body === 'object' && typeof body.message === 'string' && body.message) {
      return {
        message: body.message,
        code: typeof body.code === 'string' ? body.code : undefined,
        fields: body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined,
      };
    }
  } catch {
    // not JSON: fall through to the text
  }
  return { message: text.trim() || `HTTP ${status}` };
}

/** GETs started before the page rendered (prefetch), each taken once by the page's own identical call. */
const early = new Map<string, { reply: Promise<unknown>; at: number }>();
const EARLY_MS = 15_000;

/**
 * Starts a GET that the page being opened will make (main.tsx, with the page's code and texts), so that the
 * reply is on its way while the code loads; the page's own call of the same route, parameters and query takes it.
 */
export function prefetch<K extends JsonRouteKey & `GET ${string}`>(key: K, ...[opts]: CallArgs<K>): void {
  const { path, query } = target(key, opts);
  const url = apiUrl(path, query);
  if (early.has(url)) return;
  const reply = request('GET', path, { query, skipAuthRedirect: true });
  reply.catch(() => undefined);
  early.set(url, { reply, at: Date.now() });
}

async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const split = splitQuery(opts.query);
  const url = urlWith(path, split.open);
  const hidden = split.hidden.toString();
  if (method === 'GET' && early.size && !hidden) {
    const got = early.get(url);
    early.delete(url);
    if (got && Date.now() - got.at < EARLY_MS) {
      return (got.reply as Promise<T>).catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 401 && !opts.skipAuthRedirect) onUnauthorized();
        throw e;
      });
    }
  }
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (hidden) headers[PRIVATE_QUERY_HEADER] = hidden;
  const token = getToken();
  // A farmer session's token, when the call carries one, is the one sent (lib/farmer-session.ts).
  if (token && !headers.authorization) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const send = () => fetch(url, { method, headers, body, credentials: 'omit', signal: opts.signal });
  let res = await send();
  // Too busy, or a passing fault: waited out and sent again where that is safe (./retry.ts).
  if (res.status === 429 || res.status === 503)
    res = await resendWhileBusy(res, { method, headers, retry: opts.retry, send, onRetry: opts.onRetry });
  const text = await res.text();
  if (!res.ok) {
    const { message, code, fields } = messageOf(text, res.status);
    if (res.status === 401 && !opts.skipAuthRedirect) onUnauthorized();
    throw new ApiError(message, res.status, code, fields);
  }
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

// ---- the client derived from the contract (shared/contract): call('GET /api/invoices', { query }) ----

type CallExtras = Pick<RequestOptions, 'signal' | 'skipAuthRedirect' | 'headers' | 'retry' | 'onRetry'>;

/** What a call of route K sends (its path parameters, query and body as the contract has them), and the options. */
export type CallOptions<K extends RouteKey> = RouteSend<K> & CallExtras;

/** The options are required when the route has path parameters or a body. */
type CallArgs<K extends RouteKey> = RouteArgs<K, CallExtras>;

const target = (key: RouteKey, opts?: { params?: Record<string, string | number>; query?: RequestOptions['query'] }) =>
  routeTarget(key, opts);

/** Calls an API route by its key in the route table; the reply is typed by the route's reply schema. */
export function call<K extends JsonRouteKey>(key: K, ...[opts]: CallArgs<K>): Promise<ReplyData<Contract[K]>> {
  const { method, path, query } = target(key, opts);
  const o: Partial<CallOptions<K>> = opts ?? {};
  return request(method, path, {
    query,
    body: o.body,
    signal: o.signal,
    skipAuthRedirect: o.skipAuthRedirect,
    headers: o.headers,
    retry: o.retry,
    onRetry: o.onRetry,
  });
}

/** The address of a route (the QR images, which the browser loads itself). */
export function routeUrl<K extends RouteKey & `GET ${string}`>(key: K, ...[opts]: CallArgs<K>): string {
  const { path, query } = target(key, opts);
  return apiUrl(path, query);
}

/** The message to show for a failure, with the screen's fallback. */
export function errorMessage(e: unknown, fallback: string): string {
  if (e instanceof Error && e.message) return e.message;
  return fallback;
}
