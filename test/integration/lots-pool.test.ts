import { afterEach, describe, expect, it } from 'vitest';
import { promise, readPool } from '@functions/allocation/pool';
import { docClient, setDocClientForTests } from '@functions/lib/aws';
import { getRegistration } from '@functions/registrations/registration-entity';
import { testAadhaar, useCrops } from '../fixtures/registration-helpers';
import { faulty, named } from '../support/faulty-client';
import { useTestApi } from '../support/integration';
import { newRegistration } from '../support/steps';

/**
 * Lot writes move the crop's stock pool in their own transaction (docs/decisions/0022-allocation.md,
 * section 1): creation adds the lot, an edit adds the difference (or moves the lot between two crops'
 * pools), a deletion takes it out; nothing takes the stock below what is promised and sold
 * (docs/invariants.md#7-promised-within-stock).
 */
const { api, tokens } = useTestApi('admin');
const YEAR = new Date().getFullYear();
const KG = 1000;

let seq = 0;
async function producer() {
  const r = await api.call('POST', '/api/producers', {
    token: tokens.admin,
    body: {
      name: `Pool Producer ${++seq}`,
      aadhaarNumber: testAadhaar(`6${String(seq).padStart(10, '0')}`),
      contactNumber: '9876543210',
      address: 'Kalyanpur, Kanpur',
    },
  });
  expect(r.status, r.text).toBe(201);
  return r.json.producerID as number;
}
/** A crop asked for in kg (1 to 6 kg), known to the registration helpers by its name. */
async function crop() {
  const cropName = `Pool Crop ${++seq}`;
  const r = await api.call('POST', '/api/crops', {
    token: tokens.admin,
    body: { cropName, description: 'seed', rules: { unit: 'kg', bagSizeKg: 1, minQty: 1, maxQty: 6, defaultQty: 1 } },
  });
  expect(r.status, r.text).toBe(201);
  useCrops({ [cropName]: r.json.cropID });
  names.set(r.json.cropID, cropName);
  return r.json.cropID as number;
}
const names = new Map<number, string>();
/** The crop's names as a message gives them: Hindi (the English name when it has none) and English. */
async function cropName(cropID: number) {
  const r = await api.call('GET', `/api/crops/${cropID}`, { token: tokens.admin });
  expect(r.status, r.text).toBe(200);
  return { hi: (r.json.cropNameHi as string) || (r.json.cropName as string), en: r.json.cropName as string };
}

/** Registers a farmer for `kg` of the crop; its number and the status it was given. */
async function register(cropID: number, kg: number) {
  const data = await newRegistration(api, { cropName: names.get(cropID), bagsRequested: kg });
  return { id: data.id as number, year: data.year as number, status: data.status as string };
}
const statusOf = async (reg: { id: number; year: number }) => {
  const stored = await getRegistration(reg.year, reg.id, true);
  return { status: stored?.status, dated: Boolean(stored?.appointmentDate) };
};
async function lot(producerID: number, cropID: number, kg: number) {
  const r = await api.call('POST', '/api/lots', {
    token: tokens.admin,
    body: { producerID, cropID, year: YEAR, quantityAvailable: kg, pricePerUnit: 10 },
  });
  expect(r.status, r.text).toBe(201);
  return r.json.lotID as number;
}
const edit = (id: number, cropID: number, kg: number) =>
  api.call('PUT', `/api/lots/${id}`, {
    token: tokens.admin,
    body: { cropID, year: YEAR, quantityAvailable: kg, pricePerUnit: 10 },
  });
const remove = (id: number) => api.call('DELETE', `/api/lots/${id}`, { token: tokens.admin });

/** The pool's stock and free grams in kg, with the invariant checked. */
async function poolKg(cropID: number) {
  const p = await readPool(cropID, YEAR);
  expect(p.promisedGrams + p.soldGrams).toBeLessThanOrEqual(p.stockGrams);
  expect(p.freeGrams).toBe(p.stockGrams - p.soldGrams - p.promisedGrams);
  return { stock: p.stockGrams / KG, free: p.freeGrams / KG, promised: p.promisedGrams / KG };
}

afterEach(() => setDocClientForTests(undefined));

