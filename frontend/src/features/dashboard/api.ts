import type { DashboardSummary } from '@shared/schemas/dashboard';
import { api } from '@web/lib/api';

/** The summary; some deployments wrap it in `data`. */
export async function getSummary(signal?: AbortSignal): Promise<DashboardSummary> {
  const r = await api.get<DashboardSummary | { data: DashboardSummary }>('/api/dashboard/summary', { signal });
  return 'data' in r ? r.data : r;
}
