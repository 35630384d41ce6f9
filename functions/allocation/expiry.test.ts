import { describe, expect, it } from 'vitest';
import { addDays, isPastCollection } from '@shared/allocation-status';
import { lastExpiringDay } from './expiry';

describe('lastExpiringDay', () => {
  it('is the last appointment day past its collection time, as isPastCollection says', () => {
    for (const grace of [0, 2, 30]) {
      for (const today of ['2026-03-01', '2026-01-01', '2028-02-29']) {
        const last = lastExpiringDay(today, grace);
        expect(isPastCollection(last, grace, today), `${today} grace ${grace}`).toBe(true);
        expect(isPastCollection(addDays(last, 1), grace, today), `${today} grace ${grace}`).toBe(false);
      }
    }
    expect(lastExpiringDay('2026-03-01', 2)).toBe('2026-02-26');
  });
});
