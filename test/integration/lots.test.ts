import { TransactWriteCommand, UpdateCommand } from '@functions/lib/dynamo-commands';
import { fixtureAudit } from '@test/support/fixture-audit';
import { beforeAll, describe, expect, it } from 'vitest';
import { docClient, setDocClientForTests, tableName } from '@functions/lib/aws';
import { insertLotWithCode } from '@functions/lots/repository';
import { testAadhaar } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { expectEachNotFound } from '../support/api-checks';
import { faulty, named } from '../support/faulty-client';

const { api, tokens } = useTestApi('admin', 'seller');
const YEAR = new Date().getFullYear();
const YY = String(YEAR % 100).padStart(2, '0');

let seq = 0;
async function producer(name = `Producer ${++seq}`) {
  const aadhaarNumber = testAadhaar(`7${String(++seq).padStart(10, '0')}`);
  const r = await api.call('POST', '/api/producers', {
    token: tokens.admin,
    body: { name, aadhaarNumber, contactNumber: '9876543210', address: 'Kalyanpur, Kanpur' },
  });
  expect(r.status, r.text).toBe(201);
  return { ...(r.json as { producerID: number; name: string }), aadhaarNumber };
}
async function crop(cropName = `Crop ${++seq}`) {
  const r = await api.call('POST', '/api/crops', {
    token: tokens.admin,
    body: { cropName, description: `${cropName} foundation seed` },
  });
  expect(r.status, r.text).toBe(201);
  return r.json as { cropID: number; cropName: string };
}
/** The next lot code of this producer for this year, as the form previews it. */
async function previewCode(producerId: number): Promise<string> {
  return (await api.call('GET', '/api/lots/preview-code', { token: tokens.admin, query: { producerId, year: YEAR } })).json
    .lotCode;
}
/** A lot of producer `p` and crop `c` for this year, with these other fields. */
const lotOf = (p: { producerID: number }, c: { cropID: number }, fields: Record<string, unknown> = {}) =>
  createLot({ producerID: p.producerID, cropID: c.cropID, year: YEAR, ...fields });
async function createLot(body: Record<string, unknown>) {
  return api.call('POST', '/api/lots', { token: tokens.admin, body });
}
/** What the sales area will do in its transaction: move grams from remaining to used, never below zero. */
async function simulateSale(lotID: number, kg: number) {
  const g = Math.round(kg * 1000);
  await docClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: `LOT#${lotID}`, sk: 'LOT' },
      UpdateExpression: 'SET usedGrams = usedGrams + :g, remainingGrams = remainingGrams - :g',
      ConditionExpression: 'remainingGrams >= :g',
      ExpressionAttributeValues: { ':g': g },
    }),
  );
}

