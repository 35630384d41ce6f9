import { call } from '@web/lib/api';
import type { SettingsInput } from '@shared/schemas/admin';

export const getSettings = (): Promise<SettingsInput> => call('GET /api/settings');
export const saveSettings = (input: SettingsInput): Promise<SettingsInput> => call('PUT /api/settings', { body: input });
