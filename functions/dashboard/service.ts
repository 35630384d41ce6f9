import type { DashboardSummary, DayCount, SetupChecklist } from '@shared/schemas/dashboard';
import { financialYearOf } from '@shared/schemas/sales';
import type { Caller } from '../lib/caller';
import { isAdmin } from '../lib/caller-roles';
import { kolkataDay, lastDays, readStats } from '../lib/stats';
import { paiseToRupees } from '../lib/units';
import { fyPk, newest, sellerPk } from '../sales/invoice-entity';
import { CONFIG_KEYS } from '@shared/config-keys';
import { getConfigItem, getSetting } from '../lib/config-store';
import { anyLot, creationTimes } from './repository';

/**
 * The dashboard summary (docs/product-rules.md#dashboard-summary), from counters and small index reads, never by
 * reading the registrations or bills it counts:
 *  - registrations: the daily and running stat counters (STAT#registrations#..., 10 shards each), 8 stats
 *    x 10 shards = one BatchGet of 80 keys;
 *  - sales: the sales stats written in each sale's transaction (overall, or the seller's own), 2 keys, plus
 *    the newest 10 bills from the year's index (or the seller's index) for the trend;
 *  - crops and producers: creation times from their catalogue index (small; see repository.ts).
 * Sellers see their own sales (scopedToUser true); admins and super admins see all.
 */
let clock: () => Date = () => new Date();
export function setClockForTests(fn?: () => Date): void {
  clock = fn ?? (() => new Date());
}

function perDay(times: string[], days: string[]): DayCount[] {
  const counts = new Map(days.map((d) => [d, 0]));
  for (const t of times) {
    const d = kolkataDay(new Date(t));
    if (counts.has(d)) counts.set(d, counts.get(d)! + 1);
  }
  return days.map((date) => ({ date, count: counts.get(date)! }));
}

async function lastTenAmounts(scopedTo: number | undefined, today: string): Promise<number[]> {
  // Cancelled bills are left out (their amount was credited back); a few more are read to make up for them.
  const issued = (bills: Awaited<ReturnType<typeof newest>>) => bills.filter((b) => b.status !== 'cancelled');
  let bills;
  if (scopedTo) bills = issued(await newest('gsi2', sellerPk(scopedTo), 20));
  else {
    const fy = financialYearOf(today);
    bills = issued(await newest('gsi1', fyPk(fy), 20));
    if (bills.length < 10) bills.push(...issued(await newest('gsi1', fyPk(fy - 1), 20)));
  }
  return bills
    .slice(0, 10)
    .map((b) => paiseToRupees(b.totalPaise))
    .reverse();
}

/**
 * The first-run checklist (docs/product-rules.md#a-fresh-install-starts-with-registrations-closed-and-a-setup-checklist),
 * for admins: the catalogue's first producer, crop and lot, the counter address set to the institute's own
 * (the built-in text names no real place), and registrations opened. Opening counts as done for good once any
 * registration was made, so closing the form at the season's end does not bring the checklist back.
 */
async function setupChecklist(counts: { producers: number; crops: number; registrations: number }): Promise<SetupChecklist> {
  const [lot, address, open] = await Promise.all([anyLot(), getConfigItem('CounterAddress'), getSetting('Is_SVS_Form_On')]);
  const builtIn = CONFIG_KEYS.CounterAddress.format(CONFIG_KEYS.CounterAddress.default);
  return {
    producer: counts.producers > 0,
    crop: counts.crops > 0,
    lot,
    counterAddress: Boolean(address && address.value.trim() && address.value.trim() !== builtIn),
    registrationsOpen: open || counts.registrations > 0,
  };
}

export async function summary(caller: Caller): Promise<DashboardSummary> {
  const today = kolkataDay(clock());
  const days = lastDays(today, 7);
  const scopedToUser = !isAdmin(caller);
  const scopedTo = scopedToUser ? caller.userID : undefined;
  const [crops, producers, regs, sales, last10Amounts] = await Promise.all([
    creationTimes('CROPS'),
    creationTimes('PRODUCERS'),
    readStats('registrations', days),
    readStats('sales', [today], scopedTo ? { userID: scopedTo } : {}),
    lastTenAmounts(scopedTo, today),
  ]);

  const cropDays = crops.times.map((t) => kolkataDay(new Date(t)));
  const latestDay = cropDays.length ? cropDays.reduce((a, b) => (a > b ? a : b)) : null;
  const latestCount = latestDay ? cropDays.filter((d) => d === latestDay).length : 0;
  const producersLast7 = perDay(producers.times, days);
  const todaySales = sales.days.get(today)!;
  const setup = scopedToUser
    ? undefined
    : await setupChecklist({ producers: producers.times.length, crops: crops.times.length, registrations: regs.all.count });

  return {
    crops: {
      latestDay,
      latestDate: latestDay,
      latestCount,
      latestDateCount: latestCount,
      total: crops.times.length,
      last7Days: perDay(crops.times, days),
    },
    producersTotal: producers.times.length,
    producers: { total: producers.times.length, last7Days: producersLast7 },
    registrations: {
      today: regs.days.get(today)!.count,
      total: regs.all.count,
      last7Days: days.map((date) => ({ date, count: regs.days.get(date)!.count })),
    },
    sales: {
      totalAmount: paiseToRupees(sales.all.amountPaise),
      totalCount: sales.all.count,
      todayAmount: paiseToRupees(todaySales.amountPaise),
      todayCount: todaySales.count,
      scopedToUser,
      last10Amounts,
    },
    today,
    ...(setup ? { setup } : {}),
  };
}
