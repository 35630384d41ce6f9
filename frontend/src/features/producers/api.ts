import { call } from '@web/lib/api';
import { catalogueQuery, type CatalogueFilter } from '@web/lib/catalogue-query';
import type { ProducerInput } from '@shared/schemas/producers';

export const listProducers = (f: CatalogueFilter) => call('GET /api/producers', { query: catalogueQuery(f) });
export const getProducer = (id: number) => call('GET /api/producers/{id}', { params: { id } });
export const createProducer = (input: ProducerInput) => call('POST /api/producers', { body: input });
export const updateProducer = (id: number, input: ProducerInput) =>
  call('PUT /api/producers/{id}', { params: { id }, body: input });
export const inactivateProducer = (id: number) => call('DELETE /api/producers/{id}', { params: { id } });
export const restoreProducer = (id: number) => call('POST /api/producers/{id}/restore', { params: { id } });
