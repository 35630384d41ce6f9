import middy from '@middy/core';
import httpRouterHandler from '@middy/http-router';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpCors from '@middy/http-cors';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import { PRIVATE_QUERY_HEADER } from '@shared/private-query';
import { hasAnyRole } from '@shared/roles';
import type { Contract, ParsedPart, RouteKeyOf } from '@shared/contract';
import { routeKey, routesOf, type FunctionArea, type RouteDef } from '@shared/routes';
import { auditActionOf } from '@shared/audit-actions';
import { auditTrail, type AuditTrail } from './audit-log';
import { docClient } from './aws';
import { callerFromAuthorization, type Caller } from './caller';
import { farmerFromAuthorization, type FarmerSession } from './farmer-tokens';
import { clientIp } from './client-address';
import { AppError, badRequest, forbidden, unauthorized } from './errors';
import { HttpResult, json, type FileBody, type HtmlBody, type ImageBody } from './http';
import { log } from './log';
import { isTransient } from './retry';
import { requireCloudFrontOrigin } from './origin-verify';
import { jwtKeys } from './secrets';
import { ENROL_ONLY_ROUTES, enrolFirst } from './second-factor-policy';

const BUSY_MESSAGE = 'सर्वर अभी व्यस्त है, कृपया थोड़ी देर में फिर कोशिश करें / The service is busy, please try again in a moment.';

export type { Caller };

const FARMER_SESSION_NEEDED = 'कृपया मोबाइल पर आए कोड से फिर पुष्टि करें / Please confirm again with the code sent to your mobile.';

export interface RequestCtx<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The signed-in caller, or null for an anonymous caller of a public route. */
  caller: Caller | null;
  /** The farmer session of a 'farmer' route (always there on one: the route answers 401 without it), else null. */
  farmer: FarmerSession | null;
  event: APIGatewayProxyEventV2;
  requestId: string;
  sourceIp: string;
  /** The route's audit action and caller (shared/audit-actions.ts): write routes add its entry to their change. */
  audit: AuditTrail;
}

type PartName = 'params' | 'query' | 'body';

/** The schema a route takes for a request part: required when the contract has one, absent otherwise. */
type SchemaField<C, F extends PartName> = C extends { [P in F]: infer S } ? { [P in F]: S } : { [P in F]?: undefined };

/** A body the handler reads itself (see RouteContract.bodyReadByHandler): raw, or JSON parsed as unknown. */
type BodyField<C> = C extends { bodyReadByHandler: true } ? { body?: z.ZodUnknown; rawBody?: true } : SchemaField<C, 'body'>;

/** The route's JSON reply (or the same wrapped with a status and headers), an image for the QR routes, or a page. */
export type HandlerResult<C> = C extends { reply: infer R extends z.ZodType }
  ?
      | z.input<R>
      | HttpResult<z.input<R>>
      | (C extends { file: true } ? HttpResult<FileBody> : never)
      | (C extends { page: true } ? HttpResult<HtmlBody> : never)
  : C extends { reply: 'html' }
    ? HttpResult<HtmlBody>
    : HttpResult<ImageBody>;

/** One route's implementation, typed by its entry in the contract. */
export type RouteImpl<C> = SchemaField<C, 'params'> &
  SchemaField<C, 'query'> &
  BodyField<C> & {
    handle: (
      ctx: RequestCtx<
        ParsedPart<C, 'params'>,
        ParsedPart<C, 'query'>,
        C extends { bodyReadByHandler: true } ? unknown : ParsedPart<C, 'body'>
      >,
    ) => Promise<HandlerResult<C>>;
  };

/** An area's route map: exactly the area's routes of the route table, each typed by its contract entry. */
export type AreaRoutes<A extends FunctionArea> = { [K in RouteKeyOf<A>]: RouteImpl<Contract[K]> };

/** The same without the types, as the dispatcher uses it. */
interface AnyRouteImpl {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  rawBody?: boolean;
  handle: (ctx: RequestCtx<any, any, any>) => Promise<unknown>;
}

