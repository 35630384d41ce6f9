import * as z from 'zod';

/** The longest window GET /api/audit reads at once (India days, both ends included). */
export const AUDIT_MAX_DAYS = 31;
export const AUDIT_MAX_TAKE = 500;

const day = (what: string) => z.iso.date({ error: `${what}: use a date (YYYY-MM-DD)` }).optional();
const text = (what: string, max: number) => z.string().trim().max(max, `${what}: at most ${max} characters`).optional();

/**
 * GET /api/audit (docs/decisions/0023-records.md, section 2). The window's days are India days; the default is
 * today. actor: an account id, or part of a name; action: exact, or a prefix ending in "." (`lot.`);
 * target: a record type, or `type:id`.
 */
export const AuditQuery = z.object({
  from: day('from'),
  to: day('to'),
  actor: text('actor', 100),
  action: text('action', 60),
  target: text('target', 100),
  skip: z.coerce.number({ error: 'skip must be a number' }).int('skip: a whole number').min(0).max(1_000_000).default(0),
  take: z.coerce
    .number({ error: 'take must be a number' })
    .int('take: a whole number')
    .min(1)
    .max(AUDIT_MAX_TAKE, `take: at most ${AUDIT_MAX_TAKE}`)
    .default(50),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export { AuditReply, AuditEntryReply, type AuditEntryResponse, type AuditPage } from './replies/audit';
