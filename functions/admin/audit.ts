import { AUDIT_MAX_DAYS, type AuditPage, type AuditQuery } from '@shared/schemas/audit';
import { readAuditDay, type AuditEntry } from '../lib/audit-log';
import { badRequest } from '../lib/errors';
import { kolkataDay } from '../lib/stats';

/**
 * GET /api/audit (docs/decisions/0023-records.md, section 2): the entries of the window's India days, newest
 * first, filtered on the items (a day holds thousands at most), counted, then one page of them.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** The window's days, newest first; 400 when it is reversed or longer than AUDIT_MAX_DAYS. */
export function windowDays(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (end < start) throw badRequest('"from" must not be after "to"', { from: 'After "to"' });
  const count = Math.round((end - start) / DAY_MS) + 1;
  if (count > AUDIT_MAX_DAYS) {
    throw badRequest(`At most ${AUDIT_MAX_DAYS} days at once; this window has ${count}`, {
      to: `At most ${AUDIT_MAX_DAYS} days`,
    });
  }
  return Array.from({ length: count }, (_, i) => new Date(end - i * DAY_MS).toISOString().slice(0, 10));
}

type Filter = (e: AuditEntry) => boolean;

function filtersOf(q: AuditQuery): Filter[] {
  const filters: Filter[] = [];
  const actor = q.actor?.toLowerCase();
  if (actor) {
    filters.push(/^\d+$/.test(actor) ? (e) => e.userID === Number(actor) : (e) => e.userName.toLowerCase().includes(actor));
  }
  const action = q.action?.toLowerCase();
  if (action) filters.push(action.endsWith('.') ? (e) => e.action.startsWith(action) : (e) => e.action === action);
  if (q.target) {
    const at = q.target.indexOf(':');
    const type = (at < 0 ? q.target : q.target.slice(0, at)).toLowerCase();
    const id = at < 0 ? undefined : q.target.slice(at + 1);
    filters.push((e) => e.subjectType === type && (id === undefined || String(e.subjectId) === id));
  }
  return filters;
}

export async function auditPage(q: AuditQuery, now = new Date()): Promise<AuditPage> {
  const to = q.to ?? kolkataDay(now);
  const from = q.from ?? to;
  const days = windowDays(from, to);
  const filters = filtersOf(q);
  const perDay = await Promise.all(days.map((day) => readAuditDay(day)));
  const matching = perDay.flat().filter((e) => filters.every((f) => f(e)));
  return { from, to, total: matching.length, skip: q.skip, take: q.take, items: matching.slice(q.skip, q.skip + q.take) };
}
