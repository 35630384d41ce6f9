import type { Role } from './roles';

/**
 * The route table: the single list of every API route, which Lambda (area) serves it and who may call it.
 * The CDK stack builds API Gateway routes from it, the local gateway dispatches with it and the
 * authorization tests walk it. A route missing here does not exist.
 *
 * access:
 *  - 'public': anyone; a bearer token, when sent and valid, is still read (e.g. isAdmin on registration).
 *  - a list of roles: the caller must hold one of them. super_admin may always call.
 *  - 'farmer': a farmer session (a token from POST /svsregistration/otp/verify, scoped to one mobile); 401 without
 *    one, whatever staff token is sent (docs/decisions/0043-farmer-one-time-codes.md).
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
  | 'sales'
  | 'allocation'
  | 'cms'
  | 'counter'
  | 'exports'
  | 'notifications';

export type Access = 'public' | 'farmer' | readonly Role[];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  method: HttpMethod;
  path: string;
  area: FunctionArea;
  access: Access;
  /** Public routes whose answer depends on the key asked for (see config). */
  note?: string;
  /** A page: the route answers a complete HTML document (a QR code's address, the plain registration form), not JSON. */
  page?: true;
}

const SUPER: readonly Role[] = ['super_admin'];
const ADMIN: readonly Role[] = ['admin'];
const STAFF: readonly Role[] = ['admin', 'seller'];

