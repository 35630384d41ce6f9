import type { WriteAuditAction } from '@shared/audit-actions';
import { auditTrail } from '@functions/lib/audit-log';

/** The audit trail of a write a test fixture makes through a service, as an administrator would. */
export const fixtureAudit = (action: WriteAuditAction) =>
  auditTrail(action, { userID: 0, name: 'Test fixture', email: '', roles: ['super_admin'] }, '127.0.0.1');
