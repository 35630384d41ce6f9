import { call } from '@web/lib/api';
import type { DataRequestReply, ResolveDataRequestInput } from '@shared/schemas/records';

export type StatusFilter = 'open' | 'done' | 'refused' | 'all';

export const listDataRequests = async (status: StatusFilter, signal?: AbortSignal): Promise<DataRequestReply[]> =>
  (await call('GET /api/data-requests', { query: { status }, signal })).items;

export const resolveDataRequest = (id: string, body: ResolveDataRequestInput): Promise<DataRequestReply> =>
  call('POST /api/data-requests/{id}/resolve', { params: { id }, body });
