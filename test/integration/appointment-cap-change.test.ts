import { beforeAll, describe, expect, it } from 'vitest';
import { shiftCounts } from '@functions/allocation/slots';
import { useTestApi } from '../support/integration';
import { seedFormCrops } from '../fixtures/registration-helpers';
import { newRegistration, saveConfig } from '../support/steps';

/**
 * Invariant 1 (docs/invariants.md#1-day-capacity) when the cap changes during the season: bookings made while
 * PerDayLimit was 0 (no cap) count against a cap set later, and a lowered cap is honoured for the next bookings.
 * A table of its own, so the days start empty.
 */
const { api, tokens } = useTestApi('super_admin');

beforeAll(async () => {
  await seedFormCrops();
});

const setConfig = (key: string, value: string) => saveConfig(api, tokens.super_admin, key, value);

async function register(): Promise<{ date: string; shift: number }> {
  const data = await newRegistration(api, { cropName: 'Wheat', bagsRequested: 1 });
  const letter = await api.call('GET', `/svsregistration/AppointmentList/${data.uniqeCode}`);
  expect(letter.status).toBe(200);
  const a = letter.json.data[0];
  return { date: a.appointmentDate, shift: a.appointmentShiftNumber ?? (a.appointmentShift === 'Morning' ? 1 : 2) };
}

describe('appointment capacity changed mid-season', () => {
  it('counts uncapped bookings against a cap set later, and honours a lowered cap', async () => {
    await setConfig('PerDayLimit', '0');
    const uncapped = [await register(), await register(), await register()];
    const first = uncapped[0].date;
    expect(uncapped.every((a) => a.date === first)).toBe(true);
    const counts = await shiftCounts([first]);
    expect(counts.reduce((n, c) => n + c.booked, 0)).toBe(3);

    // A cap of 4 (2 + 2): the first day already holds 3, so one more fits there, then the next working day.
    await setConfig('PerDayLimit', '4');
    const fourth = await register();
    expect(fourth.date).toBe(first);
    const fifth = await register();
    expect(fifth.date > first).toBe(true);
    const afterCap = await shiftCounts([first]);
    expect(afterCap.reduce((n, c) => n + c.booked, 0)).toBe(4);

    // Lowered to 2 (1 + 1): the second day holds 1, so it takes one more and the next goes further on.
    await setConfig('PerDayLimit', '2');
    const sixth = await register();
    expect(sixth.date).toBe(fifth.date);
    const seventh = await register();
    expect(seventh.date > fifth.date).toBe(true);
    for (const c of await shiftCounts([fifth.date, seventh.date])) expect(c.booked).toBeLessThanOrEqual(1);
  });
});
