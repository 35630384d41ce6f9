import { GetCommand, TransactWriteCommand, UpdateCommand } from '@functions/lib/dynamo-commands';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readPool, release } from '@functions/allocation/pool';
import { dueKey } from '@functions/allocation/entries';
import { docClient, setDocClientForTests, tableName } from '@functions/lib/aws';
import { getRegistration, regKey } from '@functions/registrations/registration-entity';
import { kolkataDate } from '@shared/schemas/registration';
import { useCrops } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { newRegistration } from '../support/steps';

/**
 * A sale moves the registration's promise to sold in its crop's stock pool and deletes its due entry, in the
 * sale's own transaction (docs/decisions/0022-allocation.md, section 7); only a confirmed registration (or
 * one stored before allocation) can be billed; promised + sold never exceed the stock
 * (docs/invariants.md#7-promised-within-stock).
 */
const { api, tokens } = useTestApi('admin', 'seller');
const YEAR = Number(kolkataDate(new Date()).slice(0, 4));
const KG = 1000;
let realClient: ReturnType<typeof docClient>;
let producerID: number;
let seq = 0;

beforeAll(async () => {
  realClient = docClient();
  const p = await api.call('POST', '/api/producers', {
    token: tokens.admin,
    body: { name: 'Pool Sales Producer', aadhaarNumber: '734512349878', contactNumber: '9876543210', address: 'Kalyanpur' },
  });
  expect(p.status, p.text).toBe(201);
  producerID = p.json.producerID;
});
afterEach(() => setDocClientForTests(undefined));

/** A crop asked for in kg (1 to 6), with a lot of `stockKg` for the year (none when 0); its name for the form. */
async function cropWithStock(stockKg: number, year = YEAR) {
  const cropName = `Pool Gram ${++seq}`;
  const c = await api.call('POST', '/api/crops', {
    token: tokens.admin,
    body: { cropName, description: 'seed', rules: { unit: 'kg', bagSizeKg: 1, minQty: 1, maxQty: 6, defaultQty: 1 } },
  });
  expect(c.status, c.text).toBe(201);
  useCrops({ [cropName]: c.json.cropID });
  const lotID = stockKg > 0 ? await lot(c.json.cropID, stockKg, year) : undefined;
  return { cropID: c.json.cropID as number, cropName, lotID };
}
async function lot(cropID: number, kg: number, year = YEAR) {
  const r = await api.call('POST', '/api/lots', {
    token: tokens.admin,
    body: { producerID, cropID, year, quantityAvailable: kg, pricePerUnit: 10 },
  });
  expect(r.status, r.text).toBe(201);
  return r.json.lotID as number;
}
async function register(cropName: string, kg: number) {
  const data = await newRegistration(api, { cropName, bagsRequested: kg });
  return { id: data.id as number, year: data.year as number, status: data.status as string };
}
const sell = (
  reg: { id: number; year: number },
  lotID: number,
  kg: number,
  o: { token?: string; overRequested?: boolean } = {},
) =>
  api.call('POST', '/api/sales/make', {
    token: o.token ?? tokens.seller,
    body: { lotID, registrationID: reg.id, year: reg.year, bags: kg, bagSizeKg: 1, paymentMode: 'Cash', ...o },
  });

async function poolKg(cropID: number, year = YEAR) {
  const p = await readPool(cropID, year);
  expect(p.promisedGrams + p.soldGrams).toBeLessThanOrEqual(p.stockGrams);
  expect(p.freeGrams).toBe(p.stockGrams - p.soldGrams - p.promisedGrams);
  return { stock: p.stockGrams / KG, promised: p.promisedGrams / KG, sold: p.soldGrams / KG, free: p.freeGrams / KG };
}
async function dueEntryOf(reg: { id: number; year: number }, cropID: number) {
  const stored = await getRegistration(reg.year, reg.id, true);
  const out = await realClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: dueKey(stored!.appointmentDate!, cropID, reg.year, reg.id),
      ConsistentRead: true,
    }),
  );
  return out.Item;
}
const lotUsedKg = async (lotID: number) =>
  (await api.call('GET', `/api/lots/${lotID}`, { token: tokens.admin })).json.quantityUsed as number;
