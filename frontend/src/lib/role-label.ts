import type { TFunction } from 'i18next';
import type { Role } from '@shared/roles';

/**
 * The built-in roles (shared/roles.ts), checked complete by tsc. Kept here rather than imported: the module
 * of shared/roles.ts sits in the entry chunk every public page loads, and this is needed by staff screens only.
 */
const BUILT_IN = { super_admin: true, admin: true, seller: true, user: true } as const satisfies Record<Role, true>;

export function isBuiltInRole(name: string): name is Role {
  return Object.hasOwn(BUILT_IN, name);
}

/** A role as people read it: the built-in roles by their translated name, a role an admin added by its own name. */
export function roleLabel(t: TFunction, name: string): string {
  return isBuiltInRole(name) ? t(`roleNames.${name}`) : name;
}
