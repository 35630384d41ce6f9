import { api } from '@web/lib/api';
import type { FarmerRegistration, FarmerResponse } from '@shared/schemas/farmers';
import { LIST_TAKE } from '@shared/schemas/common';

export interface FarmerFilter {
  search?: string;
  includeInactive?: boolean;
}

export const listFarmers = (f: FarmerFilter) =>
  api.get<FarmerResponse[]>('/api/farmers', {
    query: { search: f.search || undefined, includeInactive: f.includeInactive || undefined, take: LIST_TAKE },
  });
export const inactivateFarmer = (id: number) => api.delete<FarmerResponse>(`/api/farmers/${id}`);
export const restoreFarmer = (id: number) => api.post<FarmerResponse>(`/api/farmers/${id}/restore`);

/** A farmer's registrations; any failure reads as an empty list (docs/product-rules.md#failures-the-screens-absorb). */
export async function farmerRegistrations(id: number): Promise<FarmerRegistration[]> {
  try {
    const reply = await api.get<FarmerRegistration[]>(`/api/farmers/${id}/registrations`);
    return Array.isArray(reply) ? reply : [];
  } catch {
    return [];
  }
}
