import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { QueryCommand } from '@functions/lib/dynamo-commands';
import { beforeAll, describe, expect, it } from 'vitest';
import { docClient, tableName } from '@functions/lib/aws';
import { kolkataDay } from '@functions/lib/stats';
import { listDayCloses } from '@functions/sales/day-close';
import { seedCrop } from '../fixtures/registration-helpers';
import { postUnreadableJson } from '../support/api-checks';
import { useTestApi } from '../support/integration';
import { newRegistration } from '../support/steps';

/**
 * The day-end cash close (docs/decisions/0026-day-close.md) through the real gateway and DynamoDB Local: the
 * kept figures equal the bills read back, a closed day refuses sales until an admin reopens it, concurrent
 * closes and sales racing a close lose nothing, and the refusals (roles, bodies, dates).
 */
const { api, tokens } = useTestApi('super_admin', 'admin', 'seller');

interface Seller {
  token: string;
  userID: number;
}

let producerID: number;
let wheat: number;
let chickpea: number;
let wheatLot: number;
let chickpeaLot: number;
const today = () => kolkataDay();

/** A seller account of its own, so that each test closes a day nobody else sells on. */
async function newSeller(): Promise<Seller> {
  const email = `seller-${randomBytes(4).toString('hex')}@test.local`;
  const made = await api.call('POST', '/api/admin/users', {
    token: tokens.super_admin,
    body: { fullName: `Seller ${email.slice(7, 11)}`, email, password: 'test-password-1', isActive: true, roleIds: [3] },
  });
  expect(made.status, made.text).toBe(201);
  const login = await api.call('POST', '/auth/login', { body: { email, password: 'test-password-1' } });
  expect(login.status, login.text).toBe(200);
  const me = await api.call('GET', '/auth/me', { token: login.json.token });
  return { token: login.json.token, userID: me.json.userID };
}

beforeAll(async () => {
  wheat = await seedCrop('Wheat');
  chickpea = await seedCrop('Chickpea');
  const p = await api.call('POST', '/api/producers', {
    token: tokens.admin,
    body: { name: 'Day Producer', aadhaarNumber: '734512349878', contactNumber: '9876543210', address: 'Kalyanpur' },
  });
  expect(p.status, p.text).toBe(201);
  producerID = p.json.producerID;
  const lot = async (cropID: number, pricePerUnit: number) => {
    const r = await api.call('POST', '/api/lots', {
      token: tokens.admin,
      body: { producerID, cropID, quantityAvailable: 100_000, pricePerUnit },
    });
    expect(r.status, r.text).toBe(201);
    return r.json.lotID as number;
  };
  wheatLot = await lot(wheat, 37.5);
  chickpeaLot = await lot(chickpea, 81.25);
}, 120_000);

async function register(cropName: 'Wheat' | 'Chickpea') {
  const data = await newRegistration(api, { cropName, bagsRequested: 2 });
  return { id: data.id as number, year: data.year as number, cropName };
}

const saleBody = (reg: { id: number; year: number; cropName: string }, paymentMode: 'Cash' | 'Online') => ({
  lotID: reg.cropName === 'Wheat' ? wheatLot : chickpeaLot,
  registrationID: reg.id,
  year: reg.year,
  bags: 2,
  bagSizeKg: 1,
  paymentMode,
});

async function sell(seller: Seller, cropName: 'Wheat' | 'Chickpea', paymentMode: 'Cash' | 'Online') {
  const reg = await register(cropName);
  const r = await api.call('POST', '/api/sales/make', { token: seller.token, body: saleBody(reg, paymentMode) });
  expect(r.status, r.text).toBe(201);
  return r.json as { invoiceNumber: string; invoiceID: number; totalAmount: number };
}

const dayOf = async (seller: Seller, date = today()) => {
  const r = await api.call('GET', '/api/day-close', { token: seller.token, query: { date } });
  expect(r.status, r.text).toBe(200);
  expect(r.json.items).toHaveLength(1);
  return r.json.items[0];
};

const close = (seller: Seller, body: Record<string, unknown>) =>
  api.call('POST', '/api/day-close', { token: seller.token, body: { date: today(), denominations: {}, ...body } });

