import type { ROUTES } from './routes';

type Route = (typeof ROUTES)[number];

/** Every route of the table that is not a GET: each one either writes an audit entry or says why it does not. */
export type WriteRouteKey = Route extends infer R
  ? R extends Route
    ? R['method'] extends 'GET'
      ? never
      : `${R['method']} ${R['path']}`
    : never
  : never;

/** Not a write route: what the log records besides the routes' own actions (reads of what the law protects). */
export type ReadAuditAction = 'aadhaar.view' | 'aadhaar-scan.view';

/** Recorded by a route for some callers only: staff registering a farmer on the public form's route. */
export type CallerAuditAction = 'registration.create-by-staff';

/**
 * The audit action of each write route (docs/decisions/0023-records.md, section 2), or why the route writes no
 * entry. A new write route without a line here fails the typecheck; the route-table test then calls each route
 * and expects exactly one entry with this action.
 */
export const AUDIT_ACTIONS = {
  'POST /auth/login': { none: 'signing in changes no record (failed attempts are counted by the rate limit)' },

  // the staff second factor (docs/decisions/0044-staff-second-factor.md)
  'POST /auth/second-factor/enrol': {
    none: 'a pending enrolment changes nothing until it is confirmed (the confirmation is recorded)',
  },
  'POST /auth/second-factor/confirm': 'second-factor.confirm',
  'POST /auth/second-factor/verify': { none: 'the second step of signing in changes no record (wrong codes are counted)' },
  'DELETE /api/admin/users/{id}/second-factor': 'second-factor.reset',

  'POST /api/admin/users': 'user.create',
  'PUT /api/admin/users/{id}': 'user.update',
  'PUT /api/admin/users/{id}/password': 'user.password',
  'POST /api/roles': 'role.create',
  'DELETE /api/roles/{id}': 'role.delete',
  'POST /api/config': 'config.set',
  'DELETE /api/config/{key}': 'config.delete',
  'PUT /api/settings': 'settings.update',
  'POST /api/admin/reconcile': 'reconcile.run',

  'POST /api/producers': 'producer.create',
  'PUT /api/producers/{id}': 'producer.update',
  'DELETE /api/producers/{id}': 'producer.deactivate',
  'POST /api/producers/{id}/restore': 'producer.restore',

  'POST /api/crops': 'crop.create',
  'PUT /api/crops/{id}': 'crop.update',
  'DELETE /api/crops/{id}': 'crop.deactivate',
  'POST /api/crops/{id}/restore': 'crop.restore',

  'POST /api/lots': 'lot.create',
  'PUT /api/lots/{id}': 'lot.update',
  'DELETE /api/lots/{id}': 'lot.delete',

  'POST /api/farmers': 'farmer.create',
  'PUT /api/farmers/{id}': 'farmer.update',
  'DELETE /api/farmers/{id}': 'farmer.deactivate',
  'POST /api/farmers/{id}/restore': 'farmer.restore',

  'POST /api/cms/blocks': 'content-block.create',
  'PUT /api/cms/blocks/{blockID}': 'content-block.update',
  'POST /api/cms/announcements': 'announcement.create',
  'PUT /api/cms/announcements/{announcementID}': 'announcement.update',

  'POST /svsregistration/upload-url': { none: 'gives an upload link; nothing is stored until the registration' },
  'POST /svsregistration': {
    none: "the farmer's own registration: the registration itself is the record, with the time of consent (staff registering a farmer record registration.create-by-staff)",
  },
  'POST /svsregistration/find-letter': { none: 'a lookup: reads a letter, changes nothing' },
  'POST /svsregistration/otp': { none: 'stores a one-time code for the mobile; no record of a person changes' },
  'POST /svsregistration/otp/verify': { none: 'checks a one-time code and gives a farmer session; no record changes' },
  'POST /svsregistration/{code}/cancel': 'registration.cancel-by-farmer',
  'POST /api/registrations/{id}/cancel': 'registration.cancel',
  'POST /api/registrations/{id}/farmer-link': 'registration.farmer-link',

  'POST /api/sales/make': 'sale.make',

  'POST /api/allocation/draw': 'allocation.draw',
  'POST /api/allocation/sweep': 'allocation.sweep',

  'POST /api/notifications/outbox/{id}/resend': 'sms.resend',
  'PUT /api/notifications/templates': 'sms-template.update',
  'POST /api/notifications/reminders/run': 'sms.reminders-run',
  'POST /api/notifications/opt-out': 'sms.opt-out',
  'POST /svsregistration/{code}/sms-opt-out': 'sms.opt-out-by-farmer',

  'POST /svsregistration/{code}/my-data': { none: 'the farmer reads their own data; nothing is changed' },
  'POST /svsregistration/{code}/data-requests': 'data-request.create',
  'POST /api/data-requests/{id}/resolve': 'data-request.resolve',
  'POST /api/retention/close-season': 'retention.close-season',
  'POST /api/invoices/{invoiceID}/cancel': 'invoice.cancel',
  'POST /api/invoices/{invoiceID}/cancel-request': 'invoice.cancel-request',
  'POST /api/invoices/cancel-requests/{id}/refuse': 'invoice.cancel-request-refuse',
  'POST /api/day-close': 'dayclose.close',
  'POST /api/day-close/{id}/reopen': 'dayclose.reopen',
  // the offline counter (docs/decisions/0048-offline-counter.md): each bill applied or set aside leaves its own entry
  'PUT /api/counters/{code}': 'counter.settings',
  'POST /api/counters/{code}/prepare': 'counter.prepare',
  'POST /api/counters/{code}/offline-batch': 'sale.offline',
  'POST /api/counters/{code}/reconcile': 'counter.reconcile',
  'POST /api/offline-conflicts/{number}/resolve': 'offline-conflict.resolve',
  'POST /api/checkin': 'registration.checkin',
  'POST /api/queue/serve': 'registration.serve',
} as const satisfies Record<WriteRouteKey, string | { none: string }>;

type ActionOf<V> = V extends string ? V : never;

/** The action a write route records. */
export type WriteAuditAction = ActionOf<(typeof AUDIT_ACTIONS)[WriteRouteKey]>;

export type AuditAction = WriteAuditAction | ReadAuditAction | CallerAuditAction;

/** The action of a route, or null for reads and for the writes that record none. */
export function auditActionOf(key: string): WriteAuditAction | null {
  const v = (AUDIT_ACTIONS as Record<string, string | { none: string }>)[key];
  return typeof v === 'string' ? (v as WriteAuditAction) : null;
}

export const WRITE_AUDIT_ACTIONS: readonly WriteAuditAction[] = Object.values(AUDIT_ACTIONS).filter(
  (v): v is WriteAuditAction => typeof v === 'string',
);