export const ROUTES = [
  // auth
  { method: 'POST', path: '/auth/login', area: 'auth', access: 'public' },
  { method: 'GET', path: '/auth/me', area: 'auth', access: ['admin', 'seller', 'user'] },

  // the staff second factor (TOTP, docs/decisions/0044-staff-second-factor.md): the signed-in staff member's own
  // status, enrolment and its confirmation; the sign-in's second step (after POST /auth/login answered a challenge);
  // a super_admin's reset of another account's second factor
  { method: 'GET', path: '/auth/second-factor', area: 'auth', access: STAFF },
  { method: 'POST', path: '/auth/second-factor/enrol', area: 'auth', access: STAFF },
  { method: 'POST', path: '/auth/second-factor/confirm', area: 'auth', access: STAFF },
  { method: 'POST', path: '/auth/second-factor/verify', area: 'auth', access: 'public' },
  { method: 'DELETE', path: '/api/admin/users/{id}/second-factor', area: 'auth', access: SUPER },

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
    note: 'public keys for anyone; other keys need super_admin, like the list',
  },
  { method: 'POST', path: '/api/config', area: 'admin', access: SUPER },
  { method: 'DELETE', path: '/api/config/{key}', area: 'admin', access: SUPER },
  { method: 'GET', path: '/api/settings', area: 'admin', access: ADMIN },
  { method: 'PUT', path: '/api/settings', area: 'admin', access: ADMIN },
  // the derived data (farmer links, dashboard and report counters) recomputed from the registrations and bills
  { method: 'POST', path: '/api/admin/reconcile', area: 'admin', access: SUPER },

  // producers
  { method: 'GET', path: '/api/producers', area: 'producers', access: STAFF },
  { method: 'GET', path: '/api/producers/{id}', area: 'producers', access: STAFF },
  { method: 'POST', path: '/api/producers', area: 'producers', access: ADMIN },
  { method: 'PUT', path: '/api/producers/{id}', area: 'producers', access: ADMIN },
  { method: 'DELETE', path: '/api/producers/{id}', area: 'producers', access: ADMIN },
  { method: 'POST', path: '/api/producers/{id}/restore', area: 'producers', access: ADMIN },

  // crops (the dropdown feeds the public registration form)
  { method: 'GET', path: '/api/crops', area: 'crops', access: STAFF },
  { method: 'GET', path: '/api/crops/dropdown', area: 'crops', access: 'public' },
  { method: 'GET', path: '/api/crops/{id}', area: 'crops', access: STAFF },
  { method: 'POST', path: '/api/crops', area: 'crops', access: ADMIN },
  { method: 'PUT', path: '/api/crops/{id}', area: 'crops', access: ADMIN },
  { method: 'DELETE', path: '/api/crops/{id}', area: 'crops', access: ADMIN },
  { method: 'POST', path: '/api/crops/{id}/restore', area: 'crops', access: ADMIN },

  // lots (public lookups by the printed lot code only; numeric ids are staff-only)
  { method: 'GET', path: '/api/lots', area: 'lots', access: STAFF },
  { method: 'GET', path: '/api/lots/preview-code', area: 'lots', access: ADMIN },
  { method: 'GET', path: '/api/lots/for-crop', area: 'lots', access: STAFF },
  { method: 'GET', path: '/api/lots/by-code/{code}', area: 'lots', access: 'public' },
  { method: 'GET', path: '/api/lots/by-code/{code}/qrcode.svg', area: 'lots', access: 'public' },
  { method: 'GET', path: '/api/lots/{id}', area: 'lots', access: STAFF },
  { method: 'POST', path: '/api/lots', area: 'lots', access: ADMIN },
  { method: 'PUT', path: '/api/lots/{id}', area: 'lots', access: ADMIN },
  { method: 'DELETE', path: '/api/lots/{id}', area: 'lots', access: ADMIN },
  { method: 'GET', path: '/api/lots/{id}/qrcode.png', area: 'lots', access: STAFF },
  { method: 'GET', path: '/api/lots/{id}/qrcode.svg', area: 'lots', access: STAFF },

  // farmers
  { method: 'GET', path: '/api/farmers', area: 'farmers', access: STAFF },
  { method: 'GET', path: '/api/farmers/by-aadhaar', area: 'farmers', access: STAFF },
  { method: 'GET', path: '/api/farmers/{id}', area: 'farmers', access: STAFF },
  { method: 'POST', path: '/api/farmers', area: 'farmers', access: ADMIN },
  { method: 'PUT', path: '/api/farmers/{id}', area: 'farmers', access: ADMIN },
  { method: 'DELETE', path: '/api/farmers/{id}', area: 'farmers', access: ADMIN },
  { method: 'POST', path: '/api/farmers/{id}/restore', area: 'farmers', access: ADMIN },
  { method: 'GET', path: '/api/farmers/{id}/registrations', area: 'farmers', access: STAFF },

  // home page and content
  { method: 'GET', path: '/api/home/summary', area: 'home', access: 'public' },
  // the notice the registration form shows and the required pages of the footer
  { method: 'GET', path: '/api/home/pages/{slug}', area: 'home', access: 'public' },
  // the content editor (its own function: the public home function only reads)
  { method: 'GET', path: '/api/cms/blocks', area: 'cms', access: ADMIN },
  { method: 'POST', path: '/api/cms/blocks', area: 'cms', access: ADMIN },
  { method: 'PUT', path: '/api/cms/blocks/{blockID}', area: 'cms', access: ADMIN },
  { method: 'GET', path: '/api/cms/announcements', area: 'cms', access: ADMIN },
  { method: 'POST', path: '/api/cms/announcements', area: 'cms', access: ADMIN },
  { method: 'PUT', path: '/api/cms/announcements/{announcementID}', area: 'cms', access: ADMIN },

  // registrations and appointments (public by unguessable code; sequential ids staff-only)
  { method: 'POST', path: '/svsregistration/upload-url', area: 'registrations', access: 'public' },
  { method: 'POST', path: '/svsregistration', area: 'registrations', access: 'public' },
  { method: 'POST', path: '/svsregistration/find-letter', area: 'registrations', access: 'public' },
  { method: 'GET', path: '/svsregistration/AppointmentList/{code}', area: 'registrations', access: 'public' },
  // the letter's QR code (its own link), printed on the letter for the counter to scan
  { method: 'GET', path: '/svsregistration/AppointmentList/{code}/qrcode.png', area: 'registrations', access: 'public' },
  { method: 'GET', path: '/svsregistration/appointment/by-id/{id}', area: 'registrations', access: STAFF },
  { method: 'GET', path: '/api/registrations', area: 'registrations', access: STAFF },
  { method: 'GET', path: '/api/registrations/{id}', area: 'registrations', access: STAFF },
  { method: 'GET', path: '/api/registrations/{id}/aadhaar-file', area: 'registrations', access: STAFF },
  { method: 'GET', path: '/api/appointments/capacity', area: 'registrations', access: ADMIN },
  // cancelling a registration gives its place in the crop's stock back (the farmer, in a session of its mobile)
  { method: 'POST', path: '/svsregistration/{code}/cancel', area: 'registrations', access: 'farmer' },
  { method: 'POST', path: '/api/registrations/{id}/cancel', area: 'registrations', access: STAFF },
  // A registration whose Aadhaar names a farmer with another mobile: linked (or not) once an admin confirms.
  { method: 'POST', path: '/api/registrations/{id}/farmer-link', area: 'registrations', access: ADMIN },

  // sales and bills (public lookups by the printed invoice number only)
  { method: 'POST', path: '/api/sales/make', area: 'sales', access: STAFF },
  { method: 'GET', path: '/api/invoices', area: 'sales', access: STAFF },
  { method: 'GET', path: '/api/invoices/by-number/{number}', area: 'sales', access: 'public' },
  { method: 'GET', path: '/api/invoices/by-number/{number}/qrcode.png', area: 'sales', access: 'public' },
  { method: 'GET', path: '/api/invoices/{invoiceID}/qrcode.png', area: 'sales', access: STAFF },
  // cancelling a bill issues a credit note (admins; sellers ask, an admin approves or refuses)
  { method: 'POST', path: '/api/invoices/{invoiceID}/cancel', area: 'sales', access: ADMIN },
  { method: 'POST', path: '/api/invoices/{invoiceID}/cancel-request', area: 'sales', access: STAFF },
  { method: 'GET', path: '/api/invoices/cancel-requests', area: 'sales', access: ADMIN },
  { method: 'POST', path: '/api/invoices/cancel-requests/{id}/refuse', area: 'sales', access: ADMIN },
  { method: 'GET', path: '/api/credit-notes/by-number/{number}', area: 'sales', access: 'public' },
  { method: 'GET', path: '/api/credit-notes/by-number/{number}/qrcode.png', area: 'sales', access: 'public' },

  // dashboard (sellers see their own sales)
  { method: 'GET', path: '/api/dashboard/summary', area: 'dashboard', access: STAFF },

  // allocation of a crop's stock (the draw's result is public: it names registration numbers only)
  { method: 'POST', path: '/api/allocation/draw', area: 'allocation', access: ADMIN },
  { method: 'GET', path: '/api/allocation/draw/{cropId}/{year}', area: 'allocation', access: 'public' },
  { method: 'GET', path: '/api/allocation', area: 'allocation', access: STAFF },
  { method: 'POST', path: '/api/allocation/sweep', area: 'allocation', access: ADMIN },

  // SMS to farmers (docs/decisions/0041-sms-notifications.md): the outbox, its templates, reminders and opt-outs
  { method: 'GET', path: '/api/notifications/outbox', area: 'notifications', access: ADMIN },
  { method: 'POST', path: '/api/notifications/outbox/{id}/resend', area: 'notifications', access: ADMIN },
  { method: 'GET', path: '/api/notifications/templates', area: 'notifications', access: ADMIN },
  { method: 'PUT', path: '/api/notifications/templates', area: 'notifications', access: SUPER },
  { method: 'POST', path: '/api/notifications/reminders/run', area: 'notifications', access: ADMIN },
  { method: 'POST', path: '/api/notifications/opt-out', area: 'notifications', access: ADMIN },
  { method: 'POST', path: '/svsregistration/{code}/sms-opt-out', area: 'notifications', access: 'public' },
  { method: 'GET', path: '/api/notifications/registrations/{id}', area: 'notifications', access: STAFF },

  // the farmer's data: the farmer's own view and requests (a session of the registration's mobile),
  // the admins' queue of requests, and the retention of Aadhaar scans
  { method: 'POST', path: '/svsregistration/{code}/my-data', area: 'registrations', access: 'farmer' },
  { method: 'POST', path: '/svsregistration/{code}/data-requests', area: 'registrations', access: 'farmer' },
  { method: 'GET', path: '/api/data-requests', area: 'registrations', access: ADMIN },
  { method: 'POST', path: '/api/data-requests/{id}/resolve', area: 'registrations', access: ADMIN },
  { method: 'GET', path: '/api/retention', area: 'registrations', access: ADMIN },
  { method: 'POST', path: '/api/retention/close-season', area: 'registrations', access: ADMIN },

  // farmers proven by a one-time code to the registered mobile (docs/decisions/0043-farmer-one-time-codes.md):
  // the code asked for and checked (a session of that mobile), and the registrations the session opens
  { method: 'POST', path: '/svsregistration/otp', area: 'registrations', access: 'public' },
  { method: 'POST', path: '/svsregistration/otp/verify', area: 'registrations', access: 'public' },
  { method: 'GET', path: '/svsregistration/mine', area: 'registrations', access: 'farmer' },

  // the audit log (read only: no route changes or deletes an entry)
  { method: 'GET', path: '/api/audit', area: 'admin', access: SUPER },

  // reports: a year's figures by district, crop, category or gender, from counters kept with each change
  { method: 'GET', path: '/api/reports', area: 'dashboard', access: ADMIN },
  // the day-end cash close of each seller's day (a seller closes their own; admins see all and reopen)
  { method: 'POST', path: '/api/day-close', area: 'sales', access: STAFF },
  { method: 'GET', path: '/api/day-close', area: 'sales', access: STAFF },
  { method: 'POST', path: '/api/day-close/{id}/reopen', area: 'sales', access: ADMIN },
  // the offline counter (docs/decisions/0048-offline-counter.md): per-counter settings and what each holds, the
  // preparation (a block of its own bill numbers and stock floats), the stored offline sales sent back, the
  // reconciliation, and the admins' conflicts list
  { method: 'GET', path: '/api/counters', area: 'sales', access: ADMIN },
  { method: 'PUT', path: '/api/counters/{code}', area: 'sales', access: ADMIN },
  { method: 'POST', path: '/api/counters/{code}/prepare', area: 'sales', access: STAFF },
  { method: 'POST', path: '/api/counters/{code}/offline-batch', area: 'sales', access: STAFF },
  { method: 'POST', path: '/api/counters/{code}/reconcile', area: 'sales', access: STAFF },
  { method: 'GET', path: '/api/offline-conflicts', area: 'sales', access: ADMIN },
  { method: 'POST', path: '/api/offline-conflicts/{number}/resolve', area: 'sales', access: ADMIN },
  // the counter's day: today's list, check-in with a token, the public queue display and the counter serving a token
  { method: 'GET', path: '/api/today', area: 'counter', access: STAFF },
  { method: 'POST', path: '/api/checkin', area: 'counter', access: STAFF },
  { method: 'GET', path: '/api/queue', area: 'counter', access: 'public' },
  { method: 'POST', path: '/api/queue/serve', area: 'counter', access: STAFF },

  // exports of the staff lists as CSV or Excel, with the lists' own filters and rules; a large one runs as a job
  // whose file is fetched through a short-lived link
  { method: 'GET', path: '/api/export/{kind}', area: 'exports', access: STAFF },
  { method: 'GET', path: '/api/export/jobs/{id}', area: 'exports', access: STAFF },

  // the pages the printed QR codes open, answered as complete HTML by the function that owns their data
  { method: 'GET', path: '/bill/{number}', area: 'sales', access: 'public', page: true },
  { method: 'GET', path: '/credit-note/{number}', area: 'sales', access: 'public', page: true },
  { method: 'GET', path: '/lot/{code}', area: 'lots', access: 'public', page: true },
  { method: 'GET', path: '/svs/appointment/{code}', area: 'registrations', access: 'public', page: true },
  // the registration form as a plain page for phones without JavaScript worth the name (posts to POST /svsregistration)
  { method: 'GET', path: '/svsregistration/basic', area: 'registrations', access: 'public', page: true },
  { method: 'GET', path: '/svsregistration/find-my-letter', area: 'registrations', access: 'public', page: true },
  // the draws' published results: the season's list and each crop's (registration numbers and outcomes, no one named)
  { method: 'GET', path: '/draw', area: 'allocation', access: 'public', page: true },
  { method: 'GET', path: '/draw/{cropId}/{year}', area: 'allocation', access: 'public', page: true },
  // the registration form in its first HTML, which works without JavaScript and which the app takes over
  { method: 'GET', path: '/registration', area: 'registrations', access: 'public', page: true },
] as const satisfies readonly RouteDef[];

