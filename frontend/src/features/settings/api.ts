import { call } from '@web/lib/api';
import type { SettingsInput } from '@shared/schemas/admin';
import type { CapacityReply } from '@shared/schemas/replies/registration';

export const getSettings = (): Promise<SettingsInput> => call('GET /api/settings');
export const saveSettings = (input: SettingsInput): Promise<SettingsInput> => call('PUT /api/settings', { body: input });

export const getCapacity = (): Promise<CapacityReply> => call('GET /api/appointments/capacity');
