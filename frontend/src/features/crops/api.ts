import { api } from '@web/lib/api';
import type { CropInput, CropResponse } from '@shared/schemas/crops';
import { LIST_TAKE } from '@shared/schemas/common';

export interface CropFilter {
  search?: string;
  includeInactive?: boolean;
}

/** Empty values are left out of the query. */
export const listCrops = (f: CropFilter) =>
  api.get<CropResponse[]>('/api/crops', {
    query: { search: f.search || undefined, includeInactive: f.includeInactive || undefined, take: LIST_TAKE },
  });
export const createCrop = (input: CropInput) => api.post<CropResponse>('/api/crops', input);
export const updateCrop = (id: number, input: CropInput) => api.put<CropResponse>(`/api/crops/${id}`, input);
export const inactivateCrop = (id: number) => api.delete<CropResponse>(`/api/crops/${id}`);
export const restoreCrop = (id: number) => api.post<CropResponse>(`/api/crops/${id}/restore`);