const setStatus = (reg: { id: number; year: number }, status: string) =>
  realClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: regKey(reg.year, reg.id),
      UpdateExpression: 'SET #s = :s',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':s': status },
    }),
  );

describe('a sale and the pool', () => {
  it("moves the registration's promise to sold and deletes its due entry", async () => {
    const c = await cropWithStock(100);
    const reg = await register(c.cropName, 5);
    expect(reg.status).toBe('confirmed');
    expect(await dueEntryOf(reg, c.cropID)).toBeDefined();
    expect(await poolKg(c.cropID)).toEqual({ stock: 100, promised: 5, sold: 0, free: 95 });

    const r = await sell(reg, c.lotID!, 5);
    expect(r.status, r.text).toBe(201);
    expect(await poolKg(c.cropID)).toEqual({ stock: 100, promised: 0, sold: 5, free: 95 });
    expect(await dueEntryOf(reg, c.cropID)).toBeUndefined();
    expect(await getRegistration(reg.year, reg.id, true)).toMatchObject({ status: 'confirmed', isBilled: true });

    // Less than promised: the rest is free again.
    const less = await register(c.cropName, 5);
    expect((await sell(less, c.lotID!, 3)).status).toBe(201);
    expect(await poolKg(c.cropID)).toEqual({ stock: 100, promised: 0, sold: 8, free: 92 });
  });

  it("sells beyond the promise (an admin's override) only from free stock, never from what others were promised", async () => {
    const c = await cropWithStock(10);
    const a = await register(c.cropName, 5);
    const b = await register(c.cropName, 5);
    expect([a.status, b.status]).toEqual(['confirmed', 'confirmed']);
    const refused = await sell(a, c.lotID!, 6, { token: tokens.admin, overRequested: true });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(
      'इस फसल का बाकी स्टॉक दूसरे किसानों को देने का वादा हो चुका है: इस पंजीकरण के वादे से 1 किलो अधिक नहीं दिया जा सकता; 0 किलो खाली है / ' +
        "The rest of this crop's stock is promised to other farmers: 1 kg beyond this registration's promise cannot be sold; 0 kg are free",
    );
    expect(await lotUsedKg(c.lotID!)).toBe(0);
    expect(await poolKg(c.cropID)).toEqual({ stock: 10, promised: 10, sold: 0, free: 0 });

    await lot(c.cropID, 1);
    const sold = await sell(a, c.lotID!, 6, { token: tokens.admin, overRequested: true });
    expect(sold.status, sold.text).toBe(201);
    expect(await poolKg(c.cropID)).toEqual({ stock: 11, promised: 5, sold: 6, free: 0 });
  });

  it('moves many sales at once exactly: promised + sold stay within the stock', async () => {
    const c = await cropWithStock(60);
    const regs = [];
    for (let i = 0; i < 20; i++) regs.push(await register(c.cropName, 3));
    expect(await poolKg(c.cropID)).toMatchObject({ promised: 60, free: 0 });
    const replies = await Promise.all(regs.map((reg, i) => sell(reg, c.lotID!, i % 2 ? 3 : 2)));
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(await poolKg(c.cropID)).toEqual({ stock: 60, promised: 0, sold: 50, free: 10 });
  });

  it("sells a lot of last year's from that year's pool, and gives the registration's promise back to its own", async () => {
    const c = await cropWithStock(20);
    const old = await lot(c.cropID, 30, YEAR - 1);
    const reg = await register(c.cropName, 4);
    expect((await sell(reg, old, 4)).status).toBe(201);
    expect(await poolKg(c.cropID)).toEqual({ stock: 20, promised: 0, sold: 0, free: 20 });
    expect(await poolKg(c.cropID, YEAR - 1)).toEqual({ stock: 30, promised: 0, sold: 4, free: 26 });
  });

  it('bills a registration stored before allocation (no status, no promise, no due entry) from free stock', async () => {
    const c = await cropWithStock(10);
    const reg = await register(c.cropName, 4);
    // As stored before allocation: the promise given back, no status, no promised grams, no due entry.
    const stored = await getRegistration(reg.year, reg.id, true);
    await realClient.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: regKey(reg.year, reg.id),
              UpdateExpression: 'REMOVE #s, promisedGrams',
              ExpressionAttributeNames: { '#s': 'status' },
            },
          },
          { Delete: { TableName: tableName(), Key: dueKey(stored!.appointmentDate!, c.cropID, reg.year, reg.id) } },
        ],
      }),
    );
    await release(c.cropID, YEAR, 4 * KG);
    expect(await poolKg(c.cropID)).toMatchObject({ promised: 0, free: 10 });

    const r = await sell(reg, c.lotID!, 4);
    expect(r.status, r.text).toBe(201);
    expect(await poolKg(c.cropID)).toEqual({ stock: 10, promised: 0, sold: 4, free: 6 });
  });
});

