import type { AllocationStatus } from '@shared/allocation-status';
import { indiaInputToIso } from '@shared/format';
import type { RegistrationListReply } from '@shared/schemas/registration';
import { call } from '@web/lib/api';

/** Staff calls of the Registrations page. */
export interface RegistrationSearch {
  id?: string;
  name?: string;
  aadhaar?: string;
  mobile?: string;
  father?: string;
  village?: string;
  district?: string;
  year?: string;
  /** An allocation status, or '' for all. */
  status?: '' | AllocationStatus;
  /** datetime-local text, read as India time whatever the device's zone; sent as ISO. */
  from?: string;
  to?: string;
  skip: number;
  take: number;
}

/** The list's filters as sent (the export sends the same). */
export const registrationQuery = (s: Omit<RegistrationSearch, 'skip' | 'take'>) => ({
  id: s.id?.trim(),
  name: s.name?.trim(),
  aadhaar: s.aadhaar?.replace(/\D/g, ''),
  mobile: s.mobile?.trim(),
  father: s.father?.trim(),
  village: s.village?.trim(),
  district: s.district,
  year: s.year?.trim(),
  status: s.status || undefined,
  from: indiaInputToIso(s.from),
  to: indiaInputToIso(s.to),
});

export function listRegistrations(s: RegistrationSearch, signal?: AbortSignal): Promise<RegistrationListReply> {
  return call('GET /api/registrations', { signal, query: { ...registrationQuery(s), skip: s.skip, take: s.take } });
}

/** A 60-second link to the registration's Aadhaar scan. */
export async function aadhaarFileUrl(id: number, year: number): Promise<string> {
  const r = await call('GET /api/registrations/{id}/aadhaar-file', { params: { id }, query: { year } });
  return r.url;
}

/** Staff cancel a registration with a reason; its place goes to the next farmer. */
export const cancelRegistration = (row: { id: number; year: number }, reason: string) =>
  call('POST /api/registrations/{id}/cancel', { params: { id: row.id }, body: { reason, year: row.year } });

/** An admin links a registration marked "to confirm" to the farmer its Aadhaar names, or declines. */
export const confirmFarmerLink = (row: { id: number; year: number }, accept: boolean) =>
  call('POST /api/registrations/{id}/farmer-link', { params: { id: row.id }, body: { year: row.year, accept } });
