import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatRupees,
  formatTime,
  indiaInputToIso,
  isoToIndiaInput,
  kgToQuintal,
  maskAadhaar,
  maskMobileButFirstTwo,
  maskMobile,
} from './format';

describe('formatting', () => {
  it('masks Aadhaar to the last four digits', () => {
    expect(maskAadhaar('123412341234')).toBe('XXXX-XXXX-1234');
    expect(maskAadhaar('5678')).toBe('XXXX-XXXX-5678');
    expect(maskMobileButFirstTwo('9876543210')).toBe('98XXXXXXXX');
    expect(maskMobileButFirstTwo('')).toBe('—');
    expect(maskAadhaar('')).toBe('—');
    expect(maskAadhaar(undefined)).toBe('—');
  });

  it('masks a mobile number to its last four digits', () => {
    expect(maskMobile('9876543210')).toBe('XXXXXX3210');
    expect(maskMobile(null)).toBe('—');
  });

  it('formats rupees in Indian grouping with two decimals', () => {
    expect(formatRupees(1234567.5)).toBe('12,34,567.50');
    expect(formatRupees(0)).toBe('0.00');
  });

  it('converts kg to quintal', () => {
    expect(kgToQuintal(250)).toBe(2.5);
    expect(kgToQuintal(40)).toBe(0.4);
  });
});

/**
 * The device's zone must not show: a staff member's browser in New York, London or Kiribati shows the same
 * India dates and times as one in Lucknow. Node follows a change of TZ at run time (Date and Intl alike).
 */
describe.each([
  ['America/New_York', 300],
  ['UTC', 0],
  ['Pacific/Kiritimati', -840],
  ['Asia/Kolkata', -330],
])('dates on a device in %s', (zone, offsetMinutes) => {
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.TZ;
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  it('really runs in that zone, where formatting in the device zone (as the screens once did) goes wrong', () => {
    expect(new Date('2026-11-22T19:00:00Z').getTimezoneOffset()).toBe(offsetMinutes);
    const deviceDay = new Date('2026-11-23T00:00:00+05:30').toLocaleDateString('en-IN', { dateStyle: 'medium' });
    if (zone === 'Asia/Kolkata') expect(deviceDay).toBe('23 Nov 2026');
    else if (offsetMinutes > -330) expect(deviceDay).toBe('22 Nov 2026');
  });

  it('shows an appointment day as that calendar day, from the day or the stored India midnight', () => {
    expect(formatDay('2026-11-23')).toBe('23 Nov 2026');
    expect(formatDay('2026-11-23T00:00:00+05:30')).toBe('23 Nov 2026');
    expect(formatDay('2026-11-23', 'hi')).toBe('23 नव॰ 2026');
    expect(formatDay('2026-11-23', 'en', { long: true })).toBe('Monday, 23 November 2026');
    expect(formatDay('2026-02-30')).toBe('2026-02-30');
    expect(formatDay('2026-13-05')).toBe('2026-13-05');
    expect(formatDay('')).toBe('—');
    expect(formatDay(null)).toBe('—');
  });

  it('shows a moment as India date and time', () => {
    // 19:00 UTC on the 22nd is 00:30 on the 23rd in India (and 14:00 on the 22nd in New York).
    expect(formatDateTime('2026-11-22T19:00:00.000Z')).toBe('23 Nov 2026, 12:30 am');
    expect(formatDate('2026-11-22T19:00:00.000Z')).toBe('23 Nov 2026');
    expect(formatTime('2026-11-22T19:00:00.000Z')).toBe('12:30 am');
    expect(formatDateTime('2026-11-23T10:15:00+05:30', 'hi')).toBe('23 नव॰ 2026, 10:15 am');
    expect(formatDateTime('not a time')).toBe('not a time');
    expect(formatDateTime(undefined)).toBe('—');
  });

  it('reads and fills date-time inputs in India time', () => {
    expect(indiaInputToIso('2026-11-23T10:30')).toBe('2026-11-23T05:00:00.000Z');
    expect(indiaInputToIso('2026-11-23T00:15:30')).toBe('2026-11-22T18:45:30.000Z');
    expect(indiaInputToIso('')).toBeUndefined();
    expect(indiaInputToIso('23/11/2026')).toBeUndefined();
    expect(isoToIndiaInput('2026-11-22T18:45:00.000Z')).toBe('2026-11-23T00:15');
    expect(isoToIndiaInput(indiaInputToIso('2026-03-08T02:30'))).toBe('2026-03-08T02:30');
    expect(isoToIndiaInput(null)).toBe('');
  });
});
