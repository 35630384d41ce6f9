import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { ROUTES, isApiPath, type RouteDef } from '../../shared/routes';
import { contentSecurityPolicy } from '../security-headers';
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
  const candidates = compiled
    .filter((c) => c.def.method === method)
    .sort((a, b) => a.names.length - b.names.length);
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

export function buildEvent(
  req: http.IncomingMessage,
  body: Buffer,
  route: { def: RouteDef; params: Record<string, string> } | undefined,
): APIGatewayProxyEventV2 {
  const url = new URL(req.url ?? '/', 'http://local');
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === 'cookie') continue;
    headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || TEXT_TYPES.test(contentType);
  const routeKey = route ? `${route.def.method} ${route.def.path}` : '$default';
  const now = new Date();
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
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
        path: url.pathname,
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

function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) tooBig = true;
      else chunks.push(c);
    });
    req.on('end', () => resolveBody(tooBig ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: http.ServerResponse, status: number, data: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(data));
}

async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
  const route = matchRoute(req.method ?? 'GET', path);
  const body = await readBody(req);
  if (body === null) return sendJson(res, 413, { message: 'Request Entity Too Large' });
  if (!route) return sendJson(res, 404, { message: 'Not Found' });
  const event = buildEvent(req, body, route);
  const handler = await handlerFor(route.def.area);
  const result = await handler(event, lambdaContext(event.requestContext.requestId, route.def.area));
  const headers: Record<string, string> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) res.setHeader('set-cookie', result.cookies);
  const payload = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(payload);
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

function serveStatic(req: http.IncomingMessage, res: http.ServerResponse, staticDir: string, path: string) {
  const root = resolve(staticDir);
  let file = normalize(join(root, decodeURIComponent(path)));
  if (!file.startsWith(root)) file = join(root, 'index.html');
  const isFile = existsSync(file) && statSync(file).isFile();
  if (!isFile) {
    // History fallback: client-side routes get the app shell (as CloudFront's SPA fallback does).
    if (extname(path) && path.startsWith('/assets/')) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('Not found');
    }
    file = join(root, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('The web app is not built yet: run npm run build:web');
    }
  }
  const immutable = file.includes(`${root}/assets/`);
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
      const body = compressed(file, encoding);
      res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': body.length });
      return res.end(req.method === 'HEAD' ? undefined : body);
    }
  }
  res.writeHead(200, headers);
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
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
const compressedCache = new Map<string, Buffer>();

/** The file compressed once per version (the built files change only with a new build). */
function compressed(file: string, encoding: 'br' | 'gzip'): Buffer {
  const key = `${encoding}:${statSync(file).mtimeMs}:${file}`;
  let body = compressedCache.get(key);
  if (!body) {
    const raw = readFileSync(file);
    body = encoding === 'br' ? brotliCompressSync(raw) : gzipSync(raw);
    compressedCache.set(key, body);
  }
  return body;
}

export function createGateway(opts: { staticDir: string }): http.Server {
  return http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    const work = isApiPath(path) ? handleApi(req, res, path) : Promise.resolve(serveStatic(req, res, opts.staticDir, path));
    work.catch((e) => {
      // A crash here would be a bug in the handler factory; never show internals.
      console.error(JSON.stringify({ level: 'error', msg: 'gateway error', error: (e as Error).message }));
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
      else res.end();
    });
  });
}
