import { hasAnyRole, STAFF_ROLES } from '@shared/roles';
import type { Caller } from './caller';

/** Signed in with a staff role (super_admin, admin or seller); anonymous callers are not. */
export const isStaff = (caller: Caller | null): boolean => Boolean(caller && hasAnyRole(caller.roles, STAFF_ROLES));

/** Signed in as admin or super_admin. */
export const isAdmin = (caller: Caller | null): boolean => Boolean(caller && hasAnyRole(caller.roles, ['admin']));
