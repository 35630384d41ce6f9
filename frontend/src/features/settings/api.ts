import { call } from '@web/lib/api';
import type { SettingsInput, SettingsReply } from '@shared/schemas/admin';
import type { CapacityReply } from '@shared/schemas/replies/registration';
import type { RetentionReply, SeasonCloseReply } from '@shared/schemas/records';
import type { AllocationSummaryReply } from '@shared/schemas/replies/allocation';

export const getSettings = (): Promise<SettingsReply> => call('GET /api/settings');
export const saveSettings = (input: SettingsInput): Promise<SettingsReply> => call('PUT /api/settings', { body: input });

export const getCapacity = (): Promise<CapacityReply> => call('GET /api/appointments/capacity');

export const getRetention = (): Promise<RetentionReply> => call('GET /api/retention');
export const closeSeason = (year: number): Promise<SeasonCloseReply> =>
  call('POST /api/retention/close-season', { body: { year } });

/** This year's allocation as saved (its mode and each crop's counts), for the warning on changing the mode mid-season. */
export const ALLOCATION_NOW_KEY = ['settings', 'allocation-now'] as const;
export const getAllocationNow = (signal?: AbortSignal): Promise<AllocationSummaryReply> =>
  call('GET /api/allocation', { signal });

/** The setting StaffSecondFactor as the signed-in admin's second-factor status tells it (required = the setting is on). */
export const secondFactorStatus = () => call('GET /auth/second-factor');
/** Only a super_admin changes it (a configuration key). */
export const saveStaffSecondFactor = (on: boolean) =>
  call('POST /api/config', { body: { key: 'StaffSecondFactor', value: on ? 'true' : 'false' } });
