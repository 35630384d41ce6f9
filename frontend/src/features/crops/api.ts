import { call } from '@web/lib/api';
import { catalogueQuery, type CatalogueFilter } from '@web/lib/catalogue-query';
import type { CropInput } from '@shared/schemas/crops';

export const listCrops = (f: CatalogueFilter) => call('GET /api/crops', { query: catalogueQuery(f) });
export const createCrop = (input: CropInput) => call('POST /api/crops', { body: input });
export const updateCrop = (id: number, input: CropInput) => call('PUT /api/crops/{id}', { params: { id }, body: input });
export const inactivateCrop = (id: number) => call('DELETE /api/crops/{id}', { params: { id } });
export const restoreCrop = (id: number) => call('POST /api/crops/{id}/restore', { params: { id } });
