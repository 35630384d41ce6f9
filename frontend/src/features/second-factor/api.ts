import { call } from '@web/lib/api';

/** The signed-in staff member's second factor (docs/decisions/0044-staff-second-factor.md). */
export const secondFactorStatus = () => call('GET /auth/second-factor');
export const enrolSecondFactor = () => call('POST /auth/second-factor/enrol');
export const confirmSecondFactor = (code: string) => call('POST /auth/second-factor/confirm', { body: { code } });
