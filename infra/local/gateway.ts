import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { VIEWER_ADDRESS_HEADER } from '@functions/lib/client-address';
import { LANGUAGE_COOKIE, ROUTES, firstViewFileOf, isFunctionPath, pageAddressOf, type RouteDef } from '@shared/routes';
import { contentSecurityPolicy } from '../security-headers';
import { compressedFile } from './compressed-files';
import { handlerFor } from './handlers';

/**
 * The local stand-in for API Gateway (HTTP API, payload v2) and CloudFront: turns each HTTP request into
 * the event API Gateway would send, calls the same Lambda handler, and writes its result back. Other
 * paths serve the built SPA with history fallback, as CloudFront does in the cloud.
 */
const MAX_BODY = 6 * 1024 * 1024; // Lambda's synchronous payload limit

interface CompiledRoute {
  def: RouteDef;
  regex: RegExp;
  names: string[];
}

const compiled: CompiledRoute[] = (ROUTES as readonly RouteDef[]).map((def) => {
  const names: string[] = [];
  const pattern = def.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { def, regex: new RegExp(`^${pattern}/?$`), names };
});

export function matchRoute(method: string, path: string): { def: RouteDef; params: Record<string, string> } | undefined {
  // Static paths win over parameterised ones, as in API Gateway.
  const candidates = compiled.filter((c) => c.def.method === method).sort((a, b) => a.names.length - b.names.length);
  for (const c of candidates) {
    const m = c.regex.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    c.names.forEach((n, i) => {
      try {
        params[n] = decodeURIComponent(m[i + 1]);
      } catch {
        params[n] = m[i + 1];
      }
    });
    return { def: c.def, params };
  }
  return undefined;
}

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml|.*\+json)|text\/)/i;

/**
 * Headers only the edge may set: CloudFront's viewer headers, the forwarding headers and the viewer address.
 * A client could send any of them (a fresh address per sign-in guess), so locally they are dropped and the
 * viewer address is written from the socket, as CloudFront's viewer-address function does from the connection.
 */
const EDGE_HEADER = /^(cloudfront-|x-forwarded-|forwarded$|x-real-ip$|true-client-ip$|x-client-ip$|x-amzn-|x-viewer-address$)/;

/** The request target split into its path and query, as API Gateway gives them; null when it is malformed. */
export interface RequestTarget {
  path: string;
  query: string;
}

/**
 * Parses the request line's target: origin form ("/path?query", "//" and "\" kept as path, not a host) or
 * absolute form ("http://host/path"). Anything else, or a malformed percent-encoding anywhere in it, is null.
 */
export function parseTarget(raw: string | undefined): RequestTarget | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = raw.startsWith('/') ? new URL(`http://local${raw}`) : new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const query = url.search.slice(1);
  try {
    decodeURIComponent(url.pathname);
    for (const part of query.split('&')) decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return null;
  }
  return { path: url.pathname, query };
}

export function buildEvent(
  req: http.IncomingMessage,
  target: RequestTarget,
  body: Buffer,
  route: { def: RouteDef; params: Record<string, string> } | undefined,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    const name = k.toLowerCase();
    if (v === undefined || name === 'cookie' || EDGE_HEADER.test(name)) continue;
    headers[name] = Array.isArray(v) ? v.join(',') : v;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(target.query)) query[k] = k in query ? `${query[k]},${v}` : v;
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || TEXT_TYPES.test(contentType);
  const routeKey = route ? `${route.def.method} ${route.def.path}` : '$default';
  const now = new Date();
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  headers[VIEWER_ADDRESS_HEADER] = sourceIp;
  return {
    version: '2.0',
    routeKey,
    rawPath: target.path,
    rawQueryString: target.query,
    cookies: req.headers.cookie ? req.headers.cookie.split(/;\s*/) : undefined,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: route && Object.keys(route.params).length ? route.params : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: target.path,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
  };
}

function lambdaContext(requestId: string, area: string): Context {
  const deadline = Date.now() + 29_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${area}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${area}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${area}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** The client went away before its request was whole: there is no one to answer. */
class ClientGone extends Error {}

/** The body, or null as soon as it is over Lambda's limit (the rest is not kept). */
function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) return void chunks.push(c);
      chunks.length = 0;
      resolveBody(null);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks)));
    // Aborted mid-body (socket closed, a chunked body cut off): 'error' and/or 'close' without 'end'.
    req.on('error', () => reject(new ClientGone()));
    req.on('close', () => {
      if (!req.complete) reject(new ClientGone());
    });
  });
}

/** Writes a reply unless the client has gone; a write to a closed socket is dropped, never thrown. */
function reply(res: http.ServerResponse, status: number, headers: http.OutgoingHttpHeaders, body?: Buffer | string) {
  if (res.destroyed || res.writableEnded) return;
  if (res.headersSent) return void res.end();
  res.writeHead(status, headers);
  res.end(body);
}

function sendJson(res: http.ServerResponse, status: number, data: unknown, headers: http.OutgoingHttpHeaders = {}) {
  reply(res, status, { 'content-type': 'application/json; charset=utf-8', ...headers }, JSON.stringify(data));
}

const MSG_BAD_URL = 'अमान्य पता / Bad request: the address is malformed.';

