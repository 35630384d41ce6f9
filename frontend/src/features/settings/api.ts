import { call } from '@web/lib/api';
import type { SettingsInput, SettingsReply } from '@shared/schemas/admin';

export const getSettings = (): Promise<SettingsReply> => call('GET /api/settings');
export const saveSettings = (input: SettingsInput): Promise<SettingsReply> => call('PUT /api/settings', { body: input });
