/** GET /api/dashboard/summary (spec section 3, "Dashboard summary"). Days are Asia/Kolkata 'YYYY-MM-DD'. */
export interface DayCount {
  date: string;
  count: number;
}

export interface DashboardSummary {
  crops: {
    /** Day the latest crop was added (null when there are no crops). */
    latestDay: string | null;
    latestDate: string | null;
    /** Crops added on that day. */
    latestCount: number;
    latestDateCount: number;
    total: number;
    /** Crops added on each of the last 7 days, oldest first, today last. */
    last7Days: DayCount[];
  };
  producersTotal: number;
  producers: { total: number; last7Days: DayCount[] };
  registrations: { today: number; total: number; last7Days: DayCount[] };
  sales: {
    /** Rupees. */
    totalAmount: number;
    totalCount: number;
    todayAmount: number;
    todayCount: number;
    /** True for sellers (their own bills only), false for admins. */
    scopedToUser: boolean;
    /** Amounts (rupees) of the 10 most recent bills in scope, oldest first. */
    last10Amounts: number[];
  };
  /** The Asia/Kolkata day the figures were computed for. */
  today: string;
}
