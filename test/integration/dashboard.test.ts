import { describe, expect, it } from 'vitest';
import { kolkataDay, lastDays } from '@functions/lib/stats';
import { useCrops } from '../fixtures/registration-helpers';
import { dashboardSummary, salesMadeToday } from '../fixtures/dashboard';
import { useTestApi } from '../support/integration';
import { newRegistration } from '../support/steps';

/**
 * GET /api/dashboard/summary: every field of the summary (docs/product-rules.md#dashboard-summary), moved by the real flows
 * (catalogue, registrations through the public API, sales), admins seeing all sales and sellers their own.
 */
const { api, tokens } = useTestApi({ streams: true }, 'admin', 'seller');

const summary = (token: string) => dashboardSummary(api, token);

describe('dashboard summary', () => {
  it('starts empty with every field present', async () => {
    const today = kolkataDay();
    const days = lastDays(today, 7);
    const s = await summary(tokens.admin);
    expect(s).toEqual({
      crops: {
        latestDay: null,
        latestDate: null,
        latestCount: 0,
        latestDateCount: 0,
        total: 0,
        last7Days: days.map((date) => ({ date, count: 0 })),
      },
      producersTotal: 0,
      producers: { total: 0, last7Days: days.map((date) => ({ date, count: 0 })) },
      registrations: { today: 0, total: 0, last7Days: days.map((date) => ({ date, count: 0 })) },
      sales: { totalAmount: 0, totalCount: 0, todayAmount: 0, todayCount: 0, scopedToUser: false, last10Amounts: [] },
      today,
      // The harness opened registrations (as after the first-run setup); the rest of the checklist is to do.
      setup: { producer: false, crop: false, lot: false, counterAddress: false, registrationsOpen: true },
    });
    const seller = await summary(tokens.seller);
    expect(seller.sales.scopedToUser).toBe(true);
    // The checklist is the admins': a seller can do none of it.
    expect(seller.setup).toBeUndefined();
  });

  it('counts crops, producers, registrations and sales; sellers see their own sales', async () => {
    const today = kolkataDay();
    const p = await api.call('POST', '/api/producers', {
      token: tokens.admin,
      body: { name: 'Dash Producer', aadhaarNumber: '734598761238', contactNumber: '9876543210', address: 'Kanpur' },
    });
    expect(p.status).toBe(201);
    const wheat = await api.call('POST', '/api/crops', { token: tokens.admin, body: { cropName: 'Wheat', description: '' } });
    await api.call('POST', '/api/crops', { token: tokens.admin, body: { cropName: 'Mustard', description: '' } });
    useCrops({ Wheat: wheat.json.cropID });
    const l = await api.call('POST', '/api/lots', {
      token: tokens.admin,
      body: { producerID: p.json.producerID, cropID: wheat.json.cropID, quantityAvailable: 1000, pricePerUnit: 30.5 },
    });
    expect(l.status).toBe(201);

    const regs: { id: number; year: number }[] = [];
    for (let i = 0; i < 4; i++) {
      // Each asks for what it is sold below (a sale may not exceed the request).
      const r = await newRegistration(api, { cropName: 'Wheat', bagsRequested: [1, 2, 3, 1][i] });
      regs.push({ id: r.id, year: r.year });
    }
    // The registration counters follow from the table's stream.
    await api.drainStreams();
    const sell = async (reg: { id: number; year: number }, bags: number, token: string) => {
      const r = await api.call('POST', '/api/sales/make', {
        token,
        body: { lotID: l.json.lotID, registrationID: reg.id, year: reg.year, bags, bagSizeKg: 40, paymentMode: 'Cash' },
      });
      expect(r.status, r.text).toBe(201);
      return r.json.totalAmount as number;
    };
    const a1 = await sell(regs[0], 1, tokens.seller);
    const a2 = await sell(regs[1], 2, tokens.admin);
    const a3 = await sell(regs[2], 3, tokens.seller);
    expect([a1, a2, a3]).toEqual([1220, 2440, 3660]);

    const all = await summary(tokens.admin);
    expect(all.crops).toMatchObject({ latestDay: today, latestCount: 2, total: 2 });
    expect(all.crops.last7Days.at(-1)).toEqual({ date: today, count: 2 });
    expect(all.producersTotal).toBe(1);
    expect(all.producers.total).toBe(1);
    expect(all.producers.last7Days.at(-1)).toEqual({ date: today, count: 1 });
    expect(all.registrations).toMatchObject({ today: 4, total: 4 });
    expect(all.registrations.last7Days).toHaveLength(7);
    expect(all.registrations.last7Days.at(-1)).toEqual({ date: today, count: 4 });
    expect(all.sales).toEqual(salesMadeToday([1220, 2440, 3660], false)); // 7,320

    const mine = await summary(tokens.seller);
    expect(mine.sales).toEqual(salesMadeToday([1220, 3660], true)); // 4,880
    // A refused sale changes nothing.
    const again = await api.call('POST', '/api/sales/make', {
      token: tokens.seller,
      body: { lotID: l.json.lotID, registrationID: regs[0].id, year: regs[0].year, bags: 1 },
    });
    expect(again.status).toBe(409);
    expect((await summary(tokens.seller)).sales.totalCount).toBe(2);
  });

  it('is for staff only', async () => {
    expect((await api.call('GET', '/api/dashboard/summary')).status).toBe(401);
    expect((await api.call('GET', '/api/dashboard/summary', { token: await api.tokenFor('user') })).status).toBe(403);
    const root = await summary(await api.tokenFor('super_admin'));
    expect(root.sales.scopedToUser).toBe(false);
  });
});
