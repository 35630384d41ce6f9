import { call } from '@web/lib/api';
import type { CropInput } from '@shared/schemas/crops';
import { LIST_TAKE } from '@shared/schemas/common';

export interface CropFilter {
  search?: string;
  includeInactive?: boolean;
}

/** Empty values are left out of the query. */
export const listCrops = (f: CropFilter) =>
  call('GET /api/crops', {
    query: { search: f.search || undefined, includeInactive: f.includeInactive || undefined, take: LIST_TAKE },
  });
export const createCrop = (input: CropInput) => call('POST /api/crops', { body: input });
export const updateCrop = (id: number, input: CropInput) => call('PUT /api/crops/{id}', { params: { id }, body: input });
export const inactivateCrop = (id: number) => call('DELETE /api/crops/{id}', { params: { id } });
export const restoreCrop = (id: number) => call('POST /api/crops/{id}/restore', { params: { id } });