const MAX_JSON_BYTES = 1024 * 1024;

/** The request's JSON body (undefined when empty); a body of another type or not JSON is a 4xx. */
export function parseJsonBody(event: APIGatewayProxyEventV2): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (text.length > MAX_JSON_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
  const type = event.headers?.['content-type'] ?? '';
  if (type && !/^application\/(.+\+)?json\b/i.test(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON (Content-Type: application/json)');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', 'Request body is not valid JSON');
  }
}

const PLAIN_CODES = new Set(['custom', 'too_small', 'too_big', 'invalid_format', 'not_multiple_of']);

/** Turns zod issues into one clear message (the first problem) plus a field map. */
export function validationError(error: z.ZodError, where: string): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.') || where;
    if (!(path in fields)) fields[path] = issue.message;
  }
  const first = error.issues[0];
  const path = first.path.join('.');
  const message = PLAIN_CODES.has(first.code) || !path ? first.message : `${path}: ${first.message}`;
  return badRequest(message, fields);
}

function parseWith(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const out = schema.safeParse(value);
  if (!out.success) throw validationError(out.error, where);
  return out.data;
}

function cleanQuery(q: Record<string, string | undefined> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q ?? {})) if (v !== undefined && v !== '') out[k] = v;
  return out;
}

/** The URL's query plus the values the client kept out of the URL (shared/private-query.ts); the header wins. */
function requestQuery(event: APIGatewayProxyEventV2): Record<string, string> {
  const hidden = event.headers?.[PRIVATE_QUERY_HEADER];
  return {
    ...cleanQuery(event.queryStringParameters),
    ...(hidden ? cleanQuery(Object.fromEntries(new URLSearchParams(hidden))) : {}),
  };
}

function runRoute(def: RouteDef, impl: AnyRouteImpl) {
  return async (event: APIGatewayProxyEventV2, context: Context) => {
    // A farmer route takes a farmer session and nothing else: a staff token is no farmer's (decision 0043).
    const farmer = def.access === 'farmer' ? await farmerFromAuthorization(event.headers?.authorization) : null;
    if (def.access === 'farmer' && !farmer) throw unauthorized(FARMER_SESSION_NEEDED);
    let caller = def.access === 'farmer' ? null : await callerFromAuthorization(event.headers?.authorization);
    // A token that opens only the second factor's enrolment: anonymous on public routes, refused elsewhere.
    if (caller?.enrolOnly) {
      if (def.access === 'public') caller = null;
      else if (!ENROL_ONLY_ROUTES.has(routeKey(def))) throw enrolFirst();
    }
    if (def.access !== 'public' && def.access !== 'farmer') {
      if (!caller) throw unauthorized();
      if (!hasAnyRole(caller.roles, def.access)) throw forbidden();
    }
    const params = parseWith(impl.params, event.pathParameters ?? {}, 'path');
    const query = parseWith(impl.query, requestQuery(event), 'query');
    const body = impl.rawBody ? undefined : parseWith(impl.body, impl.body ? parseJsonBody(event) : undefined, 'body');
    const sourceIp = clientIp(event);
    const result = await impl.handle({
      params,
      query,
      body,
      caller,
      farmer,
      event,
      requestId: context?.awsRequestId ?? event.requestContext?.requestId ?? '',
      sourceIp,
      audit: auditTrail(auditActionOf(routeKey(def)), caller, sourceIp),
    });
    return toResponse(result instanceof HttpResult ? result : json(result));
  };
}

function toResponse(r: HttpResult): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: r.statusCode,
    // Kept by no cache unless the route says otherwise (a public list, the lot): most replies name a person.
    headers: { 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff', ...r.headers },
    body: r.body,
    isBase64Encoded: r.isBase64Encoded,
  };
}

function errorBody(status: number, code: string, message: string, fields?: Record<string, string>) {
  return toResponse(json({ success: false, code, message, ...(fields ? { fields } : {}) }, status));
}

