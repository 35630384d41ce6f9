import type { TodayReply } from '@shared/schemas/counter';
import { withRetry } from '../lib/retry';
import { kolkataDay } from '../lib/stats';
import { saleClock } from '../sales/sale-clock';
import { getSellerDay } from '../sales/seller-day';

/**
 * The caller's own day of sales, when it is closed: a sale made now falls on that day and would be refused
 * (functions/sales/day-close.ts), so Today says so before the clerk fills the sale. Null while it is open.
 */
export async function closedDayOf(userID: number): Promise<TodayReply['dayClosed']> {
  const day = kolkataDay(saleClock());
  const d = await withRetry(() => getSellerDay(day, userID), { attempts: 3 });
  return d?.closedAt ? { date: day, closedAt: d.closedAt, closedByName: d.closedByName ?? '' } : null;
}