type Route = (typeof ROUTES)[number];

/** 'GET /api/lots' for each route of the table (and no other method and path pairing). */
export type RouteKey = Route extends infer R ? (R extends Route ? `${R['method']} ${R['path']}` : never) : never;

export function routeKey(r: Pick<RouteDef, 'method' | 'path'>): string {
  return `${r.method} ${r.path}`;
}

export function routesOf(area: FunctionArea): readonly RouteDef[] {
  return (ROUTES as readonly RouteDef[]).filter((r) => r.area === area);
}

export const FUNCTION_AREAS: readonly FunctionArea[] = [...new Set((ROUTES as readonly RouteDef[]).map((r) => r.area))];

/** Path prefixes served by the API (everything else is the SPA). */
export const API_PATH_PREFIXES = ['/api/', '/auth/', '/svsregistration'] as const;

const pagePrefixes = (ROUTES as readonly RouteDef[])
  .filter((r) => r.page)
  .map((r) => (r.path.includes('{') ? r.path.slice(0, r.path.indexOf('{')) : r.path));

/**
 * Path prefixes of the pages answered as HTML by a function ('/bill/' for '/bill/{number}', the whole path of a page
 * without parameters): the rest of the site is the SPA. A prefix that holds another ('/draw' holds '/draw/') serves
 * both, so that one CloudFront behaviour does.
 */
