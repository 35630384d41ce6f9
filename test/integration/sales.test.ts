import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClockForTests } from '@functions/sales/sale-clock';
import { useCrops } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { expectRefusal, postUnreadableJson } from '../support/api-checks';
import { newRegistration } from '../support/steps';

/**
 * Sales and bills through the real gateway and DynamoDB Local: the sale's rules and messages, money without
 * float drift, the bill lookups (public and staff), the bill QR code, and the bills list with its filters
 * (amountSum over the whole filtered set, date ranges across a financial-year boundary).
 */
const { api, tokens } = useTestApi({ streams: true }, 'admin', 'seller');
let sellerId: number;
let adminId: number;
let wheat: { cropID: number };
let chickpea: { cropID: number };
let mustard: { cropID: number };
let producerID: number;

const FY_RE = /^INV2627-\d{6}$/;

beforeAll(async () => {
  sellerId = (await api.call('GET', '/auth/me', { token: tokens.seller })).json.userID;
  adminId = (await api.call('GET', '/auth/me', { token: tokens.admin })).json.userID;
  const p = await api.call('POST', '/api/producers', {
    token: tokens.admin,
    body: { name: 'Sales Producer', aadhaarNumber: '734512349878', contactNumber: '9876543210', address: 'Kalyanpur' },
  });
  expect(p.status, p.text).toBe(201);
  producerID = p.json.producerID;
  wheat = await crop('Wheat');
  chickpea = await crop('Chick-pea');
  mustard = await crop('Mustard');
  useCrops({ Wheat: wheat.cropID, Chickpea: chickpea.cropID, Mustard: mustard.cropID });
});
afterAll(async () => {
  setClockForTests();
});
afterEach(() => setClockForTests());

async function crop(cropName: string) {
  const r = await api.call('POST', '/api/crops', { token: tokens.admin, body: { cropName, description: `${cropName} seed` } });
  expect(r.status, r.text).toBe(201);
  return r.json as { cropID: number };
}

async function lot(cropID: number, quantityAvailable: number, pricePerUnit: number) {
  const r = await api.call('POST', '/api/lots', {
    token: tokens.admin,
    body: { producerID, cropID, quantityAvailable, pricePerUnit },
  });
  expect(r.status, r.text).toBe(201);
  return r.json as { lotID: number; lotCode: string };
}

async function register(cropName: string, bagsRequested = 1, over: Record<string, unknown> = {}) {
  const data = await newRegistration(api, { cropName, bagsRequested, ...over });
  return { id: data.id as number, year: data.year as number };
}

function sell(reg: { id: number; year: number }, lotID: number, bags: number, o: { token?: string; paymentMode?: string } = {}) {
  return api.call('POST', '/api/sales/make', {
    token: o.token ?? tokens.seller,
    body: {
      farmerID: null,
      lotID,
      registrationID: reg.id,
      year: reg.year,
      bags,
      bagSizeKg: 40,
      paymentMode: o.paymentMode ?? 'Cash',
    },
  });
}

const paise = (rupees: number) => Math.round(rupees * 100);

async function lotState(lotID: number) {
  const r = await api.call('GET', `/api/lots/${lotID}`, { token: tokens.admin });
  expect(r.status).toBe(200);
  return r.json as { quantityAvailable: number; quantityUsed: number; remaining: number };
}

/** Every bill the list answers for a filter, page by page (100 a page). */
async function listAll(query: Record<string, string | number | undefined>) {
  const items: { invoiceNumber: string; totalAmount: number; [k: string]: unknown }[] = [];
  let total = 0;
  let amountSum = 0;
  for (let skip = 0; ; skip += 100) {
    const r = await api.call('GET', '/api/invoices', { token: tokens.admin, query: { ...query, skip, take: 100 } });
    expect(r.status, r.text).toBe(200);
    total = r.json.total;
    amountSum = r.json.amountSum;
    items.push(...r.json.items);
    if (r.json.items.length < 100) break;
  }
  expect(items.length).toBe(total);
  return { items, total, amountSum };
}