/** Maps every thrown error to a response: AppError and middy's http errors as they are, anything else a bare 500. */
const errorAndAccessLog = (): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> => {
  const started = new WeakMap<object, number>();
  const logLine = (req: middy.Request<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>, status: number) =>
    log.info('request', {
      method: req.event.requestContext?.http?.method,
      path: req.event.requestContext?.http?.path,
      status,
      ms: Date.now() - (started.get(req) ?? Date.now()),
      requestId: req.context?.awsRequestId,
    });
  return {
    before: async (req) => {
      started.set(req, Date.now());
    },
    after: async (req) => {
      logLine(req, req.response?.statusCode ?? 200);
    },
    onError: async (req) => {
      const err = req.error as (Error & { statusCode?: number; expose?: boolean }) | null;
      if (err instanceof AppError) {
        req.response = errorBody(err.status, err.extra.reason ?? err.code, err.message, err.extra.fields);
        if (err.extra.retryAfterSeconds !== undefined) {
          req.response.headers = {
            ...req.response.headers,
            'retry-after': String(Math.max(1, Math.ceil(err.extra.retryAfterSeconds))),
          };
        }
        if (err.extra.internal) log.warn('client error', { code: err.code, internal: err.extra.internal });
      } else if (err && typeof err.statusCode === 'number' && err.statusCode < 500 && err.expose !== false) {
        const status = err.statusCode === 404 ? 404 : err.statusCode;
        const message = status === 404 ? 'Not found' : err.message;
        req.response = errorBody(status, status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', message);
      } else if (isTransient(err)) {
        // Storage throttled or briefly unreachable: nothing was acknowledged, the same request may be sent again.
        log.warn('transient storage error', { error: err?.message, name: err?.name });
        req.response = errorBody(503, 'UNAVAILABLE', BUSY_MESSAGE);
        req.response.headers = { ...req.response.headers, 'retry-after': '2' };
      } else {
        log.error('unhandled error', { error: err?.message, name: err?.name, stack: err?.stack });
        req.response = errorBody(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
      }
      logLine(req, req.response.statusCode ?? 500);
    },
  };
};

/**
 * Builds the Lambda handler of one API area from the route table and that area's route implementations.
 * Every route of the area in the table must have an implementation and vice versa: tsc checks it, with each
 * route's schemas and reply, against the contract (shared/contract); the checks below repeat it at start.
 */
export function defineArea<A extends FunctionArea>(area: A, routeMap: AreaRoutes<A>) {
  const impls = routeMap as unknown as Record<string, AnyRouteImpl>;
  const defs = routesOf(area);
  const keys = new Set(defs.map(routeKey));
  for (const k of Object.keys(impls)) {
    if (!keys.has(k)) throw new Error(`Area ${area}: route "${k}" is implemented but not in the route table`);
  }
  for (const k of keys) {
    if (!impls[k]) throw new Error(`Area ${area}: route "${k}" is in the route table but not implemented`);
  }
  const routes = defs.map((def) => ({ method: def.method, path: def.path, handler: runRoute(def, impls[routeKey(def)]) }));
  const h = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(httpHeaderNormalizer())
    .use(errorAndAccessLog())
    .use(requireCloudFrontOrigin());
  const corsOrigin = process.env.CORS_ORIGIN;
  if (corsOrigin) h.use(httpCors({ origins: corsOrigin.split(','), credentials: false }));
  startDuringInit();
  return h.handler(httpRouterHandler(routes as never) as never);
}

/**
 * In the cloud (the JWT key is a Secrets Manager secret), build the DynamoDB client and start fetching the JWT
 * keys while the function initialises, so that the first request finds them ready or on the way. A failed
 * fetch is forgotten by the secret cache and tried again by the first request; a configuration error is left
 * for the first request to report.
 */
function startDuringInit(): void {
  if (!process.env.JWT_SECRET_ARN || process.env.JWT_SECRET) return;
  try {
    docClient();
    void jwtKeys().catch(() => undefined);
  } catch {
    /* reported by the first request */
  }
}
