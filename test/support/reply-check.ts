import { CONTRACT } from '@shared/contract';
import { ROUTES, routeKey, type RouteDef, type RouteKey } from '@shared/routes';

/**
 * Checks a reply against its route's reply schema in the contract (shared/contract): every JSON body of a 2xx
 * must parse. The integration and end-to-end harnesses call it on every reply they see, so a reply that
 * drifts from its schema (a field added, renamed or of another type) fails the test that saw it.
 */

interface Matcher {
  key: RouteKey;
  method: string;
  pattern: RegExp;
  /** Routes with fewer parameters win: '/api/lots/preview-code' before '/api/lots/{id}'. */
  params: number;
}

const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

const MATCHERS: Matcher[] = (ROUTES as readonly RouteDef[])
  .map((r) => ({
    key: routeKey(r) as RouteKey,
    method: r.method,
    pattern: new RegExp(
      `^${r.path
        .split(/\{[^}]+\}/)
        .map(escape)
        .join('[^/]+')}$`,
    ),
    params: (r.path.match(/\{/g) ?? []).length,
  }))
  .sort((a, b) => a.params - b.params);

/** The route key a request went to, or undefined for paths outside the route table (the SPA, unknown paths). */
export function routeOf(method: string, pathname: string): RouteKey | undefined {
  return MATCHERS.find((m) => m.method === method.toUpperCase() && m.pattern.test(pathname))?.key;
}

/** Throws, naming the route and every mismatch, when a 2xx JSON reply does not match its route's reply schema. */
export function checkReply(method: string, url: string, status: number, contentType: string | null, json: unknown): void {
  if (status < 200 || status > 299 || !/\bjson\b/i.test(contentType ?? '')) return;
  const key = routeOf(method, new URL(url, 'http://localhost').pathname);
  if (!key) return;
  const reply = CONTRACT[key].reply;
  if (reply === 'image' || reply === 'html') {
    throw new Error(
      `${key} answered ${status} with JSON; its contract says it answers ${reply === 'html' ? 'a page' : 'an image'}`,
    );
  }
  const out = reply.safeParse(json);
  if (out.success) return;
  const problems = out.error.issues.map((i) => `  ${i.path.join('.') || '(reply)'}: ${i.message}`).join('\n');
  throw new Error(`The ${status} reply of ${key} does not match its reply schema (shared/contract):\n${problems}`);
}