describe('making a sale', () => {
  it('sells wheat in 40 kg bags: one bill, stock moved, registration billed, exact money', async () => {
    const l = await lot(wheat.cropID, 500, 33.33);
    const reg = await register('Wheat', 3);
    const r = await sell(reg, l.lotID, 3);
    expect(r.status, r.text).toBe(201);
    expect(r.json.invoiceNumber).toMatch(FY_RE);
    expect(r.json.invoiceNumber.length).toBeLessThanOrEqual(16);
    expect(r.json).toMatchObject({ success: true, quantityKg: 120, totalAmount: 3999.6 });

    const bill = await api.call('GET', `/api/invoices/by-number/${r.json.invoiceNumber}`, { token: tokens.seller });
    expect(bill.status).toBe(200);
    expect(bill.json).toMatchObject({
      invoiceNumber: r.json.invoiceNumber,
      lotCode: l.lotCode,
      cropName: 'Wheat',
      year: reg.year,
      bags: 3,
      bagSizeKg: 40,
      quantityKg: 120,
      quantityQuintal: 1.2,
      pricePerUnit: 33.33,
      totalAmount: 3999.6,
      paymentMode: 'Cash',
      createdByName: 'Test seller',
      createdByUserId: sellerId,
      registrationID: reg.id,
    });
    expect(bill.json.farmerContact).toMatch(/^\d{10}$/);
    expect(bill.json.farmerAadhaarLast4).toMatch(/^\d{4}$/);

    expect(await lotState(l.lotID)).toMatchObject({ quantityAvailable: 500, quantityUsed: 120, remaining: 380 });
    const regRow = await api.call('GET', `/api/registrations/${reg.id}`, { token: tokens.admin, query: { year: reg.year } });
    expect(regRow.status).toBe(200);
    const row = regRow.json.data?.[0] ?? regRow.json.items?.[0] ?? regRow.json;
    expect(row).toMatchObject({ isBilled: true, invoiceNumber: r.json.invoiceNumber });
  });

  it('counts the requested kg of chickpea and mustard as one bag of that size', async () => {
    const l = await lot(chickpea.cropID, 50, 120.5);
    const reg = await register('chickpea', 5);
    const r = await sell(reg, l.lotID, 5, { paymentMode: 'Online' });
    expect(r.status, r.text).toBe(201);
    expect(r.json).toMatchObject({ quantityKg: 5, totalAmount: 602.5 });
    const bill = await api.call('GET', `/api/invoices/by-number/${r.json.invoiceNumber}`, { token: tokens.admin });
    expect(bill.json).toMatchObject({ bags: 1, bagSizeKg: 5, quantityKg: 5, paymentMode: 'Online', cropName: 'Chick-pea' });
    expect(await lotState(l.lotID)).toMatchObject({ quantityUsed: 5, remaining: 45 });
  });

  it('computes totals without floating-point drift', async () => {
    // 0.07 * 3 and 0.1 + 0.2 style sums are exact in paise.
    const l = await lot(mustard.cropID, 100, 0.07);
    const totals: number[] = [];
    for (const kg of [3, 3, 6]) {
      const r = await sell(await register('Mustard', kg), l.lotID, kg);
      expect(r.status, r.text).toBe(201);
      totals.push(r.json.totalAmount);
    }
    expect(totals).toEqual([0.21, 0.21, 0.42]);
    const { amountSum, total } = await listAll({ lotCode: l.lotCode });
    expect(total).toBe(3);
    expect(amountSum).toBe(0.84);
  });

  it('refuses a second bill for a registration with the number of the first', async () => {
    const l = await lot(wheat.cropID, 400, 10);
    const reg = await register('Wheat', 1);
    const first = await sell(reg, l.lotID, 1);
    expect(first.status).toBe(201);
    expectRefusal(
      await sell(reg, l.lotID, 1, { token: tokens.admin }),
      409,
      `Bill already generated, Bill Number ${first.json.invoiceNumber}`,
    );
    expect(await lotState(l.lotID)).toMatchObject({ quantityUsed: 40, remaining: 360 });
  });

  it('refuses short stock with what remains, and consumes no invoice number', async () => {
    const l = await lot(wheat.cropID, 100, 25);
    const reg = await register('Wheat', 3);
    expectRefusal(await sell(reg, l.lotID, 3), 409, `Not enough stock in lot ${l.lotCode}: 100 kg left, 120 kg asked`);
    const before = await listAll({});
    const ok = await sell(reg, l.lotID, 2);
    expect(ok.status, ok.text).toBe(201);
    const seqOf = (n: string) => Number(n.split('-')[1]);
    const maxBefore = Math.max(...before.items.filter((i) => FY_RE.test(i.invoiceNumber)).map((i) => seqOf(i.invoiceNumber)));
    expect(seqOf(ok.json.invoiceNumber)).toBe(maxBefore + 1);
    expect(await lotState(l.lotID)).toMatchObject({ quantityUsed: 80, remaining: 20 });
  });

  it('refuses unknown lots and registrations, a crop mismatch and a wrong farmer with clear messages', async () => {
    const l = await lot(wheat.cropID, 100, 25);
    const reg = await register('Mustard', 2);
    expectRefusal(
      await sell(reg, l.lotID, 2),
      400,
      `Crop mismatch: the registration is for Mustard but lot ${l.lotCode} is Wheat`,
    );
    expectRefusal(await sell(reg, 999_999, 2), 404, 'Lot 999999 not found');
    expectRefusal(await sell({ id: 999_999, year: reg.year }, l.lotID, 1), 404, `Registration 999999 of ${reg.year} not found`);

    // The registration is linked to a farmer by Aadhaar (from the table's stream); a sale naming another farmer is refused.
    const wheatReg = await register('Wheat', 1);
    await api.drainStreams();
    const row = await api.call('GET', `/api/registrations/${wheatReg.id}`, {
      token: tokens.admin,
      query: { year: wheatReg.year },
    });
    const farmerID = row.json.farmerID as number;
    expect(farmerID).toBeGreaterThan(0);
    const farmersRegs = await api.call('GET', `/api/farmers/${farmerID}/registrations`, { token: tokens.admin });
    expect(farmersRegs.json.map((x: { id: number }) => x.id)).toContain(wheatReg.id);
    const wrongFarmer = await api.call('POST', '/api/sales/make', {
      token: tokens.seller,
      body: {
        farmerID: farmerID + 100_000,
        lotID: l.lotID,
        registrationID: wheatReg.id,
        year: wheatReg.year,
        bags: 1,
        bagSizeKg: 40,
        paymentMode: 'Cash',
      },
    });
    expect(wrongFarmer.status).toBe(400);
    expect(wrongFarmer.json.message).toBe(`Farmer ${farmerID + 100_000} is not the farmer of registration ${wheatReg.id}`);

    // A lot deleted before anything was sold from it is unknown to a sale.
    const gone = await lot(wheat.cropID, 10, 25);
    expect((await api.call('DELETE', `/api/lots/${gone.lotID}`, { token: tokens.admin })).status).toBe(200);
    expectRefusal(await sell(wheatReg, gone.lotID, 1), 404, `Lot ${gone.lotID} not found`);

    expect(await lotState(l.lotID)).toMatchObject({ quantityUsed: 0, remaining: 100 });
    const billed = await api.call('GET', `/api/registrations/${wheatReg.id}`, {
      token: tokens.admin,
      query: { year: wheatReg.year },
    });
    expect(billed.json.isBilled).toBe(false);
  });

  it('answers bad input with a 400 and a message, never a 5xx', async () => {
    const l = await lot(wheat.cropID, 100, 25);
    const reg = await register('Wheat', 1);
    const bodies: [Record<string, unknown>, RegExp][] = [
      [{ lotID: l.lotID, registrationID: reg.id, year: reg.year, bags: 0 }, /at least 1/],
      [{ lotID: l.lotID, registrationID: reg.id, year: reg.year, bags: 1.5 }, /whole number/],
      [{ lotID: l.lotID, registrationID: reg.id, year: reg.year, bags: 'abc' }, /Quantity/],
      [{ lotID: l.lotID, registrationID: reg.id, year: reg.year, bags: 1, paymentMode: 'Card' }, /Cash or Online/],
      [{ registrationID: reg.id, year: reg.year, bags: 1 }, /Lot is required/],
      [{ lotID: l.lotID, year: reg.year, bags: 1 }, /Registration is required/],
      [{ lotID: l.lotID, registrationID: reg.id, bags: 1 }, /Year/],
      [{ lotID: -1, registrationID: reg.id, year: reg.year, bags: 1 }, /Lot/],
      [{ lotID: l.lotID, registrationID: reg.id, year: 1999, bags: 1 }, /Year invalid/],
    ];
    for (const [body, message] of bodies) {
      const r = await api.call('POST', '/api/sales/make', { token: tokens.seller, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.message).toMatch(message);
    }
    const notJson = await postUnreadableJson(api, '/api/sales/make', '{', tokens.seller);
    expect(notJson.status).toBe(400);
    // Default payment mode is Cash.
    const ok = await api.call('POST', '/api/sales/make', {
      token: tokens.seller,
      body: { lotID: l.lotID, registrationID: reg.id, year: reg.year, bags: 1 },
    });
    expect(ok.status, ok.text).toBe(201);
    const bill = await api.call('GET', `/api/invoices/by-number/${ok.json.invoiceNumber}`, { token: tokens.seller });
    expect(bill.json.paymentMode).toBe('Cash');
  });

  it('lets only staff sell', async () => {
    const l = await lot(wheat.cropID, 100, 25);
    const reg = await register('Wheat', 1);
    const anon = await api.call('POST', '/api/sales/make', {
      body: { lotID: l.lotID, registrationID: reg.id, year: reg.year, bags: 1 },
    });
    expect(anon.status).toBe(401);
    const user = await api.call('POST', '/api/sales/make', {
      token: await api.tokenFor('user'),
      body: { lotID: l.lotID, registrationID: reg.id, year: reg.year, bags: 1 },
    });
    expect(user.status).toBe(403);
    expect(await lotState(l.lotID)).toMatchObject({ quantityUsed: 0 });
  });
});

describe('the bill lookups', () => {
  let number: string;
  let invoiceID: number;
  /** The bill's token, as its printed QR code carries it. */
  let t: string;
  beforeAll(async () => {
    const l = await lot(wheat.cropID, 200, 40);
    const r = await sell(await register('Wheat', 1, { mobile: '9812345678' }), l.lotID, 1);
    expect(r.status).toBe(201);
    number = r.json.invoiceNumber;
    invoiceID = r.json.invoiceID;
    t = (await api.call('GET', `/api/invoices/by-number/${number}`, { token: tokens.seller })).json.verifyToken;
    expect(t).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("shows visitors with the bill's token the mobile masked and no staff details", async () => {
    const r = await api.call('GET', `/api/invoices/by-number/${number}`, { query: { t } });
    expect(r.status).toBe(200);
    expect(r.json.farmerContact).toBe('XXXXXX5678');
    expect(r.json).not.toHaveProperty('createdByName');
    expect(r.json).not.toHaveProperty('createdByUserId');
    expect(r.json).not.toHaveProperty('updatedByName');
    expect(r.json).not.toHaveProperty('verifyToken');
    expect(r.json.totalAmount).toBe(1600);
    expect(r.headers.get('cache-control')).toContain('no-store');
  });

  it("shows a signed-in 'user' account who made the bill, with the mobile still masked", async () => {
    const user = await api.call('GET', `/api/invoices/by-number/${number}`, { token: await api.tokenFor('user'), query: { t } });
    expect(user.status).toBe(200);
    expect(user.json).toMatchObject({ farmerContact: 'XXXXXX5678', createdByName: 'Test seller', createdByUserId: sellerId });
  });

  it('shows staff the full contact and the creator', async () => {
    const r = await api.call('GET', `/api/invoices/by-number/${number.toLowerCase()}`, { token: tokens.admin });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      farmerContact: '9812345678',
      createdByName: 'Test seller',
      createdByUserId: sellerId,
      invoiceID,
      verifyToken: t,
    });
  });

  it('answers unknown and malformed numbers with 404 / 400', async () => {
    expect((await api.call('GET', '/api/invoices/by-number/INV2627-999999')).status).toBe(404);
    expect((await api.call('GET', '/api/invoices/by-number/NOPE')).json.message).toBe('Bill NOPE not found');
    expect((await api.call('GET', `/api/invoices/by-number/${encodeURIComponent('<script>')}`)).status).toBe(400);
    expect((await api.call('GET', `/api/invoices/by-number/${'A'.repeat(40)}`)).status).toBe(400);
  });

  it("draws a QR code that opens the public bill page with the bill's token (staff by id, by number with the token)", async () => {
    const decode = (buf: Buffer) => {
      const png = PNG.sync.read(buf);
      return { width: png.width, text: jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data };
    };
    const pub = await api.call('GET', `/api/invoices/by-number/${number}/qrcode.png`, { query: { t } });
    expect(pub.status).toBe(200);
    expect(pub.headers.get('content-type')).toBe('image/png');
    expect(pub.headers.get('cache-control')).toMatch(/^private/);
    expect(decode(pub.buffer)).toEqual({ width: 512, text: `${api.url}/bill/${number}?t=${t}` });
    // Without the token, by number: the page without it (which shows only that the bill exists).
    const counted = await api.call('GET', `/api/invoices/by-number/${number}/qrcode.png`);
    expect(decode(counted.buffer)).toEqual({ width: 512, text: `${api.url}/bill/${number}` });

    const staff = await api.call('GET', `/api/invoices/${invoiceID}/qrcode.png`, { token: tokens.seller, query: { size: 512 } });
    expect(staff.status).toBe(200);
    expect(decode(staff.buffer)).toEqual({ width: 512, text: `${api.url}/bill/${number}?t=${t}` });
    const small = await api.call('GET', `/api/invoices/${invoiceID}/qrcode.png`, { token: tokens.seller, query: { size: 128 } });
    expect(decode(small.buffer).width).toBe(128);

    expect((await api.call('GET', `/api/invoices/${invoiceID}/qrcode.png`)).status).toBe(401);
    expect(
      (await api.call('GET', `/api/invoices/${invoiceID}/qrcode.png`, { token: tokens.seller, query: { size: 5000 } })).status,
    ).toBe(400);
    expect((await api.call('GET', '/api/invoices/1/qrcode.png', { token: tokens.seller })).status).toBe(404);
    expect((await api.call('GET', '/api/invoices/abc/qrcode.png', { token: tokens.seller })).status).toBe(400);
  });
});

describe('the bills list', () => {
  const made: { number: string; total: number; lotCode: string; cropID: number; mode: string; by: number }[] = [];
  let lotA: { lotID: number; lotCode: string };
  let lotB: { lotID: number; lotCode: string };
  let regYear = 0;

  beforeAll(async () => {
    lotA = await lot(wheat.cropID, 2000, 41.25);
    lotB = await lot(chickpea.cropID, 200, 99.99);
    const plan: [string, { lotID: number; lotCode: string }, number, number, string, string][] = [
      ['Wheat', lotA, wheat.cropID, 1, 'Cash', tokens.seller],
      ['Wheat', lotA, wheat.cropID, 2, 'Online', tokens.admin],
      ['Chickpea', lotB, chickpea.cropID, 3, 'Cash', tokens.admin],
      ['Chickpea', lotB, chickpea.cropID, 6, 'Online', tokens.seller],
      ['Wheat', lotA, wheat.cropID, 3, 'Cash', tokens.seller],
      ['Chickpea', lotB, chickpea.cropID, 1, 'Cash', tokens.seller],
    ];
    for (const [name, l, cropID, bags, mode, token] of plan) {
      const reg = await register(name, bags);
      regYear = reg.year;
      const r = await sell(reg, l.lotID, bags, { token, paymentMode: mode });
      expect(r.status, r.text).toBe(201);
      made.push({
        number: r.json.invoiceNumber,
        total: r.json.totalAmount,
        lotCode: l.lotCode,
        cropID,
        mode,
        by: token === tokens.seller ? sellerId : adminId,
      });
    }
  });

  it('answers items, total and amountSum over the whole filtered set for many filter combinations', async () => {
    const sum = (xs: { total: number }[]) => xs.reduce((a, x) => a + paise(x.total), 0) / 100;
    const cases: [Record<string, string | number>, typeof made][] = [
      [{ lotCode: lotA.lotCode }, made.filter((m) => m.lotCode === lotA.lotCode)],
      [
        { lotCode: lotB.lotCode.toLowerCase(), paymentMode: 'Cash' },
        made.filter((m) => m.lotCode === lotB.lotCode && m.mode === 'Cash'),
      ],
      [
        { cropId: chickpea.cropID, createdBy: sellerId },
        made.filter((m) => m.cropID === chickpea.cropID && m.by === sellerId).filter((m) => m.lotCode === lotB.lotCode),
      ],
      [{ lotCode: lotA.lotCode, createdByUserId: adminId }, made.filter((m) => m.lotCode === lotA.lotCode && m.by === adminId)],
      [{ lotCode: lotA.lotCode, paymentMode: 'All' }, made.filter((m) => m.lotCode === lotA.lotCode)],
      [{ number: made[2].number }, [made[2]]],
    ];
    for (const [query, expected] of cases) {
      const got = await listAll(query);
      // Bills of other tests in this file may also match crop / created-by filters: compare with our own where we can.
      if (!('cropId' in query))
        expect(got.items.map((i) => i.invoiceNumber).sort(), JSON.stringify(query)).toEqual(expected.map((m) => m.number).sort());
      else for (const e of expected) expect(got.items.map((i) => i.invoiceNumber)).toContain(e.number);
      expect(got.amountSum, JSON.stringify(query)).toBe(sum(got.items.map((i) => ({ total: i.totalAmount }))));
      if (!('cropId' in query)) expect(got.amountSum).toBe(sum(expected));
    }
    // Filters with no date look at every bill; amountSum still equals the sum of every filtered row.
    for (const query of [
      {},
      { paymentMode: 'Online' },
      { cropId: wheat.cropID },
      { createdBy: sellerId },
      { year: regYear },
      { year: regYear, lotCode: lotB.lotCode },
    ]) {
      const got = await listAll(query);
      expect(got.amountSum, JSON.stringify(query)).toBe(sum(got.items.map((i) => ({ total: i.totalAmount }))));
      if ('paymentMode' in query) expect(got.items.every((i) => i.paymentMode === 'Online')).toBe(true);
      if ('cropId' in query) expect(got.items.every((i) => i.cropID === wheat.cropID)).toBe(true);
      if ('createdBy' in query) expect(got.items.every((i) => i.createdByUserId === sellerId)).toBe(true);
    }
  });

  it('pages newest first with skip and take, and a partial number matches', async () => {
    const page1 = await api.call('GET', '/api/invoices', { token: tokens.seller, query: { lotCode: lotA.lotCode, take: 2 } });
    expect(page1.status).toBe(200);
    expect(page1.json.total).toBe(3);
    expect(page1.json.items.map((i: { invoiceNumber: string }) => i.invoiceNumber)).toEqual([made[4].number, made[1].number]);
    const page2 = await api.call('GET', '/api/invoices', {
      token: tokens.seller,
      query: { lotCode: lotA.lotCode, take: 2, skip: 2 },
    });
    expect(page2.json.items.map((i: { invoiceNumber: string }) => i.invoiceNumber)).toEqual([made[0].number]);
    expect(page2.json.amountSum).toBe(page1.json.amountSum);
    const partial = await api.call('GET', '/api/invoices', { token: tokens.seller, query: { number: made[3].number.slice(-6) } });
    expect(partial.json.items.map((i: { invoiceNumber: string }) => i.invoiceNumber)).toContain(made[3].number);
  });

  it('refuses bad filters with a 400', async () => {
    for (const query of [
      { take: 0 },
      { take: 101 },
      { skip: -1 },
      { paymentMode: 'Card' },
      { from: 'yesterday' },
      { cropId: 'x' },
      { from: '2026-05-02', to: '2026-05-01' },
      { year: 1900 },
    ]) {
      const r = await api.call('GET', '/api/invoices', { token: tokens.seller, query });
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.json.message).toBeTruthy();
    }
    expect((await api.call('GET', '/api/invoices')).status).toBe(401);
  });
});

