import type { TFunction } from 'i18next';
import { CONFIG_KEYS, isKnownConfigKey } from '@shared/config-keys';

/**
 * The settings the product reads (shared/config-keys.ts) as staff read them: a label and a line of help in the
 * page's language (configKeys in en.ts and hi.ts), for the Configs page and the audit log. A key without
 * texts of its own (one added later) shows the English label of shared/config-keys.ts; a key the product does
 * not read shows as stored.
 */
export function settingLabel(t: TFunction, key: string): string {
  if (!isKnownConfigKey(key)) return key;
  const id = `configKeys.${key}.label`;
  const text = t(id as never);
  return text === id ? CONFIG_KEYS[key].label : text;
}

export function settingHelp(t: TFunction, key: string): string {
  if (!isKnownConfigKey(key)) return '';
  const id = `configKeys.${key}.help`;
  const text = t(id as never);
  return text === id ? CONFIG_KEYS[key].description : text;
}

/** The text a known key holds until it is saved (its default, formatted as it would be stored). */
export function defaultText(key: string): string {
  if (!isKnownConfigKey(key)) return '';
  const def = CONFIG_KEYS[key];
  return (def.format as (v: unknown) => string)(def.default);
}
