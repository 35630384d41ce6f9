import { hasAnyRole } from '@shared/roles';
import type { Caller } from './caller';
import { getSettingStrict } from './config-store';
import { forbidden } from './errors';

/**
 * Who must use the second factor and what it guards (docs/decisions/0044-staff-second-factor.md): while the
 * setting StaffSecondFactor is on, admins and super_admins sign in with it, and the views of Aadhaar numbers
 * and scans and the audit log need a session opened with it. Sellers may enrol; once enrolled they are asked at
 * every sign-in like the others.
 */
export const SECOND_FACTOR_ROLES = ['admin'] as const;

/** Holds admin or super_admin: the roles that must use the second factor when the setting is on. */
export const mustUseSecondFactor = (roles: readonly string[]): boolean => hasAnyRole(roles, SECOND_FACTOR_ROLES);

export const staffSecondFactorOn = (): Promise<boolean> => getSettingStrict('StaffSecondFactor');

/** The routes a token that opens only the enrolment may call (functions/lib/handler.ts refuses the rest). */
export const ENROL_ONLY_ROUTES: ReadonlySet<string> = new Set([
  'GET /auth/me',
  'GET /auth/second-factor',
  'POST /auth/second-factor/enrol',
  'POST /auth/second-factor/confirm',
]);

// Hindi and English: staff may be reading the console in either.
export const enrolFirst = () =>
  forbidden(
    'पहले दूसरा सत्यापन (second factor) सेट करें / Set up your second factor first: scan the QR code with an authenticator app and confirm with a code.',
    { reason: 'SECOND_FACTOR_ENROL' },
  );

/**
 * Refuses an admin's session opened without the second factor while the setting is on: before an Aadhaar number
 * or scan is shown and before the audit log is read.
 */
export async function requireSecondFactor(caller: Caller | null, what: 'aadhaar' | 'audit'): Promise<void> {
  if (!caller || caller.secondFactor || !mustUseSecondFactor(caller.roles)) return;
  if (!(await staffSecondFactorOn())) return;
  const [hi, en] = what === 'aadhaar' ? ['आधार नंबर और स्कैन', 'Aadhaar numbers and scans'] : ['ऑडिट लॉग', 'the audit log'];
  throw forbidden(
    `${hi} खोलने के लिए दूसरा सत्यापन चाहिए: साइन आउट करके ऑथेंटिकेटर ऐप के कोड के साथ फिर साइन इन करें / Opening ${en} needs your second factor: sign out, then sign in again with the code from your authenticator app.`,
    { reason: 'SECOND_FACTOR_REQUIRED' },
  );
}
