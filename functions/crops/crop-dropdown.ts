import type { CropDropdownItem } from '@shared/schemas/crops';
import { DROPDOWN_TAKE } from '@shared/schemas/common';
import { listCrops } from './crop-entity';

/**
 * The public dropdown is read by every farmer opening the registration form: one instance answers from
 * memory for a few seconds (writes in this instance clear it; other instances catch up within DROPDOWN_TTL_MS).
 */
const DROPDOWN_TTL_MS = 10_000;
let dropdownCache: { at: number; items: CropDropdownItem[] } | undefined;
export const forgetDropdown = () => (dropdownCache = undefined);

export async function dropdown(includeInactive: boolean): Promise<CropDropdownItem[]> {
  if (!includeInactive && dropdownCache && Date.now() - dropdownCache.at < DROPDOWN_TTL_MS) return dropdownCache.items;
  const crops = await listCrops({ includeInactive, take: DROPDOWN_TAKE });
  const items = crops
    .map((c) => ({ id: c.cropID, name: c.cropName, nameHi: c.cropNameHi ?? '', isActive: c.isActive, rules: c.rules ?? null }))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (!includeInactive) dropdownCache = { at: Date.now(), items };
  return items;
}