export const PAGE_PATH_PREFIXES: readonly string[] = pagePrefixes.filter(
  (p, i) => pagePrefixes.indexOf(p) === i && !pagePrefixes.some((q) => q !== p && p.startsWith(q)),
);

/**
 * The pages a function answers at an address without parameters ('/registration', '/draw'). Asked for with a
 * trailing slash (typed from a poster, a link that added one), they are sent to that address (pageAddressOf).
 */
export const PLAIN_PAGE_PATHS: readonly string[] = [
  ...new Set((ROUTES as readonly RouteDef[]).filter((r) => r.page && !r.path.includes('{')).map((r) => r.path)),
];

/** The address of a plain page asked for with trailing slashes ('/registration/' → '/registration'), else undefined. */
export function pageAddressOf(path: string): string | undefined {
  if (!path.endsWith('/')) return undefined;
  const bare = path.replace(/\/+$/, '');
  return PLAIN_PAGE_PATHS.includes(bare) ? bare : undefined;
}

export function isApiPath(path: string): boolean {
  return API_PATH_PREFIXES.some((p) => path.startsWith(p));
}

/** Paths a function answers: the API and the HTML pages. */
export function isFunctionPath(path: string): boolean {
  return isApiPath(path) || PAGE_PATH_PREFIXES.some((p) => path.startsWith(p));
}

