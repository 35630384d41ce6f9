import type { DashboardSummary } from '@shared/schemas/dashboard';
import { call } from '@web/lib/api';

/** The summary; some deployments wrap it in `data`. */
export async function getSummary(signal?: AbortSignal): Promise<DashboardSummary> {
  const r = (await call('GET /api/dashboard/summary', { signal })) as DashboardSummary | { data: DashboardSummary };
  return 'data' in r ? r.data : r;
}

/** Whether StaffSecondFactor is on, as the signed-in admin's second-factor status tells it (the checklist's tip). */
export const secondFactorStatus = () => call('GET /auth/second-factor');
