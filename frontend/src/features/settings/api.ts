import { api } from '@web/lib/api';
import type { SettingsInput } from '@shared/schemas/admin';

export const getSettings = () => api.get<SettingsInput>('/api/settings');
export const saveSettings = (input: SettingsInput) => api.put<SettingsInput>('/api/settings', input);
