/**
 * The one error type of the API. `message` is shown to the user (English, with Hindi where a farmer reads
 * it); `internal` is only logged.
 */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UNAVAILABLE'
  | 'INTERNAL'
  /** A sale refused because its seller's day is closed (docs/decisions/0026-day-close.md). */
  | 'DAY_CLOSED';

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
  DAY_CLOSED: 409,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      fields?: Record<string, string>;
      internal?: string;
      data?: Record<string, unknown>;
      /** Sent as Retry-After (e.g. with TOO_MANY_REQUESTS). */
      retryAfterSeconds?: number;
      /**
       * Sent as the body's `code` in place of the generic one: a finer reason for screens that word each case
       * themselves (the counter's check-in refusals).
       */
      reason?: string;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS[code];
  }
}

/**
 * The one way to raise each of these codes (test/checks/one-spelling.test.ts): `new AppError(code, …)` stays for the
 * codes without a helper here.
 */
type More = Pick<AppError['extra'], 'internal' | 'reason'>;
export const badRequest = (message: string, fields?: Record<string, string>) => new AppError('VALIDATION', message, { fields });
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string, data?: Record<string, unknown>, more: More = {}) =>
  new AppError('CONFLICT', message, { data, ...more });
export const unauthorized = (message = 'Unauthorized') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission for this action', more: More = {}) =>
  new AppError('FORBIDDEN', message, more);