/**
 * The app's pages whose first view is drawn into their HTML at build time (frontend/first-views.ts), in each
 * language: the address, and the files the site answers it with instead of index.html
 * (`/first-view/<name>.html` in Hindi, `/first-view/<name>.en.html` in English, for a visitor whose `lang` cookie,
 * set by the app with the language choice, says English). `/registration` is no longer one of them: its first view
 * is the working form, drawn by the registrations function (the route above, docs/decisions/0042).
 */
export const FIRST_VIEWS = { home: '/' } as const;
export type FirstViewName = keyof typeof FIRST_VIEWS;
export const FIRST_VIEW_LANGUAGES = ['hi', 'en'] as const;
export type FirstViewLanguage = (typeof FIRST_VIEW_LANGUAGES)[number];

/** The cookie the app sets with the visitor's language choice, read where the first view is chosen. */
export const LANGUAGE_COOKIE = 'lang';

export const firstViewFile = (name: FirstViewName, lang: FirstViewLanguage = 'hi') =>
  `/first-view/${name}${lang === 'en' ? '.en' : ''}.html`;

/** The file that holds the first view of the page at `path`, if it has one (exact address, no trailing slash). */
export function firstViewFileOf(path: string, lang: FirstViewLanguage = 'hi'): string | undefined {
  const name = (Object.keys(FIRST_VIEWS) as FirstViewName[]).find((n) => FIRST_VIEWS[n] === path);
  return name && firstViewFile(name, lang);
}
