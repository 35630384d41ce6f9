import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '@functions/allocation/appointments';
import { kolkataDate } from '@shared/schemas/registration';
import { useTestApi } from '../support/integration';
import { seedFormCrops } from '../fixtures/registration-helpers';
import { saveConfig, newRegistration } from '../support/steps';

/**
 * GET /api/appointments/capacity: the next working days as the booking path offers them, with the shift
 * counters' bookings against today's PerDayLimit split. A table of its own, so the days start empty.
 */
const { api, tokens } = useTestApi('super_admin', 'admin', 'seller');
const start = addDays(kolkataDate(), 10);

const setConfig = (key: string, value: string) => saveConfig(api, tokens.super_admin, key, value);

const capacity = (query = '') => api.call('GET', `/api/appointments/capacity${query}`, { token: tokens.admin });

beforeAll(async () => {
  await seedFormCrops();
  await setConfig('AppointmentStartDate', start);
  await setConfig('WeeklyOffDay', '-1');
  await setConfig('Holidays', '');
  await setConfig('ShiftLabels', 'Morning 10-1|Afternoon 2-5');
});

describe('capacity at a glance', () => {
  it('shows bookings against each shift of the next 14 working days', async () => {
    await setConfig('PerDayLimit', '5');
    for (let i = 0; i < 2; i++) {
      await newRegistration(api, { cropName: 'Wheat', bagsRequested: 1 });
    }
    const r = await capacity();
    expect(r.status, r.text).toBe(200);
    expect(r.json.perDayLimit).toBe(5);
    expect(r.json.days).toHaveLength(14);
    expect(r.json.days.map((d: { date: string }) => d.date)).toEqual(Array.from({ length: 14 }, (_, i) => addDays(start, i)));
    expect(r.json.days[0]).toEqual({
      date: start,
      weekday: weekdayOf(start),
      shifts: [
        { shift: 1, label: 'Morning 10-1', booked: 2, capacity: 3 },
        { shift: 2, label: 'Afternoon 2-5', booked: 0, capacity: 2 },
      ],
    });
    expect(r.json.days[1].shifts.map((s: { booked: number }) => s.booked)).toEqual([0, 0]);
  });

  it('leaves out the weekly off day and holidays, and takes the number of days asked for', async () => {
    const off = addDays(start, 1);
    const holiday = addDays(start, 3);
    await setConfig('WeeklyOffDay', String(weekdayOf(off)));
    await setConfig('Holidays', holiday);
    const r = await capacity('?days=4');
    expect(r.status, r.text).toBe(200);
    expect(r.json.days.map((d: { date: string }) => d.date)).toEqual([
      start,
      addDays(start, 2),
      addDays(start, 4),
      addDays(start, 5),
    ]);
    await setConfig('WeeklyOffDay', '-1');
    await setConfig('Holidays', '');
  });

  it('has no capacity figure when PerDayLimit is 0, and still counts the bookings', async () => {
    await setConfig('PerDayLimit', '0');
    const r = await capacity('?days=1');
    expect(r.status).toBe(200);
    expect(r.json.days[0].shifts).toEqual([
      { shift: 1, label: 'Morning 10-1', booked: 2, capacity: null },
      { shift: 2, label: 'Afternoon 2-5', booked: 0, capacity: null },
    ]);
  });

  it('refuses a bad number of days with a 400 and other roles than admin with a 403', async () => {
    for (const days of ['0', '61', 'abc', '2.5']) {
      const r = await capacity(`?days=${days}`);
      expect(r.status, days).toBe(400);
      expect(r.json.message).toMatch(/days must be a number from 1 to 60/);
    }
    const seller = await api.call('GET', '/api/appointments/capacity', { token: tokens.seller });
    expect(seller.status).toBe(403);
    expect((await api.call('GET', '/api/appointments/capacity')).status).toBe(401);
  });
});
