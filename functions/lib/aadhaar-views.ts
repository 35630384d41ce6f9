import { openAadhaar } from './aadhaar-vault';
import { appendAudit, type AuditSubject } from './audit-log';
import type { Caller } from './caller';
import { isAdmin } from './caller-roles';
import { log } from './log';
import { requireSecondFactor } from './second-factor-policy';

/**
 * Who sees an Aadhaar number in clear (docs/invariants.md#11-aadhaar-in-clear-for-admins-only): only admins (and
 * super_admins), who maintain the records; sellers, lists and public pages get XXXX-XXXX-1234.
 */
export const seesFullAadhaar = (caller: Caller | null) => isAdmin(caller);

/**
 * The number in clear for an admin's single-record view, once that view is in the audit log; null for anyone
 * else (the caller shows the masked form). No audit entry, no number: a failed write fails the request.
 */
export async function aadhaarForView(
  caller: Caller | null,
  sourceIp: string,
  sealed: string | undefined,
  subject: AuditSubject,
): Promise<string | null> {
  if (!sealed || !caller || !seesFullAadhaar(caller)) return null;
  await requireSecondFactor(caller, 'aadhaar');
  let clear: string;
  try {
    clear = await openAadhaar(sealed);
  } catch (e) {
    log.error('Aadhaar could not be opened', {
      subject: subject.type,
      id: subject.id,
      year: subject.year,
      error: (e as Error).message,
    });
    return null;
  }
  await appendAudit('aadhaar.view', caller, sourceIp, subject);
  return clear;
}