describe("a lot's stock in its crop's pool", () => {
  it('grows with a new lot and an edit up, shrinks with an edit down and a deletion', async () => {
    const p = await producer();
    const c = await crop();
    const a = await lot(p, c, 100);
    const b = await lot(p, c, 20.5);
    expect(await poolKg(c)).toMatchObject({ stock: 120.5, free: 120.5 });
    expect((await edit(a, c, 150)).status).toBe(200);
    expect(await poolKg(c)).toMatchObject({ stock: 170.5, free: 170.5 });
    expect((await edit(a, c, 40.25)).status).toBe(200);
    expect(await poolKg(c)).toMatchObject({ stock: 60.75, free: 60.75 });
    // A price change alone leaves the pool as it is.
    const priced = await api.call('PUT', `/api/lots/${b}`, {
      token: tokens.admin,
      body: { cropID: c, year: YEAR, quantityAvailable: 20.5, pricePerUnit: 11 },
    });
    expect(priced.status).toBe(200);
    expect(await poolKg(c)).toMatchObject({ stock: 60.75 });
    expect((await remove(b)).status).toBe(200);
    expect((await remove(a)).status).toBe(200);
    expect(await poolKg(c)).toMatchObject({ stock: 0, free: 0 });
  });

  it('refuses to take the stock below what is promised to farmers, with a clear bilingual 409', async () => {
    const p = await producer();
    const c = await crop();
    const a = await lot(p, c, 100);
    expect(await promise(c, YEAR, 60 * KG)).toBe(true);

    const below = await edit(a, c, 30);
    expect(below.status).toBe(409);
    const name = await cropName(c);
    expect(below.json.message).toBe(
      `${name.hi} का स्टॉक 60 किलो (वादा किया और बिका) से कम नहीं हो सकता / ` +
        `The stock of ${name.en} cannot go below 60 kg (promised and sold)`,
    );
    const deleted = await remove(a);
    expect(deleted.status).toBe(409);
    expect(deleted.json.message).toMatch(/cannot go below 60 kg \(promised and sold\)$/);
    // Nothing changed by the refusals.
    expect((await api.call('GET', `/api/lots/${a}`, { token: tokens.admin })).json.quantityAvailable).toBe(100);
    expect(await poolKg(c)).toMatchObject({ stock: 100, free: 40, promised: 60 });

    // Down to exactly what is promised is allowed.
    expect((await edit(a, c, 60)).status).toBe(200);
    expect(await poolKg(c)).toMatchObject({ stock: 60, free: 0 });
  });

  it('moves an unsold lot between the pools of two crops, and not away from promised stock', async () => {
    const p = await producer();
    const c1 = await crop();
    const c2 = await crop();
    const a = await lot(p, c1, 50);
    expect((await edit(a, c2, 70)).status).toBe(200);
    expect(await poolKg(c1)).toMatchObject({ stock: 0, free: 0 });
    expect(await poolKg(c2)).toMatchObject({ stock: 70, free: 70 });

    expect(await promise(c2, YEAR, 1 * KG)).toBe(true);
    const away = await edit(a, c1, 70);
    expect(away.status).toBe(409);
    expect(away.json.message).toMatch(
      new RegExp(
        `^इस लॉट के किलो .+ के किसानों को देने का वादा हो चुका है, इसलिए यह दूसरी फसल में नहीं जा सकता / This lot's kg are promised to farmers of ${(await cropName(c2)).en}, so it cannot move to another crop$`,
      ),
    );
    expect(await poolKg(c1)).toMatchObject({ stock: 0 });
    expect(await poolKg(c2)).toMatchObject({ stock: 70, free: 69 });
  });

  it('keeps the pool equal to the lots when edits of one lot race', async () => {
    const p = await producer();
    const c = await crop();
    const a = await lot(p, c, 10);
    const totals = Array.from({ length: 12 }, (_, i) => 10 + i * 7);
    const replies = await Promise.all(totals.map((kg) => edit(a, c, kg)));
    // Each edit is either made from what is stored (tried again when another came first) or refused whole.
    for (const r of replies) expect([200, 409], r.text).toContain(r.status);
    const stored = (await api.call('GET', `/api/lots/${a}`, { token: tokens.admin })).json.quantityAvailable;
    expect(await poolKg(c)).toMatchObject({ stock: stored, free: stored });
  });
});

describe('stock added promotes the waiting list', () => {
  it('confirms the waiting list in order when a lot is added and when one is raised', async () => {
    const p = await producer();
    const c = await crop();
    const regs = [await register(c, 3), await register(c, 3), await register(c, 3)];
    expect(regs.map((r) => r.status)).toEqual(['waitlisted', 'waitlisted', 'waitlisted']);

    const a = await lot(p, c, 7);
    expect(await Promise.all(regs.map(statusOf))).toEqual([
      { status: 'confirmed', dated: true },
      { status: 'confirmed', dated: true },
      { status: 'waitlisted', dated: false },
    ]);
    expect(await poolKg(c)).toMatchObject({ stock: 7, promised: 6, free: 1 });

    expect((await edit(a, c, 9)).status).toBe(200);
    expect(await statusOf(regs[2])).toEqual({ status: 'confirmed', dated: true });
    expect(await poolKg(c)).toMatchObject({ stock: 9, promised: 9, free: 0 });
    expect((await readPool(c, YEAR)).waiting).toBe(0);
  });

  it('writes the lot even when the promotion after it fails; the waiting list waits for the next run', async () => {
    const p = await producer();
    const c = await crop();
    const reg = await register(c, 2);
    const real = docClient();
    setDocClientForTests(
      faulty(real, (cmd) =>
        cmd.constructor.name === 'QueryCommand' && String(cmd.input.ExpressionAttributeValues?.[':pk']).startsWith('QUEUE#')
          ? named('ValidationException')
          : undefined,
      ),
    );
    await lot(p, c, 10);
    setDocClientForTests(undefined);
    expect(await statusOf(reg)).toEqual({ status: 'waitlisted', dated: false });
    expect(await poolKg(c)).toMatchObject({ stock: 10, free: 10 });
  });
});
