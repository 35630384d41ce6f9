import type { DashboardSummary } from '@shared/schemas/dashboard';
import { call } from '@web/lib/api';

/** The summary; some deployments wrap it in `data`. */
export async function getSummary(signal?: AbortSignal): Promise<DashboardSummary> {
  const r = (await call('GET /api/dashboard/summary', { signal })) as DashboardSummary | { data: DashboardSummary };
  return 'data' in r ? r.data : r;
}
