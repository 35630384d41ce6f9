import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey, type RouteDef } from '@shared/routes';
import { ROLES, hasAnyRole, type Role } from '@shared/roles';
import { AREA_LOADERS } from '@infra/local/handlers';
import { useTestApi } from '../support/integration';
import { signAsSuperAdmin } from '../support/tokens';

/**
 * Walks the whole route table: for every route and every kind of caller, the answer is the one the table
 * promises (401 for anonymous on a protected route, 403 for a role not listed, anything but 401/403 otherwise).
 * Forged tokens claiming super_admin (tampered payload, 'none' algorithm, expired, signed with another key,
 * for another audience) count as no token: 401 on every protected route, the anonymous answer on public ones.
 */
const { api, tokens } = useTestApi(...ROLES);
const forged: Record<string, string> = {};

beforeAll(async () => {
  const [h, p, sig] = tokens.seller.split('.');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
  forged.tampered = [h, Buffer.from(JSON.stringify({ ...claims, roles: ['super_admin'] })).toString('base64url'), sig].join('.');
  forged.none = [
    Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url'),
    Buffer.from(JSON.stringify({ ...claims, roles: ['super_admin'] })).toString('base64url'),
    '',
  ].join('.');
  forged.expired = await signAsSuperAdmin(process.env.JWT_SECRET!, Math.floor(Date.now() / 1000) - 60);
  forged.otherKey = await signAsSuperAdmin('another-key-that-is-long-enough-0123456789', '1h');
  forged.otherAudience = await signAsSuperAdmin(process.env.JWT_SECRET!, '1h', 'someone-else');
  // The same claims with the real key pass: the forgeries fail for what was changed, nothing else.
  expect((await api.call('GET', '/api/settings', { token: await signAsSuperAdmin(process.env.JWT_SECRET!, '1h') })).status).toBe(
    200,
  );
});

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
      expect(
        r.access === 'public' || r.access === 'farmer' || (Array.isArray(r.access) && r.access.length > 0),
        `${routeKey(r)} has no roles`,
      ).toBe(true);
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
    } else if (route.access === 'farmer' || who === 'anonymous') {
      // A farmer route takes a farmer session only: no staff token opens it (decision 0043).
      expect(reply.status).toBe(401);
    } else if (hasAnyRole([who], route.access)) {
      expect([401, 403], `${who} should be allowed: ${reply.text}`).not.toContain(reply.status);
    } else {
      expect(reply.status, `${who} should be refused`).toBe(403);
    }
  });
});

describe.each(ROUTES as readonly RouteDef[])('$method $path with a forged token', (route) => {
  it.each(['tampered', 'none', 'expired', 'otherKey', 'otherAudience'])('%s', async (kind) => {
    const reply = await api.call(route.method, samplePath(route.path), {
      token: forged[kind],
      body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
    });
    expect(reply.status, reply.text).toBeLessThan(500);
    if (route.access === 'public') expect([401, 403]).not.toContain(reply.status);
    else expect(reply.status).toBe(401);
  });
});
