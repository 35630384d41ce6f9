import { call } from '@web/lib/api';

/** The home page's content. Public: a stale token must never bounce a visitor to the login page. */
export const fetchHomeSummary = (signal?: AbortSignal) => call('GET /api/home/summary', { skipAuthRedirect: true, signal });
