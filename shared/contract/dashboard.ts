import { DashboardSummaryReply } from '../schemas/replies/dashboard';
import type { AreaContract } from './types';

export const dashboardContract = {
  'GET /api/dashboard/summary': { reply: DashboardSummaryReply },
} as const satisfies AreaContract<'dashboard'>;
