/** Small helpers shared by the bench scripts (bench/*.ts). */
import { postJson, type Http, type Reply } from '@test/fixtures/registration-helpers';

export type { Http, Reply };

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Runs task(0..n-1) with at most `limit` at a time; results in order. */
export async function pool<T>(n: number, limit: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, n) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
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
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
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