describe('lot codes', () => {
  it('previews the next code without reserving it, then assigns exactly that code', async () => {
    const p = await producer();
    const c = await crop();
    const q = { producerId: p.producerID, year: YEAR, isSubsidized: true };
    const first = await api.call('GET', '/api/lots/preview-code', { token: tokens.admin, query: q });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ lotCode: `S${YY}P${p.producerID}-001` });
    const again = await api.call('GET', '/api/lots/preview-code', { token: tokens.admin, query: q });
    expect(again.json.lotCode).toBe(first.json.lotCode);

    const made = await lotOf(p, c, { quantityAvailable: 100, pricePerUnit: 50, isSubsidized: true });
    expect(made.status, made.text).toBe(201);
    expect(made.json.lotCode).toBe(first.json.lotCode);

    // The sequence is per producer and year, shared by subsidised and non-subsidised lots.
    const nextN = await api.call('GET', '/api/lots/preview-code', { token: tokens.admin, query: { ...q, isSubsidized: false } });
    expect(nextN.json.lotCode).toBe(`N${YY}P${p.producerID}-002`);
    const n = await lotOf(p, c, { quantityAvailable: 1, pricePerUnit: 1, isSubsidized: false });
    expect(n.json.lotCode).toBe(`N${YY}P${p.producerID}-002`);
    // Another year starts again at 001; years outside 2000-2099 are written in full.
    const y2000 = await createLot({
      producerID: p.producerID,
      cropID: c.cropID,
      year: 2000,
      quantityAvailable: 1,
      pricePerUnit: 1,
    });
    expect(y2000.json.lotCode).toBe(`N00P${p.producerID}-001`);
    const y2126 = await createLot({
      producerID: p.producerID,
      cropID: c.cropID,
      year: 2126,
      quantityAvailable: 1,
      pricePerUnit: 1,
    });
    expect(y2126.json.lotCode).toBe(`N2126P${p.producerID}-001`);
    // The year defaults to the current one.
    const dflt = await createLot({ producerID: p.producerID, cropID: c.cropID, quantityAvailable: 1, pricePerUnit: 1 });
    expect(dflt.json).toMatchObject({ year: YEAR, lotCode: `N${YY}P${p.producerID}-003` });
  });

  it('gives 50 concurrent creations for one producer and year 50 distinct consecutive codes', async () => {
    const p = await producer();
    const c = await crop();
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        lotOf(p, c, { quantityAvailable: i + 1, pricePerUnit: 10, isSubsidized: i % 2 === 0 }),
      ),
    );
    for (const r of replies) expect(r.status, r.text).toBe(201);
    const seqs = replies.map((r) => Number(/-(\d+)$/.exec(r.json.lotCode)![1])).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(replies.map((r) => r.json.lotID)).size).toBe(50);
    for (const r of replies) {
      expect(r.json.lotCode).toMatch(new RegExp(`^${r.json.isSubsidized ? 'S' : 'N'}${YY}P${p.producerID}-\\d{3}$`));
    }
    const list = await api.call('GET', '/api/lots', { token: tokens.admin, query: { producerId: p.producerID, take: 100 } });
    expect(list.json).toHaveLength(50);
    expect(await previewCode(p.producerID)).toBe(`N${YY}P${p.producerID}-051`);
  });

  it('gives the reserved number back when the creating transaction is refused', async () => {
    const p = await producer();
    const c = await crop();
    await api.call('DELETE', `/api/crops/${c.cropID}`, { token: tokens.admin });
    // Straight to the repository, as if the crop had been inactivated after the service's check.
    const out = await insertLotWithCode(
      {
        lotID: 900001,
        producerID: p.producerID,
        cropID: c.cropID,
        year: YEAR,
        isSubsidized: false,
        totalGrams: 1000,
        usedGrams: 0,
        remainingGrams: 1000,
        pricePaise: 100,
        createdOn: new Date().toISOString(),
      },
      (lot) => fixtureAudit('lot.create').put({ type: 'lot', id: lot.lotID }),
    );
    expect(out).toEqual({ ok: false, reason: 'crop' });
    expect((await api.call('GET', '/api/lots/900001', { token: tokens.admin })).status).toBe(404);
    expect(await previewCode(p.producerID)).toBe(`N${YY}P${p.producerID}-001`);
  });

  it('survives conflicts and lost answers on the creating transaction: no code twice, no lot twice', async () => {
    const p = await producer();
    const c = await crop();
    // Every lot-creating transaction: 1st attempt conflicts, 2nd is applied but its answer is lost,
    // 3rd (the same request token) finds it applied.
    const attempts = new Map<string, number>();
    setDocClientForTests(
      faulty(docClient(), (cmd) => {
        const pk = String(cmd.input?.TransactItems?.[1]?.Put?.Item?.pk ?? '');
        if (!(cmd instanceof TransactWriteCommand) || !pk.startsWith('LOTCODE#')) return undefined;
        const n = (attempts.get(pk) ?? 0) + 1;
        attempts.set(pk, n);
        if (n === 1) {
          return named('TransactionCanceledException', {
            CancellationReasons: [{ Code: 'None' }, { Code: 'None' }, { Code: 'TransactionConflict' }, { Code: 'None' }],
          });
        }
        return n === 2 ? 'after' : undefined;
      }),
    );
    try {
      const replies = await Promise.all(Array.from({ length: 5 }, () => lotOf(p, c, { quantityAvailable: 10, pricePerUnit: 5 })));
      for (const r of replies) expect(r.status, r.text).toBe(201);
      expect(replies.map((r) => r.json.lotCode).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `N${YY}P${p.producerID}-00${n}`));
      expect([...attempts.values()]).toEqual([3, 3, 3, 3, 3]);
    } finally {
      setDocClientForTests(undefined);
    }
    const list = await api.call('GET', '/api/lots', { token: tokens.admin, query: { producerId: p.producerID, take: 100 } });
    expect(list.json).toHaveLength(5);
    const next = await lotOf(p, c, { quantityAvailable: 10, pricePerUnit: 5 });
    expect(next.json.lotCode).toBe(`N${YY}P${p.producerID}-006`);
  });

  it('refuses a preview without a valid producer', async () => {
    const missing = await api.call('GET', '/api/lots/preview-code', { token: tokens.admin, query: { year: YEAR } });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe('Producer required');
    const unknown = await api.call('GET', '/api/lots/preview-code', { token: tokens.admin, query: { producerId: 99999 } });
    expect(unknown.status).toBe(404);
    const badYear = await api.call('GET', '/api/lots/preview-code', {
      token: tokens.admin,
      query: { producerId: 1, year: 1999 },
    });
    expect(badYear.status).toBe(400);
    expect(badYear.json.message).toBe('Year invalid');
  });
});

