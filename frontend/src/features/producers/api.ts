import { api } from '@web/lib/api';
import { LIST_TAKE } from '@shared/schemas/common';
import type { ProducerInput, ProducerResponse } from '@shared/schemas/producers';

export interface ProducerFilter {
  search?: string;
  includeInactive?: boolean;
}

export const listProducers = (f: ProducerFilter) =>
  api.get<ProducerResponse[]>('/api/producers', {
    query: { search: f.search || undefined, includeInactive: f.includeInactive || undefined, take: LIST_TAKE },
  });
export const getProducer = (id: number) => api.get<ProducerResponse>(`/api/producers/${id}`);
export const createProducer = (input: ProducerInput) => api.post<ProducerResponse>('/api/producers', input);
export const updateProducer = (id: number, input: ProducerInput) => api.put<ProducerResponse>(`/api/producers/${id}`, input);
export const inactivateProducer = (id: number) => api.delete<ProducerResponse>(`/api/producers/${id}`);
export const restoreProducer = (id: number) => api.post<ProducerResponse>(`/api/producers/${id}/restore`);
