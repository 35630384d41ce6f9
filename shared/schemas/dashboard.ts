export type { DayCount, DashboardSummary, SetupChecklist } from './replies/dashboard';