async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, target: RequestTarget) {
  const route = matchRoute(req.method ?? 'GET', target.path);
  const body = await readBody(req);
  // The rest of an oversized body is not read: the connection closes after the answer.
  if (body === null) return sendJson(res, 413, { message: 'Request Entity Too Large' }, { connection: 'close' });
  if (!route) return sendJson(res, 404, { message: 'Not Found' });
  const event = buildEvent(req, target, body, route);
  const handler = await handlerFor(route.def.area);
  const result = await handler(event, lambdaContext(event.requestContext.requestId, route.def.area));
  if (res.destroyed) return;
  const headers: http.OutgoingHttpHeaders = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const payload = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  reply(res, result.statusCode ?? 200, headers, payload);
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** The visitor's language choice as the app keeps it in a cookie (CloudFront's rewrite reads the same). */
function languageCookie(req: http.IncomingMessage): string | undefined {
  const pair = (req.headers.cookie ?? '').split(/;\s*/).find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`));
  return pair?.slice(LANGUAGE_COOKIE.length + 1);
}

function serveStatic(req: http.IncomingMessage, res: http.ServerResponse, staticDir: string, path: string) {
  const root = resolve(staticDir);
  // parseTarget has checked the encoding; a NUL byte is no file name.
  const decoded = decodeURIComponent(path);
  if (decoded.includes('\0')) return sendJson(res, 400, { message: MSG_BAD_URL });
  let file = normalize(join(root, decoded));
  if (file !== root && !file.startsWith(root + sep)) file = join(root, 'index.html');
  // The pages whose first view is in their HTML get that copy of index.html, as CloudFront's rewrite does.
  const firstView = firstViewFileOf(path, languageCookie(req) === 'en' ? 'en' : 'hi');
  if (firstView && existsSync(join(root, firstView))) file = join(root, firstView);
  const isFile = existsSync(file) && statSync(file).isFile();
  if (!isFile) {
    // History fallback: client-side routes get the app shell (as CloudFront's SPA fallback does).
    if (extname(path) && path.startsWith('/assets/')) return reply(res, 404, { 'content-type': 'text/plain' }, 'Not found');
    file = join(root, 'index.html');
    if (!existsSync(file)) {
      return reply(
        res,
        503,
        { 'content-type': 'text/plain; charset=utf-8' },
        'The web app is not built yet: run npm run build:web',
      );
    }
  }
  const immutable = file.startsWith(join(root, 'assets') + sep);
  const headers: http.OutgoingHttpHeaders = {
    'content-type': MIME[extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    // The pages get the policy CloudFront sends, with s3rver as the uploads origin.
    ...(extname(file) === '.html' ? pageSecurityHeaders() : {}),
  };
  // Text is sent compressed, as CloudFront does (compress: true): brotli when the browser takes it, else gzip.
  if (COMPRESSIBLE.has(extname(file))) {
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    headers.vary = 'accept-encoding';
    if (encoding) {
      const body = compressedFile(file, encoding);
      return reply(
        res,
        200,
        { ...headers, 'content-encoding': encoding, 'content-length': body.length },
        req.method === 'HEAD' ? undefined : body,
      );
    }
  }
  if (req.method === 'HEAD') return reply(res, 200, headers);
  res.writeHead(200, headers);
  // pipeline ends the file stream when the client goes away, and a read error ends the reply, not the process.
  pipeline(createReadStream(file), res, () => undefined);
}

function pageSecurityHeaders(): http.OutgoingHttpHeaders {
  const s3 = process.env.S3_ENDPOINT;
  return {
    'content-security-policy': contentSecurityPolicy(s3 ? new URL(s3).origin : ''),
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);
/** One request, whatever it holds: every throw or rejection on its path becomes an answer (or nothing, if the client left). */
async function handleRequest(req: http.IncomingMessage, res: http.ServerResponse, staticDir: string) {
  const target = parseTarget(req.url);
  if (!target) {
    // The body is not read; the connection closes after the answer.
    return sendJson(res, 400, { message: MSG_BAD_URL }, { connection: 'close' });
  }
  // A page asked for with a trailing slash goes to its address, as CloudFront's viewer-request function sends it.
  const address = (req.method === 'GET' || req.method === 'HEAD') && pageAddressOf(target.path);
  if (address) {
    req.resume();
    return reply(res, 301, { location: address + (target.query ? `?${target.query}` : '') });
  }
  // The API and the pages a function answers (the QR codes' addresses) go before the SPA's fallback, as on CloudFront.
  if (isFunctionPath(target.path)) return handleApi(req, res, target);
  // A body sent to a static path is read and dropped.
  req.resume();
  return serveStatic(req, res, staticDir, target.path);
}

export function createGateway(opts: { staticDir: string }): http.Server {
  return http.createServer((req, res) => {
    // A late write on a closed socket, or a reset, may be reported on either stream: it ends only this request.
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    handleRequest(req, res, opts.staticDir).catch((e) => {
      if (e instanceof ClientGone) return;
      // A bug on the request path; never show internals, never end the process.
      console.error(JSON.stringify({ level: 'error', msg: 'gateway error', error: (e as Error)?.message }));
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
      else if (!res.destroyed) res.destroy();
    });
  });
}