describe('lots: create and read', () => {
  it('stores kg and rupees exactly and reports producer and crop details', async () => {
    const p = await producer('Hari Om Seeds');
    const c = await crop('Wheat HD-2967');
    const r = await lotOf(p, c, { quantityAvailable: 1234.56, pricePerUnit: 42.1, isSubsidized: true });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      producerID: p.producerID,
      producerName: 'Hari Om Seeds',
      producerAadhaarLast4: p.aadhaarNumber.slice(-4),
      producerContact: '9876543210',
      producerAddress: 'Kalyanpur, Kanpur',
      cropID: c.cropID,
      cropName: 'Wheat HD-2967',
      cropDescription: 'Wheat HD-2967 foundation seed',
      year: YEAR,
      quantityAvailable: 1234.56,
      quantityUsed: 0,
      remaining: 1234.56,
      pricePerUnit: 42.1,
      isSubsidized: true,
    });
    expect(r.text).not.toContain(p.aadhaarNumber);
    const read = await api.call('GET', `/api/lots/${r.json.lotID}`, { token: tokens.seller });
    expect(read.status).toBe(200);
    expect(read.json).toEqual(r.json);
  });

  it('refuses unknown and inactive producers and crops with a clear 400', async () => {
    const p = await producer();
    const c = await crop();
    const offP = await producer('Dormant Producer');
    await api.call('DELETE', `/api/producers/${offP.producerID}`, { token: tokens.admin });
    const offC = await crop('Dormant Crop');
    await api.call('DELETE', `/api/crops/${offC.cropID}`, { token: tokens.admin });
    const base = { producerID: p.producerID, cropID: c.cropID, year: YEAR, quantityAvailable: 10, pricePerUnit: 10 };
    const cases: [Record<string, unknown>, string][] = [
      [{ producerID: 777777 }, 'Producer 777777 not found'],
      [{ cropID: 777777 }, 'Crop 777777 not found'],
      [{ producerID: offP.producerID }, 'Producer Dormant Producer is inactive: restore the producer first'],
      [{ cropID: offC.cropID }, 'Crop Dormant Crop is inactive: restore the crop first'],
    ];
    for (const [change, message] of cases) {
      const r = await createLot({ ...base, ...change });
      expect(r.status).toBe(400);
      expect(r.json.message).toBe(message);
    }
    // Nothing was written and no number was used up.
    expect(await previewCode(offP.producerID)).toBe(`N${YY}P${offP.producerID}-001`);
  });

  it('answers 404 for unknown lots and 400 for malformed ids', async () => {
    const unknown = [
      ['GET', '/api/lots/55555'],
      ['PUT', '/api/lots/55555'],
      ['DELETE', '/api/lots/55555'],
      ['GET', '/api/lots/55555/qrcode.png'],
      ['GET', '/api/lots/55555/qrcode.svg'],
    ] as const;
    const putBody = { cropID: 1, year: YEAR, quantityAvailable: 1, pricePerUnit: 1 };
    await expectEachNotFound(api, tokens.admin, unknown, 'Lot 55555 not found', putBody);
    const bad = await api.call('GET', '/api/lots/abc', { token: tokens.admin });
    expect(bad.status).toBe(400);
  });
});