describe('financial years', () => {
  it('restarts numbering each April (Asia/Kolkata) and filters date ranges across the boundary', async () => {
    const l = await lot(wheat.cropID, 4000, 12.34);
    const at = (iso: string) => () => new Date(iso);
    const sales: { when: string; number: string; total: number }[] = [];
    for (const when of [
      '2031-03-30T10:00:00+05:30',
      '2031-03-31T23:30:00+05:30',
      '2031-04-01T00:10:00+05:30',
      '2031-04-02T12:00:00+05:30',
    ]) {
      setClockForTests(at(when));
      const r = await sell(await register('Wheat', 1), l.lotID, 1);
      expect(r.status, r.text).toBe(201);
      sales.push({ when, number: r.json.invoiceNumber, total: r.json.totalAmount });
    }
    // 23:30 on 31 March in India is 18:00 UTC: still the old year; 00:10 on 1 April starts the new one.
    expect(sales.map((s) => s.number)).toEqual(['INV3031-000001', 'INV3031-000002', 'INV3132-000001', 'INV3132-000002']);

    setClockForTests(at('2031-04-03T09:00:00+05:30'));
    const range = await listAll({ from: '2031-03-31', to: '2031-04-01' });
    expect(range.items.map((i) => i.invoiceNumber)).toEqual(['INV3132-000001', 'INV3031-000002']);
    expect(range.amountSum).toBe((paise(sales[1].total) + paise(sales[2].total)) / 100);

    const fromOnly = await listAll({ from: '2031-03-31', lotCode: l.lotCode });
    expect(fromOnly.items.map((i) => i.invoiceNumber)).toEqual(['INV3132-000002', 'INV3132-000001', 'INV3031-000002']);
    const toOnly = await listAll({ to: '2031-03-31', lotCode: l.lotCode });
    expect(toOnly.items.map((i) => i.invoiceNumber)).toEqual(['INV3031-000002', 'INV3031-000001']);
    // Date-times work too: the last ten minutes of March (India) only.
    const instant = await listAll({ from: '2031-03-31T23:00:00+05:30', to: '2031-04-01T00:00:00+05:30' });
    expect(instant.items.map((i) => i.invoiceNumber)).toEqual(['INV3031-000002']);
    const both = await listAll({ from: '2031-03-01', to: '2031-04-30' });
    expect(both.total).toBe(4);
    expect(both.amountSum).toBe(sales.reduce((a, s) => a + paise(s.total), 0) / 100);
  });
});
