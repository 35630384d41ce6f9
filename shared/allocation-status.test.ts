import { describe, expect, it } from 'vitest';
import {
  addDays,
  ALLOCATION_STATUSES,
  collectBy,
  eventOf,
  isPastCollection,
  letterStatusFields,
  letterStatusView,
  mayChange,
  statusOf,
} from './allocation-status';

describe('statusOf', () => {
  it('reads a stored status and treats a registration stored before allocation as confirmed', () => {
    expect(statusOf({ status: 'waitlisted' })).toBe('waitlisted');
    expect(statusOf({})).toBe('confirmed');
    expect(statusOf({ status: null })).toBe('confirmed');
    expect(() => statusOf({ status: 'lost' })).toThrow(/Unknown/);
  });
});

describe('status changes', () => {
  it('allows only the changes of the rules, and none once billed', () => {
    expect(mayChange('applied', 'confirmed')).toBe(true);
    expect(mayChange('applied', 'waitlisted')).toBe(true);
    expect(mayChange('waitlisted', 'confirmed')).toBe(true);
    expect(mayChange('confirmed', 'expired')).toBe(true);
    expect(mayChange('confirmed', 'cancelled')).toBe(true);
    expect(mayChange('waitlisted', 'expired')).toBe(false);
    expect(mayChange('confirmed', 'waitlisted')).toBe(false);
    expect(mayChange('confirmed', 'cancelled', true)).toBe(false);
    for (const to of ALLOCATION_STATUSES) {
      expect(mayChange('expired', to)).toBe(false);
      expect(mayChange('cancelled', to)).toBe(false);
    }
  });

  it('names the outbox event of each change', () => {
    expect(eventOf('waitlisted', 'confirmed')).toBe('promoted');
    expect(eventOf('applied', 'confirmed')).toBe('drawn');
    expect(eventOf('applied', 'waitlisted')).toBe('drawn');
    expect(eventOf('confirmed', 'expired')).toBe('expired');
    expect(eventOf('waitlisted', 'cancelled')).toBe('cancelled');
    expect(() => eventOf('expired', 'confirmed')).toThrow();
  });
});

const NO_DAYS_OFF = { weeklyOffDay: -1, holidays: [] };
const SUNDAY_OFF = { weeklyOffDay: 0, holidays: [] };

describe('collection days', () => {
  it('counts calendar days across months and years', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(collectBy('2026-11-25', 2, NO_DAYS_OFF)).toBe('2026-11-27');
    expect(collectBy('2026-12-30', 3, NO_DAYS_OFF)).toBe('2027-01-02');
  });

  it('counts only the days the counter is open', () => {
    // Saturday 28 November 2026, Sunday off: Monday and Tuesday are the grace days.
    expect(collectBy('2026-11-28', 2, SUNDAY_OFF)).toBe('2026-12-01');
    // A holiday on the Monday moves it to Wednesday.
    expect(collectBy('2026-11-28', 2, { weeklyOffDay: 0, holidays: ['2026-11-30'] })).toBe('2026-12-02');
    // Never ends on a day off: Friday plus 2 skips the Sunday.
    expect(collectBy('2026-11-27', 2, SUNDAY_OFF)).toBe('2026-11-30');
    expect(collectBy('2026-11-28', 0, SUNDAY_OFF)).toBe('2026-11-28');
  });

  it('expires a registration only after its last collection day', () => {
    expect(isPastCollection('2026-11-25', 2, NO_DAYS_OFF, '2026-11-27')).toBe(false);
    expect(isPastCollection('2026-11-25', 2, NO_DAYS_OFF, '2026-11-28')).toBe(true);
    expect(isPastCollection('2026-11-25', 0, NO_DAYS_OFF, '2026-11-25')).toBe(false);
    expect(isPastCollection('2026-11-28', 2, SUNDAY_OFF, '2026-12-01')).toBe(false);
    expect(isPastCollection('2026-11-28', 2, SUNDAY_OFF, '2026-12-02')).toBe(true);
  });
});