// docs/product-rules.md#catalogue-and-farmer-forms-checks-and-messages
describe('lots: validation', () => {
  let base: Record<string, unknown>;
  beforeAll(async () => {
    const p = await producer();
    const c = await crop();
    base = { producerID: p.producerID, cropID: c.cropID, year: YEAR, quantityAvailable: 10, pricePerUnit: 10 };
  });
  const cases: [string, Record<string, unknown>, string | null][] = [
    ['producer missing', { producerID: undefined }, 'Producer required'],
    ['producer 0', { producerID: 0 }, 'Producer required'],
    ['crop missing', { cropID: undefined }, 'Crop required'],
    ['crop empty', { cropID: '' }, 'Crop required'],
    ['year 1999', { year: 1999 }, 'Year invalid'],
    ['year 2000', { year: 2000 }, null],
    ['year 3000', { year: 3000 }, null],
    ['year 3001', { year: 3001 }, 'Year invalid'],
    ['year 2025.5', { year: 2025.5 }, 'Year invalid'],
    ['quantity negative', { quantityAvailable: -1 }, 'Quantity must be >= 0'],
    ['quantity -0.01', { quantityAvailable: -0.01 }, 'Quantity must be >= 0'],
    ['quantity zero', { quantityAvailable: 0 }, null],
    ['quantity empty', { quantityAvailable: '' }, 'Quantity must be >= 0'],
    ['quantity missing', { quantityAvailable: undefined }, 'Quantity must be >= 0'],
    ['quantity with two decimals', { quantityAvailable: 0.01 }, null],
    ['quantity with three decimals', { quantityAvailable: 12.345 }, 'Quantity: at most 2 decimals (step 0.01 kg)'],
    ['price zero', { pricePerUnit: 0 }, null],
    ['price negative', { pricePerUnit: -0.01 }, 'Price must be >= 0'],
    ['price with two decimals', { pricePerUnit: 19.99 }, null],
    ['price with three decimals', { pricePerUnit: 10.555 }, 'Price: at most 2 decimals (step 0.01)'],
    ['isSubsidized not a boolean', { isSubsidized: 'yes' }, 'isSubsidized must be true or false'],
  ];
  it.each(cases)('%s', async (_name, change, message) => {
    const r = await createLot({ ...base, ...change });
    if (message === null) expect(r.status, r.text).toBe(201);
    else {
      expect(r.status, r.text).toBe(400);
      expect(r.json.message).toContain(message);
    }
  });

  it.each([
    ['year=abc', { year: 'abc' }, /year must be a number/],
    ['year=1999', { year: 1999 }, /Year invalid/],
    ['producerId=-1', { producerId: -1 }, /producerId must be positive/],
    ['cropId=x', { cropId: 'x' }, /cropId must be a number/],
    ['take=0', { take: 0 }, /take must be at least 1/],
    ['take=5000', { take: 5000 }, /take must be at most 1000/],
  ])('refuses a list query with %s', async (_n, query, message) => {
    const r = await api.call('GET', '/api/lots', { token: tokens.admin, query });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(message);
  });
});