describe('only a confirmed registration is billed', () => {
  it('refuses a waitlisted registration with its position (409, Hindi and English), nothing sold', async () => {
    const none = await cropWithStock(0);
    const other = await cropWithStock(100);
    const reg = await register(none.cropName, 2);
    expect(reg.status).toBe('waitlisted');
    // Refused for its status before anything about the lot is looked at.
    const refused = await sell(reg, other.lotID!, 2);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(
      'यह पंजीकरण प्रतीक्षा सूची में है (स्थान 1): इसे अभी बीज का वादा नहीं है, इसलिए इसका बिल नहीं बन सकता / ' +
        'This registration is on the waiting list (position 1): no seed is promised to it yet, so it cannot be billed',
    );
    expect(await lotUsedKg(other.lotID!)).toBe(0);
  });

  it('refuses applied, expired and cancelled registrations, each saying which', async () => {
    const c = await cropWithStock(100);
    const cases: [string, RegExp][] = [
      ['applied', /waiting for the draw: no seed is promised to it yet, so it cannot be billed$/],
      ['expired', /This registration expired \(the seed was not collected by its last day\), so it cannot be billed$/],
      ['cancelled', /This registration was cancelled, so it cannot be billed$/],
    ];
    for (const [status, message] of cases) {
      const reg = await register(c.cropName, 2);
      await setStatus(reg, status);
      const r = await sell(reg, c.lotID!, 2);
      expect(r.status, status).toBe(409);
      expect(r.json.message).toMatch(message);
      expect(r.json.message).toMatch(/[\u0900-\u097F]/);
      expect((await getRegistration(reg.year, reg.id, true))?.isBilled).toBe(false);
    }
    expect(await lotUsedKg(c.lotID!)).toBe(0);
  });

  it("refuses in the sale's transaction a registration cancelled after the sale read it", async () => {
    const c = await cropWithStock(100);
    const reg = await register(c.cropName, 2);
    const before = await poolKg(c.cropID);
    let cancelled = false;
    // Cancelled (as the cancellation would) between the sale's reads and its transaction.
    setDocClientForTests(
      new Proxy(realClient, {
        get(target, prop, receiver) {
          if (prop !== 'send') return Reflect.get(target, prop, receiver);
          return async (cmd: { constructor: { name: string } }) => {
            if (cmd.constructor.name === 'TransactWriteCommand' && !cancelled) {
              cancelled = true;
              await setStatus(reg, 'cancelled');
            }
            return target.send(cmd as never);
          };
        },
      }),
    );
    const r = await sell(reg, c.lotID!, 2);
    expect(cancelled).toBe(true);
    expect(r.status).toBe(409);
    expect(r.json.message).toMatch(/This registration was cancelled, so it cannot be billed$/);
    setDocClientForTests(undefined);
    expect(await lotUsedKg(c.lotID!)).toBe(0);
    expect(await poolKg(c.cropID)).toEqual(before);
    expect(await dueEntryOf(reg, c.cropID)).toBeDefined();
  });
});
