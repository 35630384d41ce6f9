/** Role names the product knows. A staff member may hold several. */
export const ROLES = ['super_admin', 'admin', 'seller', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const BUILT_IN_ROLE_DESCRIPTIONS: Record<Role, string> = {
  super_admin: 'Everything, including users, roles and configuration keys',
  admin: 'Catalogue, farmers, registrations, bills, content and settings',
  seller: 'Counter staff: registrations, issuing seeds, bills; farmers and lots read-only',
  user: 'Own area only',
};

/** The roles the product ships with: they cannot be deleted (their names are in the i18n texts' roleNames). */
export function isBuiltInRole(name: string): name is Role {
  return (ROLES as readonly string[]).includes(name);
}

/** Roles that make a caller "staff" (may see farmer data). */
export const STAFF_ROLES: readonly Role[] = ['super_admin', 'admin', 'seller'];

export function parseRoleString(value: string | undefined | null): string[] {
  return (value ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}

export function hasAnyRole(held: readonly string[], wanted: readonly string[]): boolean {
  if (held.includes('super_admin')) return true;
  return wanted.some((r) => held.includes(r));
}
