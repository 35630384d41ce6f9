import { call } from '@web/lib/api';
import type { SettingsInput, SettingsReply } from '@shared/schemas/admin';
import type { CapacityReply } from '@shared/schemas/replies/registration';
import type { RetentionReply, SeasonCloseReply } from '@shared/schemas/records';

export const getSettings = (): Promise<SettingsReply> => call('GET /api/settings');
export const saveSettings = (input: SettingsInput): Promise<SettingsReply> => call('PUT /api/settings', { body: input });

export const getCapacity = (): Promise<CapacityReply> => call('GET /api/appointments/capacity');

export const getRetention = (): Promise<RetentionReply> => call('GET /api/retention');
export const closeSeason = (year: number): Promise<SeasonCloseReply> =>
  call('POST /api/retention/close-season', { body: { year } });