describe('lots: edit, stock accounting, delete', () => {
  it('edits total and price, keeps used + remaining = total, ignores a quantityUsed sent by the client', async () => {
    const p = await producer();
    const c = await crop();
    const made = await lotOf(p, c, { quantityAvailable: 100, pricePerUnit: 20 });
    const id = made.json.lotID;
    await simulateSale(id, 30.5);
    const r = await api.call('PUT', `/api/lots/${id}`, {
      token: tokens.admin,
      body: { cropID: c.cropID, year: YEAR, quantityAvailable: 150.25, quantityUsed: 0, pricePerUnit: 22.5 },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      quantityAvailable: 150.25,
      quantityUsed: 30.5,
      remaining: 119.75,
      pricePerUnit: 22.5,
      lotCode: made.json.lotCode,
    });
    expect(r.json.quantityUsed + r.json.remaining).toBeCloseTo(r.json.quantityAvailable, 6);

    const below = await api.call('PUT', `/api/lots/${id}`, {
      token: tokens.admin,
      body: { cropID: c.cropID, year: YEAR, quantityAvailable: 30.49, pricePerUnit: 22.5 },
    });
    expect(below.status).toBe(400);
    expect(below.json.message).toBe('Total stock cannot be less than the quantity already used (30.5 kg)');
    expect(below.json.fields.quantityAvailable).toBe(below.json.message);

    const exact = await api.call('PUT', `/api/lots/${id}`, {
      token: tokens.admin,
      body: { cropID: c.cropID, year: YEAR, quantityAvailable: 30.5, pricePerUnit: 22.5 },
    });
    expect(exact.status).toBe(200);
    expect(exact.json).toMatchObject({ quantityAvailable: 30.5, quantityUsed: 30.5, remaining: 0 });
  });

  it('never lets the producer, the year or the subsidised flag change (they are in the code)', async () => {
    const p = await producer();
    const other = await producer();
    const c = await crop();
    const made = await lotOf(p, c, { quantityAvailable: 10, pricePerUnit: 1, isSubsidized: true });
    const id = made.json.lotID;
    const body = {
      producerID: p.producerID,
      cropID: c.cropID,
      year: YEAR,
      quantityAvailable: 10,
      pricePerUnit: 1,
      isSubsidized: true,
    };
    expect((await api.call('PUT', `/api/lots/${id}`, { token: tokens.admin, body })).status).toBe(200);
    const prod = await api.call('PUT', `/api/lots/${id}`, {
      token: tokens.admin,
      body: { ...body, producerID: other.producerID },
    });
    expect(prod.status).toBe(400);
    expect(prod.json.message).toBe('The producer of a lot cannot be changed');
    const year = await api.call('PUT', `/api/lots/${id}`, { token: tokens.admin, body: { ...body, year: YEAR + 1 } });
    expect(year.status).toBe(400);
    expect(year.json.message).toMatch(/year of a lot cannot be changed/);
    const sub = await api.call('PUT', `/api/lots/${id}`, { token: tokens.admin, body: { ...body, isSubsidized: false } });
    expect(sub.status).toBe(400);
    const read = await api.call('GET', `/api/lots/${id}`, { token: tokens.admin });
    expect(read.json).toMatchObject({ producerID: p.producerID, year: YEAR, isSubsidized: true, lotCode: made.json.lotCode });
  });

  it('moves a lot to another active crop while nothing is sold, and refuses otherwise', async () => {
    const p = await producer();
    const c1 = await crop();
    const c2 = await crop();
    const off = await crop();
    await api.call('DELETE', `/api/crops/${off.cropID}`, { token: tokens.admin });
    const made = await createLot({
      producerID: p.producerID,
      cropID: c1.cropID,
      year: YEAR,
      quantityAvailable: 10,
      pricePerUnit: 1,
    });
    const id = made.json.lotID;
    const body = { cropID: c2.cropID, year: YEAR, quantityAvailable: 10, pricePerUnit: 1 };
    const moved = await api.call('PUT', `/api/lots/${id}`, { token: tokens.admin, body });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ cropID: c2.cropID, cropName: c2.cropName });
    const byCrop = await api.call('GET', '/api/lots', { token: tokens.admin, query: { cropId: c2.cropID } });
    expect(byCrop.json.map((l: { lotID: number }) => l.lotID)).toEqual([id]);
    expect((await api.call('GET', '/api/lots', { token: tokens.admin, query: { cropId: c1.cropID } })).json).toEqual([]);

    const toInactive = await api.call('PUT', `/api/lots/${id}`, { token: tokens.admin, body: { ...body, cropID: off.cropID } });
    expect(toInactive.status).toBe(400);
    expect(toInactive.json.message).toMatch(/inactive/);

    await simulateSale(id, 1);
    const afterSale = await api.call('PUT', `/api/lots/${id}`, { token: tokens.admin, body: { ...body, cropID: c1.cropID } });
    expect(afterSale.status).toBe(409);
    expect(afterSale.json.message).toMatch(/crop cannot be changed/);
  });

  it('deletes a lot only while nothing has been sold from it; its code is never reused', async () => {
    const p = await producer();
    const c = await crop();
    const a = await lotOf(p, c, { quantityAvailable: 5, pricePerUnit: 1 });
    const b = await lotOf(p, c, { quantityAvailable: 5, pricePerUnit: 1 });
    await simulateSale(b.json.lotID, 2);
    const used = await api.call('DELETE', `/api/lots/${b.json.lotID}`, { token: tokens.admin });
    expect(used.status).toBe(409);
    expect(used.json.message).toMatch(/cannot be deleted/);

    const del = await api.call('DELETE', `/api/lots/${a.json.lotID}`, { token: tokens.admin });
    expect(del.status).toBe(200);
    expect((await api.call('GET', `/api/lots/${a.json.lotID}`, { token: tokens.admin })).status).toBe(404);
    expect((await api.call('GET', `/api/lots/by-code/${a.json.lotCode}`)).status).toBe(404);
    const next = await lotOf(p, c, { quantityAvailable: 5, pricePerUnit: 1 });
    expect(next.json.lotCode).toBe(`N${YY}P${p.producerID}-003`);
  });

  it('validates edits with the same rules', async () => {
    const r = await api.call('PUT', '/api/lots/1', {
      token: tokens.admin,
      body: { cropID: 1, year: 3001, quantityAvailable: -5, pricePerUnit: 1 },
    });
    expect(r.status).toBe(400);
    expect(r.json.fields).toMatchObject({ year: 'Year invalid', quantityAvailable: 'Quantity must be >= 0' });
  });
});