/** The seller's bills of today read back, the way the Bills screen lists them. */
async function billsOf(seller: Seller) {
  const r = await api.call('GET', '/api/invoices', {
    token: tokens.admin,
    query: { createdBy: seller.userID, from: today(), to: today(), take: 100 },
  });
  expect(r.status, r.text).toBe(200);
  return (
    r.json.items as {
      invoiceNumber: string;
      status: string;
      quantityKg: number;
      totalAmount: number;
      paymentMode: string;
      cropID: number;
    }[]
  ).filter((b) => b.status === 'issued');
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function expectFiguresOf(day: any, bills: Awaited<ReturnType<typeof billsOf>>) {
  const sum = (f: (b: (typeof bills)[number]) => number) => round2(bills.reduce((s, b) => s + f(b), 0));
  expect(day.bills).toBe(bills.length);
  expect(day.kg).toBe(sum((b) => b.quantityKg));
  expect(day.cashAmount).toBe(sum((b) => (b.paymentMode === 'Cash' ? b.totalAmount : 0)));
  expect(day.onlineAmount).toBe(sum((b) => (b.paymentMode === 'Online' ? b.totalAmount : 0)));
  const byCrop = new Map<number, number>();
  for (const b of bills) byCrop.set(b.cropID, round2((byCrop.get(b.cropID) ?? 0) + b.quantityKg));
  expect(Object.fromEntries(day.crops.map((c: any) => [c.cropID, c.kg]))).toEqual(Object.fromEntries(byCrop));
}

async function auditEntries(action: string, subjectId: string) {
  const out = await docClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `AUDIT#${today()}` },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).filter((i) => i.action === action && i.subjectId === subjectId);
}

