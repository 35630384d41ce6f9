import { describe, expect, it } from 'vitest';
import {
  addDays,
  appointmentDateTime,
  firstBookableDay,
  shiftCapacities,
  weekdayOf,
  workingDays,
  type AppointmentSettings,
} from './appointments';

const settings = (over: Partial<AppointmentSettings> = {}): AppointmentSettings => ({
  perDayLimit: 40,
  startDate: '',
  weeklyOffDay: 0,
  holidays: [],
  shiftLabels: ['Morning', 'Afternoon'],
  ...over,
});

describe('appointment calendar', () => {
  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(weekdayOf('2026-11-22')).toBe(0); // a Sunday
  });

  it('books from tomorrow, or from the start date when that is later', () => {
    expect(firstBookableDay('2026-11-22', '')).toBe('2026-11-23');
    expect(firstBookableDay('2026-11-22', '2026-11-22')).toBe('2026-11-23');
    expect(firstBookableDay('2026-11-22', '2026-12-01')).toBe('2026-12-01');
  });

  it('skips the weekly off day and holidays', () => {
    const days = [...workingDays('2026-11-20', settings({ holidays: ['2026-11-24'] }), 6)];
    // 21 Sat, 22 Sun (off), 23 Mon, 24 holiday, 25 Wed, 26 Thu
    expect(days).toEqual(['2026-11-21', '2026-11-23', '2026-11-25', '2026-11-26']);
    expect([...workingDays('2026-11-20', settings({ weeklyOffDay: -1 }), 3)]).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
  });

  it('gives the first half of the capacity (rounded up) to shift 1', () => {
    expect(shiftCapacities(40)).toEqual([20, 20]);
    expect(shiftCapacities(41)).toEqual([21, 20]);
    expect(shiftCapacities(1)).toEqual([1, 0]);
  });

  it('writes the appointment as the start of the day in India', () => {
    expect(appointmentDateTime('2026-11-23')).toBe('2026-11-23T00:00:00+05:30');
  });
});