describe('the letter reply', () => {
  const confirmed = { status: 'confirmed', isBilled: false, appointmentDate: '2026-12-01', appointmentShift: 'Morning' };

  it('gives the appointment and the last day to collect only while confirmed', () => {
    expect(letterStatusFields(confirmed, { graceDays: 2, calendar: SUNDAY_OFF })).toEqual({
      status: 'confirmed',
      appointmentDate: '2026-12-01',
      appointmentShift: 'Morning',
      expiresOn: '2026-12-03',
    });
    expect(letterStatusFields({ ...confirmed, status: undefined }, { graceDays: 2, calendar: SUNDAY_OFF }).status).toBe(
      'confirmed',
    );
    expect(letterStatusFields({ ...confirmed, isBilled: true }, { graceDays: 2, calendar: SUNDAY_OFF })).not.toHaveProperty(
      'expiresOn',
    );
  });

  it('gives the position and the places ahead while waitlisted, and no appointment', () => {
    const waitlisted = { status: 'waitlisted', isBilled: false, waitlistPosition: 12, appointmentDate: '2026-12-01' };
    expect(letterStatusFields(waitlisted, { graceDays: 2, calendar: SUNDAY_OFF, placesAhead: 4 })).toEqual({
      status: 'waitlisted',
      waitlistPosition: 12,
      placesAhead: 4,
    });
    expect(letterStatusFields(waitlisted, { graceDays: 2, calendar: SUNDAY_OFF }).placesAhead).toBe(11);
    expect(letterStatusFields(waitlisted, { graceDays: 2, calendar: SUNDAY_OFF, placesAhead: 40 }).placesAhead).toBe(11);
    expect(() => letterStatusFields({ status: 'waitlisted', isBilled: false }, { graceDays: 2, calendar: SUNDAY_OFF })).toThrow();
  });

  it('gives the status alone when applied, expired or cancelled', () => {
    for (const status of ['applied', 'expired', 'cancelled']) {
      expect(letterStatusFields({ ...confirmed, status }, { graceDays: 2, calendar: SUNDAY_OFF })).toEqual({ status });
    }
  });

  it('gives an applied letter the day of the draw once it is set, and no other status', () => {
    expect(
      letterStatusFields({ ...confirmed, status: 'applied' }, { graceDays: 2, calendar: SUNDAY_OFF, drawDate: '2027-03-15' }),
    ).toEqual({
      status: 'applied',
      drawOn: '2027-03-15',
    });
    expect(letterStatusFields({ ...confirmed, status: 'applied' }, { graceDays: 2, calendar: SUNDAY_OFF, drawDate: '' })).toEqual(
      {
        status: 'applied',
      },
    );
    for (const status of ['confirmed', 'expired', 'cancelled']) {
      expect(
        letterStatusFields({ ...confirmed, status }, { graceDays: 2, calendar: SUNDAY_OFF, drawDate: '2027-03-15' }),
      ).not.toHaveProperty('drawOn');
    }
  });
});

describe('the letter view', () => {
  it('shows the appointment for a confirmed registration and lets an open one be cancelled', () => {
    expect(letterStatusView({ status: 'confirmed', isBilled: false })).toEqual({
      status: 'confirmed',
      headline: 'confirmed',
      tone: 'go',
      showsAppointment: true,
      mayCancel: true,
    });
    expect(letterStatusView({ status: 'confirmed', isBilled: true })).toMatchObject({
      headline: 'billed',
      showsAppointment: true,
      mayCancel: false,
    });
    expect(letterStatusView({ status: 'waitlisted', isBilled: false })).toMatchObject({
      tone: 'wait',
      showsAppointment: false,
      mayCancel: true,
    });
    expect(letterStatusView({ status: 'applied', isBilled: false })).toMatchObject({ tone: 'wait', mayCancel: true });
    for (const status of ['expired', 'cancelled']) {
      expect(letterStatusView({ status, isBilled: false })).toMatchObject({
        tone: 'ended',
        showsAppointment: false,
        mayCancel: false,
      });
    }
  });
});
