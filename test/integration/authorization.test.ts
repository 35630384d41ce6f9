import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey, type RouteDef } from '../../shared/routes';
import { ROLES, hasAnyRole, type Role } from '../../shared/roles';
import { AREA_LOADERS } from '../../infra/local/handlers';
import { startTestApi, type TestApi } from '../support/api';

/**
 * Walks the whole route table: for every route and every kind of caller, the answer is the one the table
 * promises (401 for anonymous on a protected route, 403 for a role not listed, anything but 401/403 otherwise).
 */
let api: TestApi;
const tokens: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  api = await startTestApi();
  for (const r of ROLES) tokens[r] = await api.tokenFor(r);
});
afterAll(() => api?.close());

/** Fills path parameters with values that pass validation; the record need not exist. */
function samplePath(path: string): string {
  return path
    .replace('{key}', 'Is_SVS_Form_On')
    .replace(/\{[^}]*code[^}]*\}/i, 'ZZZZZZ')
    .replace(/\{[^}]+\}/g, '999999');
}

const callers: (Role | 'anonymous')[] = ['anonymous', ...ROLES];

describe('route table', () => {
  it('every route declares who may call it', () => {
    for (const r of ROUTES as readonly RouteDef[]) {
      expect(r.access === 'public' || (Array.isArray(r.access) && r.access.length > 0), `${routeKey(r)} has no roles`).toBe(true);
    }
  });

  it('every area in the table has a Lambda handler', () => {
    for (const r of ROUTES as readonly RouteDef[]) expect(AREA_LOADERS[r.area], r.area).toBeTypeOf('function');
  });

  it('route keys are unique', () => {
    const keys = (ROUTES as readonly RouteDef[]).map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe.each(ROUTES as readonly RouteDef[])('$method $path', (route) => {
  it.each(callers)('as %s', async (who) => {
    const token = who === 'anonymous' ? undefined : tokens[who];
    const reply = await api.call(route.method, samplePath(route.path), {
      token,
      body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
    });
    expect(reply.status, reply.text).toBeLessThan(500);
    if (route.access === 'public') {
      expect([401, 403]).not.toContain(reply.status);
    } else if (who === 'anonymous') {
      expect(reply.status).toBe(401);
    } else if (hasAnyRole([who], route.access)) {
      expect([401, 403], `${who} should be allowed: ${reply.text}`).not.toContain(reply.status);
    } else {
      expect(reply.status, `${who} should be refused`).toBe(403);
    }
  });
});
