import { hasAnyRole } from '@shared/roles';
import { paths } from '../paths';

/**
 * Where signing in leads when no page sent the person there (docs/product-rules.md#after-sign-in-staff-land-on-their-work):
 * admins (and super_admin) to the dashboard, sellers to Today, the counter's list where they check farmers in and issue
 * seed, everyone else home.
 * Kept out of paths.ts so that the public pages do not load the roles module.
 */
export function landingFor(roles: readonly string[]): string {
  if (hasAnyRole(roles, ['admin'])) return paths.admin.dashboard;
  if (hasAnyRole(roles, ['seller'])) return paths.admin.today;
  return paths.home;
}
