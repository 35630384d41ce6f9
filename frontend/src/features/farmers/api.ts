import { call } from '@web/lib/api';
import { catalogueQuery, type CatalogueFilter } from '@web/lib/catalogue-query';
import type { FarmerRegistration } from '@shared/schemas/farmers';

export const listFarmers = (f: CatalogueFilter) => call('GET /api/farmers', { query: catalogueQuery(f) });
export const inactivateFarmer = (id: number) => call('DELETE /api/farmers/{id}', { params: { id } });
export const restoreFarmer = (id: number) => call('POST /api/farmers/{id}/restore', { params: { id } });

/** A farmer's registrations; any failure reads as an empty list (docs/product-rules.md#failures-the-screens-absorb). */
export async function farmerRegistrations(id: number): Promise<FarmerRegistration[]> {
  try {
    const reply = await call('GET /api/farmers/{id}/registrations', { params: { id } });
    return Array.isArray(reply) ? reply : [];
  } catch {
    return [];
  }
}
