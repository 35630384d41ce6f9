import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { inject } from 'vitest';
import { resetEnvCache } from '@functions/lib/env';
import { clearConfigCache } from '@functions/lib/config-store';
import { ensureTable } from '@infra/local/dynamo';
import { startStreamConsumer } from '@infra/local/streams';
import { createGateway } from '@infra/local/gateway';
import { seedAll } from '@infra/seed';
import type { Contract, JsonRouteKey, ReplyData } from '@shared/contract';
import { routeTarget, type RouteArgs } from '@shared/contract/route-call';
import type { Role } from '@shared/roles';
import { checkReply } from './reply-check';
import { openRegistrations } from './setup-done';

/**
 * Integration-test harness: a fresh table on the shared DynamoDB Local, the real local gateway on a free
 * port (so requests go through the same event building and handlers as `npm start`), and helpers to call it.
 * Every 2xx JSON reply that call() sees is checked against its route's reply schema (./reply-check.ts).
 */
export interface TestApi {
  url: string;
  tableName: string;
  adminEmail: string;
  adminPassword: string;
  /** Any request, as sent: for malformed bodies, unknown paths and headers a route does not expect. */
  call(method: string, path: string, opts?: CallOptions): Promise<ApiReply>;
  /**
   * A call of a route by its key in the route table, its parameters, query and body typed by the contract
   * (shared/contract), its 2xx reply's JSON typed as `data`: `api.route('POST /api/config', { token, body })`.
   */
  route<K extends JsonRouteKey>(key: K, ...[opts]: RouteArgs<K, RouteCallExtras>): Promise<RouteReply<K>>;
  /** A bearer token for a user holding exactly these roles (created on first use). */
  tokenFor(...roles: Role[]): Promise<string>;
  /** Runs the table stream's consumer until it has caught up (farmer links and dashboard counters of new registrations). */
  drainStreams(): Promise<void>;
  close(): Promise<void>;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is (e.g. malformed JSON or multipart). */
  rawBody?: string | Buffer | Uint8Array;
  token?: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
}

/** What a typed call sends besides its route's parts. */
export interface RouteCallExtras {
  token?: string;
  headers?: Record<string, string>;
}

/** A route's reply: `data` is the JSON of a 2xx as its reply schema types it (an error's JSON stays in `json`). */
export type RouteReply<K extends JsonRouteKey> = ApiReply & { data: ReplyData<Contract[K]> };

export interface ApiReply {
  status: number;
  headers: Headers;
  text: string;
  json: any;
  buffer: Buffer;
}

const ROLE_IDS: Record<Role, number> = { super_admin: 1, admin: 2, seller: 3, user: 4 };

/**
 * staticDir: the built SPA the gateway serves (a test may give its own small one). streams: the table gets its
 * stream, read by `drainStreams()` (files that look at the farmer links or dashboard counters of new
 * registrations); off by default, as DynamoDB Local grows slower with every stream record it keeps. fresh: the
 * table as a fresh install has it (registrations closed); otherwise registrations are open, as after the
 * first-run setup (./setup-done.ts).
 */
export async function startTestApi(opts: { staticDir?: string; streams?: boolean; fresh?: boolean } = {}): Promise<TestApi> {
  const tableName = `t-${randomUUID()}`;
  const adminEmail = 'root@test.local';
  const adminPassword = 'root-password-1';
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    S3_ENDPOINT: inject('s3Endpoint'),
    UPLOADS_BUCKET: inject('uploadsBucket'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    AADHAAR_KEY: randomBytes(64).toString('base64'),
    FARMER_CODE_KEY: randomBytes(48).toString('base64url'),
    // Logged in full so the run's privacy sweep reads every line (vitest.config.ts keeps them off the screen).
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'debug',
  });
  resetEnvCache();
  clearConfigCache();
  await ensureTable(inject('dynamoEndpoint'), tableName, { stream: opts.streams === true });
  await seedAll(adminEmail, adminPassword);
  if (!opts.fresh) await openRegistrations();
  // Run only when a test drains it, so that what it writes appears at a point the test chooses.
  const streams = opts.streams
    ? startStreamConsumer({ endpoint: inject('dynamoEndpoint'), tableName, intervalMs: 0 })
    : undefined;

  const server: http.Server = createGateway({ staticDir: opts.staticDir ?? 'frontend/dist' });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.PUBLIC_BASE_URL = url;
  resetEnvCache();

  const call: TestApi['call'] = async (method, path, opts = {}) => {
    const u = new URL(path, url);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) u.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: BodyInit | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody as BodyInit;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetchOnce(u, { method, headers, body });
    const buffer = Buffer.from(await res.arrayBuffer());
    const text = buffer.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    checkReply(method, u.href, res.status, res.headers.get('content-type'), json);
    return { status: res.status, headers: res.headers, text, json, buffer };
  };

  const route: TestApi['route'] = async (key, ...[opts]) => {
    const o = (opts ?? {}) as { params?: Record<string, string | number>; query?: CallOptions['query'] } & RouteCallExtras & {
        body?: unknown;
      };
    const { method, path, query } = routeTarget(key, o);
    const reply = await call(method, path, { query, body: o.body, token: o.token, headers: o.headers });
    return { ...reply, data: reply.json };
  };

  const tokens = new Map<string, string>();
  let adminToken: string | undefined;
  const loginAs = async (email: string, password: string) => {
    const r = await call('POST', '/auth/login', { body: { email, password } });
    if (r.status !== 200) throw new Error(`login failed for ${email}: ${r.status} ${r.text}`);
    return r.json.token as string;
  };

  const tokenFor: TestApi['tokenFor'] = async (...roles) => {
    const key = [...roles].sort().join(',');
    const hit = tokens.get(key);
    if (hit) return hit;
    adminToken ??= await loginAs(adminEmail, adminPassword);
    const email = `${key.replace(/,/g, '-') || 'none'}-${randomBytes(3).toString('hex')}@test.local`;
    const password = 'test-password-1';
    const created = await call('POST', '/api/admin/users', {
      token: adminToken,
      body: { fullName: `Test ${key || 'no role'}`, email, password, isActive: true, roleIds: roles.map((r) => ROLE_IDS[r]) },
    });
    if (created.status !== 201) throw new Error(`could not create test user: ${created.status} ${created.text}`);
    const token = await loginAs(email, password);
    tokens.set(key, token);
    return token;
  };

  return {
    url,
    tableName,
    adminEmail,
    adminPassword,
    call,
    route,
    tokenFor,
    drainStreams: async () => {
      if (!streams) throw new Error('drainStreams: start the test API with { streams: true }');
      await streams.drain();
    },
    close: async () => {
      await streams?.stop();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/**
 * A kept-alive connection the server closed while this process was busy (a long synchronous parse of an
 * answer in a test) is found closed only when reused: the request then fails with a reset before the server
 * saw it. Browsers send an idempotent request again in that case; so does this client, once, for GET and HEAD.
 */
async function fetchOnce(u: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(u, init);
  } catch (e) {
    const code = ((e as Error).cause as { code?: string } | undefined)?.code;
    const idempotent = init.method === 'GET' || init.method === 'HEAD';
    if (!idempotent || (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET')) throw e;
    return fetch(u, init);
  }
}
