import { describe, expect, it } from 'vitest';
import { addDays, isPastCollection } from '@shared/allocation-status';
import { lastExpiringDay } from './expiry';

describe('lastExpiringDay', () => {
  it('is the last appointment day past its collection time, as isPastCollection says', () => {
    const calendars = [
      { weeklyOffDay: -1, holidays: [] },
      { weeklyOffDay: 0, holidays: [] },
      { weeklyOffDay: 2, holidays: ['2026-02-25', '2026-02-26', '2025-12-31'] },
    ];
    for (const cal of calendars) {
      for (const grace of [0, 2, 30]) {
        for (const today of ['2026-03-01', '2026-03-02', '2026-01-01', '2028-02-29']) {
          const last = lastExpiringDay(today, grace, cal);
          const what = `${today} grace ${grace} off ${cal.weeklyOffDay}`;
          expect(isPastCollection(last, grace, cal, today), what).toBe(true);
          expect(isPastCollection(addDays(last, 1), grace, cal, today), what).toBe(false);
        }
      }
    }
    expect(lastExpiringDay('2026-03-01', 2, { weeklyOffDay: -1, holidays: [] })).toBe('2026-02-26');
  });

  it('does not expire a Saturday appointment before the Tuesday its letter gives (Sunday off)', () => {
    const sundayOff = { weeklyOffDay: 0, holidays: [] };
    expect(lastExpiringDay('2026-12-01', 2, sundayOff) < '2026-11-28').toBe(true);
    expect(lastExpiringDay('2026-12-02', 2, sundayOff) >= '2026-11-28').toBe(true);
  });
});
