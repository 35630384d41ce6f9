import { describe, expect, it } from 'vitest';
import { CheckinInput, letterCodeOf, TodayQuery } from './counter';

describe('the check-in body', () => {
  it('takes the code out of a letter link', () => {
    expect(letterCodeOf('http://localhost:3000/svs/appointment/AbCdEfGhIjKlMnOpQr?id=5')).toBe('AbCdEfGhIjKlMnOpQr');
    expect(letterCodeOf('AbCdEfGhIjKlMnOpQr')).toBe('AbCdEfGhIjKlMnOpQr');
    expect(CheckinInput.parse({ code: 'https://x.org/svs/appointment/AbCdEfGhIjKlMnOpQr' })).toEqual({
      code: 'AbCdEfGhIjKlMnOpQr',
    });
  });

  it('refuses a body with neither or both, or a code of the wrong shape', () => {
    expect(CheckinInput.safeParse({}).success).toBe(false);
    expect(CheckinInput.safeParse({ code: 'AbCdEfGhIjKlMnOpQr', registrationId: 5 }).success).toBe(false);
    expect(CheckinInput.safeParse({ code: 'short' }).success).toBe(false);
    expect(CheckinInput.safeParse({ registrationId: 5, year: 2026 }).success).toBe(true);
  });

  it('reads a day of the calendar and shift 1 or 2 from the list query', () => {
    expect(TodayQuery.parse({ date: '2026-12-01', shift: '2' })).toEqual({ date: '2026-12-01', shift: 2 });
    expect(TodayQuery.safeParse({ date: '2026-02-30' }).success).toBe(false);
    expect(TodayQuery.safeParse({ shift: '3' }).success).toBe(false);
  });
});