describe('lots: lists and lookups', () => {
  let p1: { producerID: number };
  let p2: { producerID: number };
  let c1: { cropID: number };
  let c2: { cropID: number };
  const made: Record<string, { lotID: number; lotCode: string }> = {};
  beforeAll(async () => {
    p1 = await producer('List Producer One');
    p2 = await producer('List Producer Two');
    c1 = await crop('List Crop One');
    c2 = await crop('List Crop Two');
    const specs: [string, { producerID: number }, { cropID: number }, number, number][] = [
      ['a', p1, c1, 2024, 100],
      ['b', p1, c2, 2025, 50],
      ['c', p2, c1, 2025, 0],
      ['d', p2, c2, 2024, 10],
      ['e', p1, c1, 2025, 25.5],
    ];
    for (const [k, p, c, year, q] of specs) {
      const r = await createLot({ producerID: p.producerID, cropID: c.cropID, year, quantityAvailable: q, pricePerUnit: 12.5 });
      expect(r.status).toBe(201);
      made[k] = r.json;
    }
  });
  const ids = (rows: { lotID: number }[]) => rows.map((r) => r.lotID);

  it('filters by producer, crop and year, alone and together, newest first', async () => {
    const get = async (query: Record<string, number>) =>
      ids((await api.call('GET', '/api/lots', { token: tokens.seller, query })).json);
    expect(await get({ producerId: p1.producerID })).toEqual([made.e.lotID, made.b.lotID, made.a.lotID]);
    expect(await get({ cropId: c1.cropID })).toEqual([made.e.lotID, made.c.lotID, made.a.lotID]);
    expect(await get({ producerId: p1.producerID, year: 2025 })).toEqual([made.e.lotID, made.b.lotID]);
    expect(await get({ cropId: c2.cropID, year: 2024 })).toEqual([made.d.lotID]);
    expect(await get({ producerId: p2.producerID, cropId: c2.cropID })).toEqual([made.d.lotID]);
    expect(await get({ producerId: p1.producerID, cropId: c1.cropID, year: 2024 })).toEqual([made.a.lotID]);
    const all2024 = await get({ year: 2024 });
    expect(all2024).toEqual(expect.arrayContaining([made.a.lotID, made.d.lotID]));
    expect(await get({ producerId: 424242 })).toEqual([]);
    expect(await get({ producerId: p1.producerID, take: 1 })).toEqual([made.e.lotID]);
  });

  it('for-crop lists only lots with stock left, with code, remaining and price', async () => {
    await simulateSale(made.e.lotID, 25.5); // sold out
    const r = await api.call('GET', '/api/lots/for-crop', { token: tokens.seller, query: { cropId: c1.cropID } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual([
      { lotID: made.a.lotID, lotCode: made.a.lotCode, remaining: 100, pricePerUnit: 12.5, year: 2024, isSubsidized: false },
    ]);
    expect((await api.call('GET', '/api/lots/for-crop', { token: tokens.seller, query: { cropId: 999999 } })).status).toBe(404);
    const missing = await api.call('GET', '/api/lots/for-crop', { token: tokens.seller });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe('Crop required');
  });

  it('by-code is public, tolerates lower case and shows only the last 4 Aadhaar digits', async () => {
    const r = await api.call('GET', `/api/lots/by-code/${made.b.lotCode.toLowerCase()}`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      lotCode: made.b.lotCode,
      isSubsidized: false,
      year: 2025,
      cropName: 'List Crop Two',
      producerName: 'List Producer One',
      quantityAvailable: 50,
      quantityUsed: 0,
      remaining: 50,
    });
    expect(r.json.producerAadhaarLast4).toMatch(/^\d{4}$/);
    expect(r.json).not.toHaveProperty('lotID');
    expect(r.json).not.toHaveProperty('producerID');
    expect(r.text).not.toMatch(/\d{12}/);
    expect(r.headers.get('cache-control')).toBe('public, max-age=30');
    const unknown = await api.call('GET', '/api/lots/by-code/N99P1-999');
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('No lot with code N99P1-999');
    const invalid = await api.call('GET', '/api/lots/by-code/%3Cscript%3E');
    expect(invalid.status).toBe(400);
    expect(invalid.json.message).toBe('Lot code is not valid');
  });

  it('lets sellers read lots but not create, preview, edit or delete them', async () => {
    expect((await api.call('GET', '/api/lots', { token: tokens.seller })).status).toBe(200);
    expect(
      (await api.call('GET', '/api/lots/preview-code', { token: tokens.seller, query: { producerId: p1.producerID } })).status,
    ).toBe(403);
    expect((await api.call('POST', '/api/lots', { token: tokens.seller, body: {} })).status).toBe(403);
    expect((await api.call('DELETE', `/api/lots/${made.a.lotID}`, { token: tokens.seller })).status).toBe(403);
    expect((await api.call('GET', '/api/lots')).status).toBe(401);
  });
});
