import type { Role } from './roles';

/**
 * The route table: the single list of every API route, which Lambda (area) serves it and who may call it.
 * The CDK stack builds API Gateway routes from it, the local gateway dispatches with it and the
 * authorization tests walk it. A route missing here does not exist.
 *
 * access:
 *  - 'public': anyone; a bearer token, when sent and valid, is still read (e.g. isAdmin on registration).
 *  - a list of roles: the caller must hold one of them. super_admin may always call.
 */
export type FunctionArea =
  | 'auth'
  | 'admin'
  | 'home'
  | 'dashboard'
  | 'producers'
  | 'crops'
  | 'lots'
  | 'farmers'
  | 'registrations'
  | 'sales';

export type Access = 'public' | readonly Role[];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  method: HttpMethod;
  path: string;
  area: FunctionArea;
  access: Access;
  /** Public routes whose answer depends on the key asked for (see config). */
  note?: string;
}

const SUPER: readonly Role[] = ['super_admin'];
const ADMIN: readonly Role[] = ['admin'];
const STAFF: readonly Role[] = ['admin', 'seller'];

export const ROUTES = [
  // auth
  { method: 'POST', path: '/auth/login', area: 'auth', access: 'public' },
  { method: 'GET', path: '/auth/me', area: 'auth', access: ['admin', 'seller', 'user'] },

  // admin: users, roles, configuration
  { method: 'GET', path: '/api/admin/users', area: 'admin', access: SUPER },
  { method: 'POST', path: '/api/admin/users', area: 'admin', access: SUPER },
  { method: 'PUT', path: '/api/admin/users/{id}', area: 'admin', access: SUPER },
  { method: 'PUT', path: '/api/admin/users/{id}/password', area: 'admin', access: SUPER },
  { method: 'GET', path: '/api/admin/users/names', area: 'admin', access: STAFF },
  { method: 'GET', path: '/api/roles', area: 'admin', access: SUPER },
  { method: 'POST', path: '/api/roles', area: 'admin', access: SUPER },
  { method: 'DELETE', path: '/api/roles/{id}', area: 'admin', access: SUPER },
  { method: 'GET', path: '/api/config', area: 'admin', access: SUPER },
  {
    method: 'GET',
    path: '/api/config/{key}',
    area: 'admin',
    access: 'public',
    note: 'public keys only for anonymous callers; other keys need admin',
  },
  { method: 'POST', path: '/api/config', area: 'admin', access: SUPER },
  { method: 'DELETE', path: '/api/config/{key}', area: 'admin', access: SUPER },
  { method: 'GET', path: '/api/settings', area: 'admin', access: ADMIN },
  { method: 'PUT', path: '/api/settings', area: 'admin', access: ADMIN },
] as const satisfies readonly RouteDef[];

export type RouteKey = `${(typeof ROUTES)[number]['method']} ${(typeof ROUTES)[number]['path']}`;

export function routeKey(r: Pick<RouteDef, 'method' | 'path'>): string {
  return `${r.method} ${r.path}`;
}

export function routesOf(area: FunctionArea): readonly RouteDef[] {
  return (ROUTES as readonly RouteDef[]).filter((r) => r.area === area);
}

export const FUNCTION_AREAS: readonly FunctionArea[] = [
  ...new Set((ROUTES as readonly RouteDef[]).map((r) => r.area)),
];

/** Path prefixes served by the API (everything else is the SPA). */
export const API_PATH_PREFIXES = ['/api/', '/auth/', '/svsregistration'] as const;

export function isApiPath(path: string): boolean {
  return API_PATH_PREFIXES.some((p) => path.startsWith(p));
}
