/** Small helpers shared by the bench scripts (bench/*.ts). */
import { postJson, toReply, type Http, type Reply } from '@test/fixtures/registration-helpers';

export type { Http, Reply };
export { pool } from '@test/support/pool';

/** A run's numeric settings, each from the environment variable of its name or else its default (`N=600 npx tsx bench/sales.ts`). */
export function envNumbers<K extends string>(defaults: Record<K, number>): Record<K, number> {
  return Object.fromEntries(
    Object.entries<number>(defaults).map(([name, value]) => [name, Number(process.env[name] ?? value)]),
  ) as Record<K, number>;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function login(h: Http, email: string, password: string): Promise<string> {
  const r = await postJson(h, '/auth/login', { email, password });
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${r.text}`);
  return r.json.token;
}

/** One API call with an optional bearer token and JSON body. */
export async function call(h: Http, method: string, path: string, token?: string, body?: unknown): Promise<Reply> {
  const f = h.fetch ?? fetch;
  const res = await f(new URL(path, h.url), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return toReply(res);
}

/** Sets configuration keys as super_admin (POST /api/config). */
export async function setConfig(h: Http, token: string, values: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    const r = await call(h, 'POST', '/api/config', token, { key, value });
    if (r.status >= 300) throw new Error(`could not set ${key}: ${r.status} ${r.text}`);
  }
}

export function must(r: Reply, what: string, status = 201): Reply {
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r;
}

export const ms = (n: number) => `${n.toFixed(0)} ms`;
