import type { TFunction } from 'i18next';
import { isBuiltInRole } from '@shared/roles';

/** A role as people read it: the built-in roles by their translated name, a role an admin added by its own name. */
export function roleLabel(t: TFunction, name: string): string {
  return isBuiltInRole(name) ? t(`roleNames.${name}`) : name;
}
