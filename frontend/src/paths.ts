import type { Role } from '@shared/roles';

/**
 * The one paths table of the web app: every route pattern, the builders for links with parameters,
 * and who may open each admin section (the router guards with it, the admin sidebar lists it).
 */
export const paths = {
  home: '/',
  about: '/about',
  registration: '/registration',
  login: '/login',
  /** Entry that sends a signed-in user to their area (admin or user), else to the login page. */
  start: '/start',
  lot: '/lot/:code',
  appointment: '/svs/appointment/:uniqueCode',
  /** The older system's misspelt letter path, still in messages sent before: it opens the letter. */
  misspeltAppointment: '/svs-appointment-lettter/:uniqueCode',
  bill: '/bill/:number',
  /** The public token queue display of the counter (a TV or a phone). */
  queue: '/queue',
  creditNote: '/credit-note/:number',
  /** Every registration of a mobile confirmed by a one-time code: status, letter, bill, cancel, My data. */
  myRegistrations: '/my-registrations',
  /**
   * The required pages of the footer (/privacy, /terms, /contact, /accessibility: shared/site-pages.ts) and
   * /sitemap, one pattern for all: the page sends any other name home.
   */
  sitePage: '/:sitePage',
  admin: {
    root: '/admin',
    dashboard: '/admin',
    producers: '/admin/producers',
    crops: '/admin/crops',
    lots: '/admin/lots',
    farmers: '/admin/farmers',
    internalRegistration: '/admin/svs-registrations',
    registrations: '/admin/registrations',
    allocation: '/admin/allocation',
    bills: '/admin/invoices',
    cmsBlocks: '/admin/cms/blocks',
    cmsAnnouncements: '/admin/cms/announcements',
    settings: '/admin/settings',
    users: '/admin/users',
    roles: '/admin/roles',
    configs: '/admin/configs',
    dataRequests: '/admin/data-requests',
    audit: '/admin/audit',
    reports: '/admin/reports',
    dayClose: '/admin/day-close',
    today: '/admin/today',
    smsOutbox: '/admin/sms/outbox',
    smsTemplates: '/admin/sms/templates',
    /** The signed-in staff member's own second factor (docs/decisions/0044-staff-second-factor.md). */
    secondFactor: '/admin/second-factor',
  },
  user: {
    root: '/user',
    dashboard: '/user',
    profile: '/user/profile',
    orders: '/user/orders',
  },
} as const;

const enc = encodeURIComponent;

/** Links with parameters. */
export const to = {
  lot: (code: string) => `/lot/${enc(code)}`,
  appointment: (uniqueCode: string, id?: number | string) =>
    `/svs/appointment/${enc(uniqueCode)}${id === undefined ? '' : `?id=${enc(String(id))}`}`,
  bill: (number: string) => `/bill/${enc(number)}`,
  /** Login page remembering where to go afterwards. */
  login: (next?: string) => (next && next !== '/' ? `/login?next=${enc(next)}` : '/login'),
  reauth: '/login?reauth=1',
} as const;

/** Roles that may enter the admin area at all. super_admin passes every check (see hasAnyRole). */
export const ADMIN_AREA_ROLES: readonly Role[] = ['admin', 'seller'];
/** Roles that may enter the user area. */
export const USER_AREA_ROLES: readonly Role[] = ['user', 'admin'];

const ADMIN: readonly Role[] = ['admin'];
const STAFF: readonly Role[] = ['admin', 'seller'];
const SUPER: readonly Role[] = ['super_admin'];

export type AdminSectionId =
  | 'dashboard'
  | 'producers'
  | 'crops'
  | 'lots'
  | 'farmers'
  | 'internalRegistration'
  | 'registrations'
  | 'allocation'
  | 'bills'
  | 'cmsBlocks'
  | 'cmsAnnouncements'
  | 'settings'
  | 'users'
  | 'roles'
  | 'configs'
  | 'dataRequests'
  | 'audit'
  | 'reports'
  | 'dayClose'
  | 'today'
  | 'smsOutbox'
  | 'smsTemplates'
  | 'secondFactor';

export interface AdminSection {
  id: AdminSectionId;
  path: string;
  /** Any one of these roles opens the section. */
  roles: readonly Role[];
}

/** Admin sections in sidebar order. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: 'dashboard', path: paths.admin.dashboard, roles: STAFF },
  { id: 'producers', path: paths.admin.producers, roles: ADMIN },
  { id: 'crops', path: paths.admin.crops, roles: ADMIN },
  { id: 'lots', path: paths.admin.lots, roles: STAFF },
  { id: 'farmers', path: paths.admin.farmers, roles: STAFF },
  { id: 'internalRegistration', path: paths.admin.internalRegistration, roles: STAFF },
  { id: 'registrations', path: paths.admin.registrations, roles: STAFF },
  { id: 'allocation', path: paths.admin.allocation, roles: STAFF },
  { id: 'bills', path: paths.admin.bills, roles: STAFF },
  { id: 'cmsBlocks', path: paths.admin.cmsBlocks, roles: ADMIN },
  { id: 'cmsAnnouncements', path: paths.admin.cmsAnnouncements, roles: ADMIN },
  { id: 'settings', path: paths.admin.settings, roles: ADMIN },
  { id: 'users', path: paths.admin.users, roles: SUPER },
  { id: 'roles', path: paths.admin.roles, roles: SUPER },
  { id: 'configs', path: paths.admin.configs, roles: SUPER },
  { id: 'dataRequests', path: paths.admin.dataRequests, roles: ADMIN },
  { id: 'audit', path: paths.admin.audit, roles: SUPER },
  { id: 'reports', path: paths.admin.reports, roles: ADMIN },
  { id: 'dayClose', path: paths.admin.dayClose, roles: STAFF },
  { id: 'today', path: paths.admin.today, roles: STAFF },
  { id: 'smsOutbox', path: paths.admin.smsOutbox, roles: ADMIN },
  { id: 'smsTemplates', path: paths.admin.smsTemplates, roles: ADMIN },
  { id: 'secondFactor', path: paths.admin.secondFactor, roles: STAFF },
];

/** A path inside the app that is safe to go to after signing in (no other origin, no protocol tricks). */
export function safeNext(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith(paths.login)) return null;
  return value;
}
