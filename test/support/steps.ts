import { expect } from 'vitest';
import { clearAppointmentSettingsCache, forgetFullShifts } from '@functions/allocation/appointments';
import { clearConfigCache } from '@functions/lib/config-store';
import type { Contract, ReplyData } from '@shared/contract';
import type { MakeSaleForm } from '@shared/schemas/sales';
import { registerFarmer, validFields } from '../fixtures/registration-helpers';
import type { TestApi } from './api';

/**
 * Steps the integration tests take through the API, written once: each checks that its answer is the success
 * the step means and returns the reply's data as the contract types it.
 */

export type Registered = ReplyData<Contract['POST /svsregistration']>['data'];
export type Sold = ReplyData<Contract['POST /api/sales/make']>;

/**
 * Saves one setting as a super admin would, then forgets what this process's handlers keep of the settings
 * (the handlers run in the test's process, and a deployed function would see the change within its cache's life).
 */
export async function saveConfig(api: TestApi, token: string, key: string, value: string): Promise<void> {
  const r = await api.route('POST /api/config', { token, body: { key, value } });
  expect(r.status, r.text).toBe(200);
  clearConfigCache();
  clearAppointmentSettingsCache();
  forgetFullShifts();
}

/** A farmer registered through the whole public path (scan upload, then the form) with `validFields(over)`. */
export async function newRegistration(api: TestApi, over: Record<string, unknown> = {}): Promise<Registered> {
  const r = await registerFarmer(api, validFields(over));
  expect(r.status, r.text).toBe(201);
  return r.json.data;
}

/** A sale made at the counter for a registration: one bag of 1 kg in cash unless `sale` says otherwise. */
export async function sold(
  api: TestApi,
  token: string,
  reg: { id: number; year: number },
  lotID: number,
  sale: Partial<MakeSaleForm> = {},
): Promise<Sold> {
  const r = await api.route('POST /api/sales/make', {
    token,
    body: { lotID, registrationID: reg.id, year: reg.year, bags: 1, bagSizeKg: 1, paymentMode: 'Cash', ...sale },
  });
  expect(r.status, r.text).toBe(201);
  return r.data;
}
