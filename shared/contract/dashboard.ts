import { DashboardSummaryReply } from '../schemas/replies/dashboard';
import { ReportReply } from '../schemas/replies/reports';
import { ReportQuery } from '../schemas/reports';
import type { AreaContract } from './types';

export const dashboardContract = {
  'GET /api/dashboard/summary': { reply: DashboardSummaryReply },
  'GET /api/reports': { query: ReportQuery, reply: ReportReply },
} as const satisfies AreaContract<'dashboard'>;
