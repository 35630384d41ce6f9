import type { CapacityReply } from '@shared/schemas/replies/registration';
import { kolkataDate } from '@shared/schemas/registration';
import { workingDays } from '../allocation/appointments';
import { readAppointmentSettings, shiftCapacities, weekdayOf } from '../allocation/appointments';
import { shiftCounts } from '../allocation/slots';

/**
 * Booked against capacity for the next `dayCount` working days, from the first day the booking path would
 * offer (docs/product-rules.md#capacity-at-a-glance). Capacity comes from today's PerDayLimit, split as
 * `shiftCapacities` splits it; bookings from the shift counters, one BatchGet of two items per day.
 */
export async function capacityAhead(dayCount: number, now = new Date()): Promise<CapacityReply> {
  const settings = await readAppointmentSettings();
  const today = kolkataDate(now);
  const days: string[] = [];
  for (const day of workingDays(today, settings)) {
    days.push(day);
    if (days.length === dayCount) break;
  }
  const booked = new Map((await shiftCounts(days)).map((c) => [`${c.day}#${c.shift}`, c.booked]));
  const caps = settings.perDayLimit > 0 ? shiftCapacities(settings.perDayLimit) : null;
  return {
    perDayLimit: settings.perDayLimit,
    today,
    days: days.map((date) => ({
      date,
      weekday: weekdayOf(date),
      shifts: ([1, 2] as const).map((shift) => ({
        shift,
        label: settings.shiftLabels[shift - 1],
        booked: booked.get(`${date}#${shift}`) ?? 0,
        capacity: caps ? caps[shift - 1] : null,
      })),
    })),
  };
}
