import type { TodayReply } from '@shared/schemas/counter';
import { log } from '../lib/log';
import { withRetry } from '../lib/retry';
import { kolkataDay } from '../lib/stats';
import { saleClock } from '../sales/sale-clock';
import { getSellerDay } from '../sales/seller-day';

/**
 * The caller's own day of sales, when it is closed: a sale made now falls on that day and would be refused
 * (functions/sales/day-close.ts), so Today says so before the clerk fills the sale. Null while it is open, and
 * when it cannot be read: the list still answers, and a sale on a closed day is refused all the same.
 */
export async function closedDayOf(userID: number): Promise<TodayReply['dayClosed']> {
  const day = kolkataDay(saleClock());
  try {
    const d = await withRetry(() => getSellerDay(day, userID), { attempts: 3 });
    return d?.closedAt ? { date: day, closedAt: d.closedAt, closedByName: d.closedByName ?? '' } : null;
  } catch (e) {
    log.warn('the seller day could not be read for Today', { day, userID, error: e });
    return null;
  }
}
