import { beforeAll, describe, expect, it } from 'vitest';
import { getRegistration } from '@functions/registrations/registration-entity';
import { seedCrop, seedFormCrops, testAadhaar } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { newRegistration } from '../support/steps';

/**
 * A sale may not give more than the registration asked for, nor more than the crop's maximum; more needs an
 * admin who asks for it explicitly (overRequested), and the bill records it. Stock and the registration stay
 * untouched by a refused sale.
 */
const { api, tokens } = useTestApi('admin', 'super_admin', 'seller');
let adminId: number;
let crops: { wheat: number; chickpea: number; mustard: number };
let lentil: number;
let producerID: number;

beforeAll(async () => {
  crops = await seedFormCrops();
  lentil = await seedCrop('Lentil'); // no quantity rules: the form asks no quantity
  adminId = (await api.call('GET', '/auth/me', { token: tokens.admin })).json.userID;
  const p = await api.call('POST', '/api/producers', {
    token: tokens.admin,
    body: { name: 'Limits Producer', aadhaarNumber: testAadhaar('73451234111'), contactNumber: '9876543210' },
  });
  expect(p.status, p.text).toBe(201);
  producerID = p.json.producerID;
});

async function lot(cropID: number, kg = 2000) {
  const r = await api.call('POST', '/api/lots', {
    token: tokens.admin,
    body: { producerID, cropID, quantityAvailable: kg, pricePerUnit: 30 },
  });
  expect(r.status, r.text).toBe(201);
  return r.json as { lotID: number };
}

async function register(cropName: string, bagsRequested?: number) {
  const data = await newRegistration(api, { cropName, bagsRequested });
  return data as { id: number; year: number };
}

const sell = (
  token: string,
  reg: { id: number; year: number },
  lotID: number,
  bags: number,
  extra: Record<string, unknown> = {},
) =>
  api.call('POST', '/api/sales/make', {
    token,
    body: { registrationID: reg.id, year: reg.year, lotID, bags, paymentMode: 'Cash', ...extra },
  });

async function stock(lotID: number) {
  return (await api.call('GET', `/api/lots/${lotID}`, { token: tokens.admin })).json as {
    quantityUsed: number;
    remaining: number;
  };
}

describe('a sale above what the farmer registered for', () => {
  it('refuses {"bags":10} against a 1-bag wheat registration: 400, stock and registration unchanged', async () => {
    const l = await lot(crops.wheat);
    const reg = await register('Wheat', 1);
    const before = await stock(l.lotID);
    // Exactly the attack: only registrationID, year, lot and bags.
    const r = await api.call('POST', '/api/sales/make', {
      token: tokens.seller,
      body: { registrationID: reg.id, year: reg.year, lotID: l.lotID, bags: 10 },
    });
    expect(r.status, r.text).toBe(400);
    expect(r.json.message).toMatch(/at most 1 bag without an admin's approval/);
    expect(r.json.fields).toEqual({ bags: 'At most 1' });
    const admins = await sell(tokens.admin, reg, l.lotID, 10);
    expect(admins.status, 'an admin who does not ask is refused too').toBe(400);
    expect(await stock(l.lotID)).toEqual(before);
    expect((await getRegistration(reg.year, reg.id, true))?.isBilled).toBe(false);
    // What was asked is sold.
    const ok = await sell(tokens.seller, reg, l.lotID, 1);
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json.quantityKg).toBe(40);
  });

  it('holds the crop’s maximum and the kg asked for crops sold by the kg', async () => {
    const chickpeaLot = await lot(crops.chickpea);
    const reg = await register('Chickpea', 2);
    expect((await sell(tokens.seller, reg, chickpeaLot.lotID, 3)).status).toBe(400);
    expect((await sell(tokens.seller, reg, chickpeaLot.lotID, 2)).status).toBe(201);
    // A crop the form asked no quantity for: the crop's maximum (10 kg) is the limit.
    const lentilLot = await lot(lentil);
    const noQty = await register('Lentil');
    expect((await sell(tokens.seller, noQty, lentilLot.lotID, 11)).status).toBe(400); // beyond the sale schema too
    expect((await sell(tokens.seller, noQty, lentilLot.lotID, 10)).status).toBe(201);
  });

  it('does not let a seller override: 403 with a clear message, nothing sold', async () => {
    const l = await lot(crops.wheat);
    const reg = await register('Wheat', 1);
    const before = await stock(l.lotID);
    for (const bags of [3, 1]) {
      const r = await sell(tokens.seller, reg, l.lotID, bags, { overRequested: true });
      expect(r.status, r.text).toBe(403);
      expect(r.json.message).toMatch(/Only an admin may sell more than the registration asked for/);
    }
    expect(await stock(l.lotID)).toEqual(before);
    expect((await getRegistration(reg.year, reg.id, true))?.isBilled).toBe(false);
    // Not a flag of another type either.
    expect((await sell(tokens.admin, reg, l.lotID, 3, { overRequested: 'yes' })).status).toBe(400);
  });

  it('sells above the request on an admin’s explicit override and records it on the bill', async () => {
    const l = await lot(crops.wheat);
    const reg = await register('Wheat', 1);
    const r = await sell(tokens.admin, reg, l.lotID, 3, { overRequested: true });
    expect(r.status, r.text).toBe(201);
    expect(r.json.quantityKg).toBe(120);
    expect(await stock(l.lotID)).toMatchObject({ quantityUsed: 120 });

    const bill = await api.call('GET', `/api/invoices/by-number/${r.json.invoiceNumber}`, { token: tokens.admin });
    expect(bill.status).toBe(200);
    expect(bill.json.aboveRequest).toEqual({ requestedKg: 40, limitKg: 40, byUserId: adminId, byName: expect.any(String) });
    const listed = await api.call('GET', '/api/invoices', { token: tokens.seller, query: { number: r.json.invoiceNumber } });
    expect(listed.json.items[0].aboveRequest).toMatchObject({ requestedKg: 40, byUserId: adminId });
    // Not on the public answer.
    const pub = await api.call('GET', `/api/invoices/by-number/${r.json.invoiceNumber}`);
    expect(pub.json.aboveRequest).toBeUndefined();

    // A super_admin may too; a sale within the request carries no mark even with the flag.
    const reg2 = await register('Wheat', 2);
    const within = await sell(tokens.super_admin, reg2, l.lotID, 2, { overRequested: true });
    expect(within.status, within.text).toBe(201);
    const bill2 = await api.call('GET', `/api/invoices/by-number/${within.json.invoiceNumber}`, { token: tokens.admin });
    expect(bill2.json.aboveRequest).toBeUndefined();
  });
});
