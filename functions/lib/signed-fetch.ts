import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { presignRequest, signRequest, type Credentials, type SignableRequest, type SigningScope } from './sigv4';

/**
 * Requests to the AWS services the functions use (DynamoDB, Secrets Manager, S3, Lambda, End User Messaging
 * SMS): signed with Signature Version 4 (functions/lib/sigv4.ts, the SDK signer's results on node:crypto) and
 * sent with node:http(s), in place of an SDK client per service, which adds its models, endpoint rules and
 * serialisers to the bundle (docs/decisions/0033-lean-function-bundles.md, 0046-signing-without-the-sdk.md).
 *
 * Credentials come from the SDK's default provider: in the Lambda bundles that is
 * functions/lib/lambda-credentials.ts (the role's credentials from the environment, with their session token),
 * under tsx the SDK's own chain. A caller may pass fixed credentials (the local S3 stand-in).
 */
let roleCredentials: (() => Promise<Credentials>) | undefined;

export interface ServiceTarget {
  service: string;
  region: string;
  credentials?: Credentials;
  /** S3 signs the path as it is sent (already escaped once); every other service escapes it again. */
  pathAsSent?: boolean;
}

async function scope(t: ServiceTarget): Promise<SigningScope> {
  return {
    service: t.service,
    region: t.region,
    credentials: t.credentials ?? (await (roleCredentials ??= defaultProvider({}))()),
    uriEscapePath: !t.pathAsSent,
    applyChecksum: t.service === 's3',
  };
}

export interface PlainRequest {
  method: string;
  url: URL;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

function toSignable(r: PlainRequest): SignableRequest {
  const query: Record<string, string> = {};
  for (const [k, v] of r.url.searchParams) query[k] = v;
  // S3 refuses a PUT without a length (411); Node would send a body-less PUT chunked.
  const length =
    r.body !== undefined ? String(Buffer.byteLength(r.body)) : r.method === 'PUT' || r.method === 'POST' ? '0' : undefined;
  return {
    method: r.method,
    path: r.url.pathname,
    query,
    headers: { ...(length !== undefined ? { 'content-length': length } : {}), ...r.headers, host: r.url.host },
    body: r.body,
  };
}

/**
 * An answer, read once. Node's global fetch is not used: it loads its HTTP stack (undici) on the first call,
 * which cost a cold start about 90 ms here; node:http is loaded with Node itself, as the SDK's handler uses it.
 */
export interface AwsResponse {
  status: number;
  ok: boolean;
  header(name: string): string | undefined;
  text(): Promise<string>;
  bytes(): Promise<Buffer>;
  /** Drops the body unread (the connection goes back to the pool). */
  discard(): void;
}

/** Connections are kept open between requests, as the SDK's handler keeps them. */
const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

function readAll(msg: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    msg.on('data', (c: Buffer) => chunks.push(c));
    msg.on('end', () =>
      msg.complete ? resolve(Buffer.concat(chunks)) : reject(new TransportError(new Error('answer cut short'))),
    );
    msg.on('error', (e) => reject(new TransportError(e)));
    msg.on('aborted', () => reject(new TransportError(new Error('answer aborted'))));
  });
}

function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | Uint8Array | undefined,
): Promise<AwsResponse> {
  const secure = url.startsWith('https:');
  return new Promise((resolve, reject) => {
    const req = (secure ? httpsRequest : httpRequest)(
      url,
      { method, headers, agent: secure ? agents.https : agents.http },
      (msg) => {
        let read: Promise<Buffer> | undefined;
        const all = () => (read ??= readAll(msg));
        const status = msg.statusCode ?? 0;
        resolve({
          status,
          ok: status >= 200 && status < 300,
          header: (name) => {
            const v = msg.headers[name.toLowerCase()];
            return Array.isArray(v) ? v.join(', ') : v;
          },
          text: async () => (await all()).toString('utf8'),
          bytes: all,
          discard: () => {
            msg.resume();
          },
        });
      },
    );
    req.on('error', (e) => reject(new TransportError(e)));
    req.end(body);
  });
}

/** The query string of a signed request, in the order the signer gave it, escaped as RFC 3986 asks. */
function queryString(query: SignableRequest['query']): string {
  const escape = (s: string) =>
    encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return Object.entries(query ?? {})
    .flatMap(([k, v]) => (v === null ? [escape(k)] : (Array.isArray(v) ? v : [v]).map((x) => `${escape(k)}=${escape(x)}`)))
    .join('&');
}

