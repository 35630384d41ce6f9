import { call } from '@web/lib/api';
import type { SaveConfigInput } from '@shared/schemas/admin';

export const listConfigs = () => call('GET /api/config');
export const saveConfig = (input: SaveConfigInput) => call('POST /api/config', { body: input });
export const deleteConfig = (key: string) => call('DELETE /api/config/{key}', { params: { key } });

/** Saves an edited row; a changed key saves the new key first, then deletes the old one. */
export async function renameOrSave(oldKey: string, input: SaveConfigInput): Promise<void> {
  await saveConfig(input);
  if (input.key !== oldKey) await deleteConfig(oldKey);
}