describe('the figures of a seller-day', () => {
  it('equal the sum of that seller’s bills of the day, net of a bill cancelled while open; close, refuse, reopen', async () => {
    const a = await newSeller();
    const b = await newSeller();
    const billsA = [
      await sell(a, 'Wheat', 'Cash'),
      await sell(a, 'Chickpea', 'Online'),
      await sell(a, 'Chickpea', 'Cash'),
      await sell(a, 'Wheat', 'Cash'),
    ];
    await sell(b, 'Wheat', 'Online');
    await sell(b, 'Chickpea', 'Cash');
    // A credit note while A's day is open: the day goes down by the bill.
    const cancelled = await api.call('POST', `/api/invoices/${billsA[3]!.invoiceID}/cancel`, {
      token: tokens.admin,
      body: { reason: 'Wrong lot chosen' },
    });
    expect(cancelled.status, cancelled.text).toBe(201);

    const dayA = await dayOf(a);
    expect(dayA).toMatchObject({ status: 'open', userID: a.userID, date: today(), bills: 3 });
    expectFiguresOf(dayA, await billsOf(a));
    expect(dayA.crops.map((c: any) => c.cropID).sort()).toEqual([wheat, chickpea].sort());
    expectFiguresOf(await dayOf(b), await billsOf(b));

    // The admin sees both sellers' days, open, with their running totals, and the day's credit note.
    const all = await api.call('GET', '/api/day-close', { token: tokens.admin, query: { date: today() } });
    expect(all.status, all.text).toBe(200);
    const ids = all.json.items.map((i: any) => i.userID);
    expect(ids).toEqual(expect.arrayContaining([a.userID, b.userID]));
    expect(all.json.creditNotes).toContainEqual(
      expect.objectContaining({ invoiceNumber: billsA[3]!.invoiceNumber, deducted: true, billSellerUserId: a.userID }),
    );
    // mine=true: an admin's own day only (an empty open one: the admin sold nothing).
    const mine = await api.call('GET', '/api/day-close', { token: tokens.admin, query: { date: today(), mine: true } });
    expect(mine.json.items).toHaveLength(1);
    expect(mine.json.items[0]).toMatchObject({ status: 'open', bills: 0 });
    expect(mine.json.items[0].userID).not.toBe(a.userID);
    // The exports' service gives the same rows.
    const rows = await listDayCloses(today(), { userID: a.userID });
    expect(rows).toEqual([dayA]);

    // Close: ₹500 × 1 + ₹100 × 2 + ₹10 × 3 + ₹4 coins = ₹734; the difference is counted − cash.
    const closed = await close(a, {
      revision: dayA.revision,
      denominations: { n500: 1, n100: 2, n10: 3, coins: 4 },
      note: 'Short by the change given',
    });
    expect(closed.status, closed.text).toBe(201);
    expect(closed.json).toMatchObject({
      status: 'closed',
      counted: 734,
      difference: round2(734 - dayA.cashAmount),
      bills: 3,
      note: 'Short by the change given',
      denominations: { n500: 1, n200: 0, n100: 2, n50: 0, n20: 0, n10: 3, coins: 4 },
    });
    expect(await dayOf(a)).toEqual(closed.json);
    expect(await auditEntries('dayclose.close', closed.json.id)).toHaveLength(1);

    // A further sale is refused with the day-closed code; nothing of it is kept.
    const reg = await register('Wheat');
    const refused = await api.call('POST', '/api/sales/make', { token: a.token, body: saleBody(reg, 'Cash') });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.code).toBe('DAY_CLOSED');
    expect(refused.json.message).toContain('Your day is closed; an admin must reopen it');
    expect((await billsOf(a)).length).toBe(3);
    // Seller B's day is open: B still sells.
    await sell(b, 'Wheat', 'Cash');

    // A bill of the closed day cancelled now leaves the closed figures as they were; the Z-report lists it.
    const late = await api.call('POST', `/api/invoices/${billsA[0]!.invoiceID}/cancel`, {
      token: tokens.admin,
      body: { reason: 'Farmer returned the seed' },
    });
    expect(late.status, late.text).toBe(201);
    expect(await dayOf(a)).toEqual(closed.json);
    const afterLate = await api.call('GET', '/api/day-close', { token: tokens.admin, query: { date: today() } });
    expect(afterLate.json.creditNotes).toContainEqual(
      expect.objectContaining({ invoiceNumber: billsA[0]!.invoiceNumber, deducted: false }),
    );
    // The seller sees the credit notes of their own bills only.
    const ownNotes = (await api.call('GET', '/api/day-close', { token: a.token })).json.creditNotes;
    expect(ownNotes.map((n: any) => n.invoiceNumber).sort()).toEqual([billsA[0]!.invoiceNumber, billsA[3]!.invoiceNumber].sort());
    expect((await api.call('GET', '/api/day-close', { token: b.token })).json.creditNotes).toEqual([]);

    // The admin reopens: the close moves to the history with the reason, and the sale is taken.
    const reopened = await api.call('POST', `/api/day-close/${closed.json.id}/reopen`, {
      token: tokens.admin,
      body: { reason: 'A late farmer came' },
    });
    expect(reopened.status, reopened.text).toBe(200);
    expect(reopened.json).toMatchObject({ status: 'open', bills: 3 });
    expect(reopened.json.history).toEqual([
      expect.objectContaining({ counted: 734, bills: 3, reason: 'A late farmer came', closedByName: expect.any(String) }),
    ]);
    expect(reopened.json.closedAt).toBeUndefined();
    expect(await auditEntries('dayclose.reopen', closed.json.id)).toHaveLength(1);
    const again = await api.call('POST', '/api/sales/make', { token: a.token, body: saleBody(reg, 'Cash') });
    expect(again.status, again.text).toBe(201);
    // The bill cancelled after the close still counts in the day (the rule for closed days); the new sale adds to it.
    const dayAfter = await dayOf(a);
    expect(dayAfter).toMatchObject({
      bills: 4,
      cashAmount: round2(closed.json.cashAmount + again.json.totalAmount),
      onlineAmount: closed.json.onlineAmount,
    });
    // A second reopen of an open day is refused.
    const twice = await api.call('POST', `/api/day-close/${closed.json.id}/reopen`, {
      token: tokens.admin,
      body: { reason: 'Again' },
    });
    expect(twice.status, twice.text).toBe(409);
  });

  it('a day without sales may be closed, and a close names the figures it saw', async () => {
    const s = await newSeller();
    const empty = await dayOf(s);
    expect(empty).toMatchObject({ status: 'open', bills: 0, kg: 0, cashAmount: 0, onlineAmount: 0, revision: 0, crops: [] });
    await sell(s, 'Wheat', 'Cash');
    // The close was opened before that sale: refused, then closed on the figures seen again.
    const stale = await close(s, { revision: 0 });
    expect(stale.status, stale.text).toBe(409);
    expect(stale.json.message).toMatch(/new sales/i);
    const seen = await dayOf(s);
    const ok = await close(s, { revision: seen.revision, denominations: { n20: 1 } });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json).toMatchObject({ bills: 1, counted: 20 });

    const past = await newSeller();
    const yesterday = new Date(Date.parse(`${today()}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const r = await close(past, { date: yesterday });
    expect(r.status, r.text).toBe(201);
    expect(r.json).toMatchObject({ date: yesterday, status: 'closed', bills: 0, counted: 0, difference: 0 });
  });
});

describe('online bills and their UPI references', () => {
  const exportOf = (kind: string, query: Record<string, string>, token: string) =>
    api.call('GET', `/api/export/${kind}`, { token, query });
  const csvOf = (text: string) => parse(text, { bom: true }) as string[][];

  it('keeps each online bill’s reference on the bill and on its seller’s day, through a cancellation, the close and the exports', async () => {
    const seller = await newSeller();
    const sale = async (paymentMode: 'Cash' | 'Online', upiRef?: string) => {
      const reg = await register('Wheat');
      const r = await api.call('POST', '/api/sales/make', {
        token: seller.token,
        body: { ...saleBody(reg, paymentMode), ...(upiRef === undefined ? {} : { upiRef }) },
      });
      expect(r.status, r.text).toBe(201);
      return r.json as { invoiceNumber: string; invoiceID: number; totalAmount: number };
    };
    const full = await sale('Online', '4123 4567 8901');
    const last4 = await sale('Online', '8901');
    const none = await sale('Online');
    const cancelled = await sale('Online', '556677');
    await sale('Cash');

    // The bill keeps the digits for staff; the public view (no sign-in) shows no reference.
    const staffBill = await api.call('GET', `/api/invoices/by-number/${full.invoiceNumber}`, { token: tokens.admin });
    expect(staffBill.json.upiRef).toBe('412345678901');
    const publicBill = await api.call('GET', `/api/invoices/by-number/${full.invoiceNumber}`);
    expect(publicBill.status, publicBill.text).toBe(200);
    expect(publicBill.text).not.toContain('412345678901');

    const cancel = await api.call('POST', `/api/invoices/${cancelled.invoiceID}/cancel`, {
      token: tokens.admin,
      body: { reason: 'Paid twice by mistake' },
    });
    expect(cancel.status, cancel.text).toBe(201);

    const day = await dayOf(seller);
    expect(day.onlinePayments).toEqual(
      [
        { invoiceNumber: full.invoiceNumber, amount: full.totalAmount, upiRef: '412345678901' },
        { invoiceNumber: last4.invoiceNumber, amount: last4.totalAmount, upiRef: '8901' },
        { invoiceNumber: none.invoiceNumber, amount: none.totalAmount, upiRef: '' },
      ].sort((x, y) => x.invoiceNumber.localeCompare(y.invoiceNumber)),
    );
    expect(round2(day.onlinePayments.reduce((s: number, o: { amount: number }) => s + o.amount, 0))).toBe(day.onlineAmount);

    const closed = await close(seller, { revision: day.revision });
    expect(closed.status, closed.text).toBe(201);
    expect(closed.json.onlinePayments).toEqual(day.onlinePayments);

    // The day close's export lists them; the bills' export has a column of its own.
    const [header, ...rows] = csvOf((await exportOf('day-close', { format: 'csv', date: today() }, seller.token)).text);
    expect(rows).toHaveLength(1);
    const listed = rows[0]![header!.indexOf('Online bills (UPI reference)')];
    expect(listed).toContain(`${full.invoiceNumber} Rs ${full.totalAmount} UPI 412345678901`);
    expect(listed).toContain(`${none.invoiceNumber} Rs ${none.totalAmount} UPI none`);
    expect(listed).not.toContain(cancelled.invoiceNumber);
    const bills = await exportOf('invoices', { format: 'csv', createdBy: String(seller.userID) }, tokens.admin);
    const [billHeader, ...billRows] = csvOf(bills.text);
    const refColumn = billHeader!.indexOf('UPI reference');
    expect(refColumn).toBeGreaterThan(billHeader!.indexOf('Payment mode'));
    const refs = billRows.map((r) => r[refColumn]).sort();
    expect(refs).toEqual(['', '', '412345678901', '556677', '8901'].sort());
  });

  it('refuses a reference with a cash payment, and one of fewer than 4 or more than 12 digits, with a clear 400', async () => {
    const seller = await newSeller();
    const reg = await register('Wheat');
    for (const [paymentMode, upiRef, says] of [
      ['Cash', '8901', 'A UPI reference goes with an online payment only'],
      ['Online', '123', 'UPI reference: 4 to 12 digits'],
      ['Online', '4123456789012', 'UPI reference: 4 to 12 digits'],
      ['Online', 'UTR8901', 'UPI reference: 4 to 12 digits'],
    ] as const) {
      const r = await api.call('POST', '/api/sales/make', {
        token: seller.token,
        body: { ...saleBody(reg, paymentMode), upiRef },
      });
      expect(r.status, `${paymentMode} ${upiRef}: ${r.text}`).toBe(400);
      expect(r.text).toContain(says);
    }
    expect((await billsOf(seller)).length).toBe(0);
  });
});

describe('closes at once', () => {
  it('20 concurrent closes of one day: one wins, the others are told it is closed', async () => {
    const s = await newSeller();
    await sell(s, 'Chickpea', 'Cash');
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => close(s, { denominations: { n100: i } })));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(19);
    const winner = replies.find((r) => r.status === 201)!;
    expect(await dayOf(s)).toEqual(winner.json);
    expect(await auditEntries('dayclose.close', winner.json.id)).toHaveLength(1);
  });

  it('20 sales racing a close: each sale is in the closed figures or refused, none is lost', async () => {
    const s = await newSeller();
    const regs = [];
    for (let i = 0; i < 20; i++) regs.push(await register(i % 2 ? 'Wheat' : 'Chickpea'));
    // The close is tried until it holds (a 409 for figures changed meanwhile is what a seller would see).
    const closeUntilDone = async () => {
      for (;;) {
        const r = await close(s, { denominations: { n500: 3 } });
        if (r.status === 201) return r;
        expect(r.status, r.text).toBe(409);
        if ((await dayOf(s)).status === 'closed') return undefined;
      }
    };
    const [closed, ...sales] = await Promise.all([
      closeUntilDone(),
      ...regs.map((reg, i) =>
        api.call('POST', '/api/sales/make', { token: s.token, body: saleBody(reg, i % 3 ? 'Cash' : 'Online') }),
      ),
    ]);
    expect(closed?.status).toBe(201);
    for (const r of sales) {
      expect([201, 409], r.text).toContain(r.status);
      if (r.status === 409) expect(r.json.code).toBe('DAY_CLOSED');
    }
    const sold = sales.filter((r) => r.status === 201);
    const day = await dayOf(s);
    expect(day.status).toBe('closed');
    expect(day.bills).toBe(sold.length);
    expect(closed!.json.bills).toBe(sold.length);
    const bills = await billsOf(s);
    expect(bills.map((b: any) => b.invoiceNumber).sort()).toEqual(sold.map((r) => r.json.invoiceNumber).sort());
    expectFiguresOf(day, bills);
    expect(day.difference).toBe(round2(1500 - day.cashAmount));
  });
});

describe('refusals', () => {
  it('a seller closes only their own day and cannot reopen; sellers see their own day only', async () => {
    const a = await newSeller();
    const b = await newSeller();
    await sell(a, 'Wheat', 'Cash');
    const forOther = await close(b, { userID: a.userID });
    expect(forOther.status, forOther.text).toBe(400);
    const closedA = await close(a, {});
    expect(closedA.status, closedA.text).toBe(201);
    for (const token of [b.token, a.token, tokens.seller]) {
      const r = await api.call('POST', `/api/day-close/${closedA.json.id}/reopen`, { token, body: { reason: 'Let me sell' } });
      expect(r.status, r.text).toBe(403);
    }
    expect((await api.call('POST', `/api/day-close/${closedA.json.id}/reopen`, { body: { reason: 'x y z' } })).status).toBe(401);
    const own = await api.call('GET', '/api/day-close', { token: b.token });
    expect(own.json.items.map((i: any) => i.userID)).toEqual([b.userID]);
    expect((await dayOf(a)).status).toBe('closed');
  });

  it('bad denominations, bodies and dates are a clear 400, a future day too', async () => {
    const s = await newSeller();
    const bad: unknown[] = [
      { date: today(), denominations: { n500: -1 } },
      { date: today(), denominations: { n100: 1.5 } },
      { date: today(), denominations: { n200: 1e9 } },
      { date: today(), denominations: { coins: 1e12 } },
      { date: today(), denominations: { n10: 'ten' } },
      { date: today(), denominations: { n2000: 1 } },
      { date: today(), denominations: 'lots' },
      { date: today() },
      { denominations: {} },
      { date: '2026-02-30', denominations: {} },
      { date: 'today', denominations: {} },
      { date: today(), denominations: {}, note: 'x'.repeat(301) },
      { date: today(), denominations: {}, revision: -1 },
      [],
      null,
    ];
    for (const body of bad) {
      const r = await api.call('POST', '/api/day-close', { token: s.token, body });
      expect(r.status, `${JSON.stringify(body)}: ${r.text}`).toBe(400);
      expect(r.json.message).toBeTruthy();
    }
    expect((await postUnreadableJson(api, '/api/day-close', '{"date":', s.token)).status).toBe(400);
    const future = new Date(Date.parse(`${today()}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const r = await close(s, { date: future });
    expect(r.status, r.text).toBe(400);
    expect(r.json.message).toMatch(/has not come yet/);
    expect((await dayOf(s)).status).toBe('open');

    for (const q of ['2026-13-01', 'x', '2026-1-1']) {
      const g = await api.call('GET', '/api/day-close', { token: s.token, query: { date: q } });
      expect(g.status, g.text).toBe(400);
    }
    for (const [id, status] of [
      ['abc', 400],
      ['2026-01-01-0', 400],
      [`${today()}-999999`, 404],
    ] as const) {
      const g = await api.call('POST', `/api/day-close/${id}/reopen`, { token: tokens.admin, body: { reason: 'Counted again' } });
      expect(g.status, `${id}: ${g.text}`).toBe(status);
    }
    const open = await api.call('POST', `/api/day-close/${today()}-${s.userID}/reopen`, {
      token: tokens.admin,
      body: { reason: 'Counted again' },
    });
    expect([404, 409]).toContain(open.status);
    await close(s, {});
    for (const body of [{}, { reason: 'x' }, { reason: 5 }, { reason: 'ok reason', extra: 1 }]) {
      const g = await api.call('POST', `/api/day-close/${today()}-${s.userID}/reopen`, { token: tokens.admin, body });
      expect(g.status, `${JSON.stringify(body)}: ${g.text}`).toBe(400);
    }
  });

  it('a burst of reopens of one close: one wins', async () => {
    const s = await newSeller();
    const closed = await close(s, {});
    expect(closed.status).toBe(201);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.call('POST', `/api/day-close/${closed.json.id}/reopen`, { token: tokens.admin, body: { reason: 'Recount' } }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(9);
    expect((await dayOf(s)).history).toHaveLength(1);
  });

  it('a close is of today or of the 30 days before it: an older day is a clear 400, the 30th day back closes', async () => {
    const s = await newSeller();
    const daysBack = (n: number) => new Date(Date.parse(`${today()}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    for (const date of ['2020-01-01', daysBack(31), daysBack(365)]) {
      const r = await close(s, { date });
      expect(r.status, `${date}: ${r.text}`).toBe(400);
      expect(r.json.message).toMatch(/too long ago to close: a day is closed within 30 days of it/);
      expect(r.json.message).toContain(daysBack(30));
      expect((await dayOf(s, date)).status).toBe('open');
    }
    const replies = await Promise.all(Array.from({ length: 10 }, () => close(s, { date: daysBack(31) })));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(400));

    for (const date of [daysBack(30), daysBack(1)]) {
      const r = await close(s, { date });
      expect(r.status, `${date}: ${r.text}`).toBe(201);
      expect(r.json).toMatchObject({ date, status: 'closed' });
    }
  });
});