const urlOf = (r: PlainRequest, signed: SignableRequest) => {
  const q = queryString(signed.query);
  return `${r.url.origin}${r.url.pathname}${q ? `?${q}` : ''}`;
};

const TRANSIENT_STATUS = (status: number) => status >= 500 || status === 429;

/**
 * Sends a signed request. A 5xx or 429 answer or a network error is tried again (up to `attempts` in all,
 * with jittered backoff), each time signed anew; the last answer or error is returned or thrown.
 */
export async function signedFetch(t: ServiceTarget, r: PlainRequest, attempts = 3): Promise<AwsResponse> {
  for (let i = 1; ; i++) {
    try {
      const signed = signRequest(toSignable(r), await scope(t));
      const res = await send(urlOf(r, signed), r.method, signed.headers, r.body);
      if (!TRANSIENT_STATUS(res.status) || i >= attempts) return res;
      res.discard();
    } catch (e) {
      if (i >= attempts) throw e instanceof TransportError ? e : new TransportError(e);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * 2 ** i));
  }
}

export interface PresignOptions {
  expiresIn: number;
  /** Headers the client must send with exactly these values (S3 refuses another), signed into the URL. */
  signableHeaders?: Set<string>;
}

/** A presigned URL: the signature and credential in its query, for a client that has no credentials. */
export async function presignedUrl(t: ServiceTarget, r: PlainRequest, o: PresignOptions): Promise<string> {
  return urlOf(r, presignRequest(toSignable(r), await scope(t), o));
}

/**
 * The endpoint of a service: the variable the SDK honours (AWS_ENDPOINT_URL_<SERVICE>, then
 * AWS_ENDPOINT_URL), else the regional AWS endpoint.
 */
export function serviceEndpoint(envName: string, host: string): string {
  const configured = process.env[`AWS_ENDPOINT_URL_${envName}`] ?? process.env.AWS_ENDPOINT_URL;
  return (configured ?? `https://${host}`).replace(/\/+$/, '');
}

/** An AWS error answer: the service's error code (e.g. ResourceNotFoundException, NoSuchKey) and HTTP status. */
export class AwsServiceError extends Error {
  /** The shape the SDK's errors have, which functions/lib/retry.ts reads (a 5xx is transient). */
  readonly $metadata: { httpStatusCode: number };

  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
  ) {
    super(message || `${code} (${status})`);
    this.name = code;
    this.$metadata = { httpStatusCode: status };
  }
}

/** The error of a JSON service's refusal (Secrets Manager, Lambda): its type from the header or the body. */
export async function jsonServiceError(res: AwsResponse): Promise<AwsServiceError> {
  const text = await bodyOf(res, 'text');
  let answer: { __type?: string; Type?: string; message?: string; Message?: string } = {};
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    /* not JSON: the status says enough */
  }
  // "ResourceNotFoundException", "com.amazonaws.secretsmanager#ResourceNotFoundException" or "...:http://..."
  const type = res.header('x-amzn-errortype') ?? answer.__type ?? answer.Type ?? 'UnknownError';
  const code = type.split(':')[0].split('#').at(-1) || 'UnknownError';
  return new AwsServiceError(code, res.status, answer.message ?? answer.Message ?? '');
}

/**
 * The connection failed or broke off (refused, reset, a body cut short): nothing was acknowledged, so
 * the request may be sent again. `$retryable` makes functions/lib/retry.ts take it as transient (a 503 to the client).
 */
export class TransportError extends Error {
  readonly $retryable = { throttling: false };

  constructor(cause: unknown) {
    const c = cause as { message?: string; cause?: { code?: string; message?: string } };
    super(`${c?.message ?? 'request failed'}${c?.cause ? ` (${c.cause.code ?? c.cause.message})` : ''}`, { cause });
    this.name = 'TransportError';
  }
}

/** Reads an answer's body; a connection that breaks off meanwhile is a TransportError. */
export async function bodyOf(res: AwsResponse, as: 'text'): Promise<string>;
export async function bodyOf(res: AwsResponse, as: 'bytes'): Promise<Buffer>;
export async function bodyOf(res: AwsResponse, as: 'text' | 'bytes'): Promise<string | Buffer> {
  return as === 'text' ? res.text() : res.bytes();
}
