export type { DayCount, DashboardSummary } from './replies/dashboard';
