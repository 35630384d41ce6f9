import { api } from '@web/lib/api';
import type { HomeSummaryResponse } from '@shared/schemas/cms';

/** The home page's content. Public: a stale token must never bounce a visitor to the login page. */
export const fetchHomeSummary = (signal?: AbortSignal) =>
  api.get<HomeSummaryResponse>('/api/home/summary', { skipAuthRedirect: true, signal });
