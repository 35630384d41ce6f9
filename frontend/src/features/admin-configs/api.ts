import { api } from '@web/lib/api';
import type { ConfigResponse, SaveConfigInput } from '@shared/schemas/admin';

export const listConfigs = () => api.get<ConfigResponse[]>('/api/config');
export const saveConfig = (input: SaveConfigInput) => api.post<ConfigResponse>('/api/config', input);
export const deleteConfig = (key: string) => api.delete<{ success: true }>(`/api/config/${encodeURIComponent(key)}`);

/** Saves an edited row; a changed key saves the new key first, then deletes the old one. */
export async function renameOrSave(oldKey: string, input: SaveConfigInput): Promise<void> {
  await saveConfig(input);
  if (input.key !== oldKey) await deleteConfig(oldKey);
}
