import { call } from '@web/lib/api';
import { LIST_TAKE } from '@shared/schemas/common';
import type { ProducerInput } from '@shared/schemas/producers';

export interface ProducerFilter {
  search?: string;
  includeInactive?: boolean;
}

export const listProducers = (f: ProducerFilter) =>
  call('GET /api/producers', {
    query: { search: f.search || undefined, includeInactive: f.includeInactive || undefined, take: LIST_TAKE },
  });
export const getProducer = (id: number) => call('GET /api/producers/{id}', { params: { id } });
export const createProducer = (input: ProducerInput) => call('POST /api/producers', { body: input });
export const updateProducer = (id: number, input: ProducerInput) =>
  call('PUT /api/producers/{id}', { params: { id }, body: input });
export const inactivateProducer = (id: number) => call('DELETE /api/producers/{id}', { params: { id } });
export const restoreProducer = (id: number) => call('POST /api/producers/{id}/restore', { params: { id } });
