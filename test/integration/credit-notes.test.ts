import { QueryCommand } from '@functions/lib/dynamo-commands';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { docClient, tableName } from '@functions/lib/aws';
import { kolkataDay } from '@functions/lib/stats';
import { readPool } from '@functions/allocation/pool';
import { setCreditNoteClockForTests } from '@functions/sales/credit-notes';
import { setClockForTests } from '@functions/sales/sale-clock';
import { useCrops } from '../fixtures/registration-helpers';
import { dashboardSummary } from '../fixtures/dashboard';
import { postUnreadableJson } from '../support/api-checks';
import { useTestApi } from '../support/integration';
import { newRegistration, sold } from '../support/steps';

/**
 * Cancelling a bill by credit note (docs/decisions/0023-records.md, section 1) through the real gateway and
 * DynamoDB Local: one credit note however many cancel at once, gapless numbers per financial year, the stock,
 * the promise and the registration given back, the bill's reads, the list, the dashboard, the requests of
 * sellers, and the refusals (roles, bodies, missing bills).
 */
const { api, tokens } = useTestApi('admin', 'seller');
let producerID: number;
let cropID: number;

beforeAll(async () => {
  const p = await api.call('POST', '/api/producers', {
    token: tokens.admin,
    body: { name: 'Credit Producer', aadhaarNumber: '734512349878', contactNumber: '9876543210', address: 'Kalyanpur' },
  });
  expect(p.status, p.text).toBe(201);
  producerID = p.json.producerID;
  const c = await api.call('POST', '/api/crops', { token: tokens.admin, body: { cropName: 'Chickpea', description: 'Gram' } });
  expect(c.status, c.text).toBe(201);
  cropID = c.json.cropID;
  useCrops({ Chickpea: cropID });
}, 60_000);
afterEach(() => {
  setClockForTests();
  setCreditNoteClockForTests();
});
afterAll(() => {
  setClockForTests();
  setCreditNoteClockForTests();
});

async function lot(quantityAvailable: number, pricePerUnit = 80) {
  const r = await api.call('POST', '/api/lots', {
    token: tokens.admin,
    body: { producerID, cropID, quantityAvailable, pricePerUnit },
  });
  expect(r.status, r.text).toBe(201);
  return r.json as { lotID: number; lotCode: string };
}

async function register(kg = 2) {
  const data = await newRegistration(api, { cropName: 'Chickpea', bagsRequested: kg });
  return { id: data.id as number, year: data.year as number };
}

const sell = (reg: { id: number; year: number }, lotID: number, kg = 2, token = tokens.seller) =>
  sold(api, token, reg, lotID, { bags: kg });

async function billed(kg = 2, lotID?: number) {
  const l = lotID ?? (await lot(1000)).lotID;
  const reg = await register(kg);
  return { reg, lotID: l, ...(await sell(reg, l, kg)) };
}

const cancel = (invoiceID: number, body: unknown, token: string | null = tokens.admin) =>
  api.call('POST', `/api/invoices/${invoiceID}/cancel`, { token: token ?? undefined, body });

const lotState = async (lotID: number) =>
  (await api.call('GET', `/api/lots/${lotID}`, { token: tokens.admin })).json as {
    quantityAvailable: number;
    quantityUsed: number;
    remaining: number;
  };

const bill = async (number: string, o: { token?: string; t?: string } = {}) =>
  api.call('GET', `/api/invoices/by-number/${number}`, { token: o.token, query: o.t ? { t: o.t } : undefined });

/** Audit entries of today with this action and target. */
async function auditEntries(action: string, subjectId: string) {
  const out = await docClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `AUDIT#${kolkataDay()}` },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).filter((i) => i.action === action && i.subjectId === subjectId);
}

const CN_RE = /^CN\d{4}-\d{6}$/;

describe('cancelling a bill', () => {
  it('issues a credit note and gives everything back: stock, promise, registration, totals', async () => {
    const l = await lot(500);
    const reg = await register(3);
    const poolBefore = await readPool(cropID, reg.year);
    const b = { reg, lotID: l.lotID, ...(await sell(reg, l.lotID, 3)) };
    expect((await readPool(cropID, reg.year)).soldGrams).toBe(poolBefore.soldGrams + 3000);
    const before = await lotState(l.lotID);
    expect(before.quantityUsed).toBe(3);
    const dashBefore = await dashboardSummary(api, tokens.admin);

    const r = await cancel(b.invoiceID, { reason: 'Wrong lot chosen at the counter' });
    expect(r.status, r.text).toBe(201);
    expect(r.json.creditNoteNumber).toMatch(CN_RE);
    expect(r.json.invoiceNumber).toBe(b.invoiceNumber);
    expect(r.json.creditNoteNumber.length).toBeLessThanOrEqual(16);

    const after = await lotState(l.lotID);
    expect(after.quantityUsed).toBe(0);
    expect(after.remaining).toBe(500);
    expect(after.quantityUsed + after.remaining).toBe(after.quantityAvailable);

    const pool = await readPool(cropID, b.reg.year);
    expect(pool.freeGrams).toBe(pool.stockGrams - pool.soldGrams - pool.promisedGrams);
    // The sale's pool update reversed: the promise is held again and nothing stays sold.
    expect({ sold: pool.soldGrams, promised: pool.promisedGrams, free: pool.freeGrams }).toEqual({
      sold: poolBefore.soldGrams,
      promised: poolBefore.promisedGrams,
      free: poolBefore.freeGrams,
    });
    const regAfter = await api.call('GET', `/api/registrations/${reg.id}`, { token: tokens.admin, query: { year: reg.year } });
    expect(regAfter.json).toMatchObject({ isBilled: false });

    // The bill: marked cancelled, never deleted; staff see why and the credit note.
    const staff = await bill(b.invoiceNumber, { token: tokens.seller });
    expect(staff.status).toBe(200);
    expect(staff.json).toMatchObject({
      invoiceNumber: b.invoiceNumber,
      status: 'cancelled',
      cancelReason: 'Wrong lot chosen at the counter',
      creditNoteNumber: r.json.creditNoteNumber,
      creditNoteToken: r.json.creditNoteToken,
      totalAmount: b.totalAmount,
    });
    expect(Date.parse(staff.json.cancelledOn)).not.toBeNaN();
    // A QR reader (the bill's token, signed out) sees the same mark; a reader without the token the summary's.
    const qr = await bill(b.invoiceNumber, { t: staff.json.verifyToken });
    expect(qr.json).toMatchObject({
      status: 'cancelled',
      creditNoteNumber: r.json.creditNoteNumber,
      creditNoteToken: r.json.creditNoteToken,
    });
    const bare = await bill(b.invoiceNumber);
    expect(bare.json).toMatchObject({ view: 'summary', status: 'cancelled', creditNoteNumber: r.json.creditNoteNumber });
    expect(bare.json.cancelReason).toBeUndefined();

    // The registration can be billed again, with a new number.
    const again = await sell(b.reg, l.lotID, 3);
    expect(again.invoiceNumber).not.toBe(b.invoiceNumber);
    expect((await lotState(l.lotID)).quantityUsed).toBe(3);

    // The dashboard counts net of the cancellation (the new bill counts, the cancelled one not).
    const dash = await dashboardSummary(api, tokens.admin);
    expect(dash.sales.totalCount).toBe(dashBefore.sales.totalCount);
    expect(dash.sales.totalAmount).toBe(dashBefore.sales.totalAmount);
    const seller = await dashboardSummary(api, tokens.seller);
    expect(seller.sales.last10Amounts).not.toContain(undefined);

    // One audit entry for the cancellation, with the lot's grams before -> after; the sale's entry names the same bill.
    const entries = await auditEntries('invoice.cancel', b.invoiceNumber);
    expect(entries).toHaveLength(1);
    const lotChanges = (entries[0].changes as { field: string; before: string; after: string }[]).filter((c) =>
      c.field.startsWith('lot '),
    );
    expect(lotChanges.map((c) => Number(c.after) - Number(c.before))).toEqual([-3000, 3000]);
    expect(await auditEntries('sale.make', b.invoiceNumber)).toHaveLength(1);
  });

  it('the credit note: in full with its token or for staff, a summary otherwise; its QR image', async () => {
    const b = await billed();
    const r = await cancel(b.invoiceID, { reason: 'Duplicate bill' });
    expect(r.status, r.text).toBe(201);
    const number = r.json.creditNoteNumber as string;
    const full = await api.call('GET', `/api/credit-notes/by-number/${number}`, { query: { t: r.json.creditNoteToken } });
    expect(full.status).toBe(200);
    expect(full.json).toMatchObject({
      view: 'full',
      creditNoteNumber: number,
      invoiceNumber: b.invoiceNumber,
      totalAmount: b.totalAmount,
      quantityKg: 2,
      reason: 'Duplicate bill',
      verifyToken: r.json.creditNoteToken,
    });
    // The supplier and HSN code of the bill of supply it cancels, as the bill shows them.
    const bill = await api.call('GET', `/api/invoices/by-number/${b.invoiceNumber}`, { token: tokens.admin });
    expect(bill.json.supplier).toBeDefined();
    expect(full.json.supplier).toEqual(bill.json.supplier);
    expect(full.json.hsnCode).toBe(bill.json.hsnCode);
    expect(full.headers.get('cache-control')).toContain('no-store');
    const staff = await api.call('GET', `/api/credit-notes/by-number/${number.toLowerCase()}`, { token: tokens.seller });
    expect(staff.json.view).toBe('full');
    const summary = await api.call('GET', `/api/credit-notes/by-number/${number}`, { query: { t: 'x'.repeat(22) } });
    expect(summary.json.view).toBe('summary');
    expect(summary.json.farmerName).toBeUndefined();
    const png = await api.call('GET', `/api/credit-notes/by-number/${number}/qrcode.png`, {
      query: { t: r.json.creditNoteToken },
    });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    for (const missing of ['CN2627-999999', 'INV2627-000001', 'nothing']) {
      const m = await api.call('GET', `/api/credit-notes/by-number/${missing}`);
      expect(m.status, missing).toBe(404);
    }
  });

  it('20 cancellations of one bill at once: one credit note, the others 409 naming it', async () => {
    const b = await billed();
    const l0 = await lotState(b.lotID);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => cancel(b.invoiceID, { reason: `Cancel attempt ${i}` })),
    );
    const ok = replies.filter((r) => r.status === 201);
    expect(ok).toHaveLength(1);
    const number = ok[0]!.json.creditNoteNumber;
    for (const r of replies.filter((x) => x.status !== 201)) {
      expect(r.status, r.text).toBe(409);
      expect(r.json.message).toContain(number);
    }
    const l1 = await lotState(b.lotID);
    expect(l1.quantityUsed).toBe(l0.quantityUsed - 2);
    expect(await auditEntries('invoice.cancel', b.invoiceNumber)).toHaveLength(1);
    // And afterwards as well.
    const late = await cancel(b.invoiceID, { reason: 'Once more' });
    expect(late.status).toBe(409);
    expect(late.json.message).toContain(number);
  });

  it('credit note numbers are gapless per financial year when 20 bills are cancelled at once', async () => {
    const l = await lot(1000);
    const bills = [];
    for (let i = 0; i < 20; i++) bills.push(await billed(1, l.lotID));
    // A financial year of its own, so that its numbers start at 1.
    setCreditNoteClockForTests(() => new Date('2031-06-15T06:00:00Z'));
    const replies = await Promise.all(bills.map((b, i) => cancel(b.invoiceID, { reason: `Batch cancel ${i}` })));
    for (const r of replies) expect(r.status, r.text).toBe(201);
    const numbers = replies.map((r) => r.json.creditNoteNumber as string).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `CN3132-${String(i + 1).padStart(6, '0')}`));
    const s = await lotState(l.lotID);
    expect(s.quantityUsed).toBe(0);
    expect(s.quantityUsed + s.remaining).toBe(s.quantityAvailable);
  });

  it('refuses other roles, bad bodies, missing bills, and bills already cancelled', async () => {
    const b = await billed();
    expect((await cancel(b.invoiceID, { reason: 'Seller tries' }, tokens.seller)).status).toBe(403);
    expect((await cancel(b.invoiceID, { reason: 'Nobody tries' }, null)).status).toBe(401);
    for (const body of [
      {},
      { reason: '' },
      { reason: 'ab' },
      { reason: 'x'.repeat(301) },
      { reason: 12345 },
      { reason: 'fine', extra: 1 },
      { reason: 'ok ok', requestId: 'nope' },
      [],
      null,
    ]) {
      const r = await cancel(b.invoiceID, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await postUnreadableJson(api, `/api/invoices/${b.invoiceID}/cancel`, '{"reason":', tokens.admin)).status).toBe(400);
    const missing = await cancel(b.invoiceID + 900_000, { reason: 'No such bill' });
    expect(missing.status).toBe(404);
    expect((await cancel(12, { reason: 'Not an id of a bill' })).status).toBe(404);
    expect((await api.call('POST', '/api/invoices/abc/cancel', { token: tokens.admin, body: { reason: 'abc' } })).status).toBe(
      400,
    );
    // Nothing changed.
    expect((await bill(b.invoiceNumber, { token: tokens.admin })).json.status).toBe('issued');
  });
});

describe('the bills list and totals', () => {
  it('shows the status, filters by it, and counts cancelled bills out of amountSum', async () => {
    const l = await lot(100, 50);
    const a = await billed(1, l.lotID);
    const b = await billed(2, l.lotID);
    expect((await cancel(a.invoiceID, { reason: 'Entered twice' })).status).toBe(201);
    const list = async (status?: string) => {
      const r = await api.call('GET', '/api/invoices', {
        token: tokens.admin,
        query: { lotCode: l.lotCode, ...(status ? { status } : {}) },
      });
      expect(r.status, r.text).toBe(200);
      return r.json as { items: { invoiceNumber: string; status: string }[]; total: number; amountSum: number };
    };
    const all = await list();
    expect(all.total).toBe(2);
    expect(all.amountSum).toBe(b.totalAmount);
    expect(Object.fromEntries(all.items.map((i) => [i.invoiceNumber, i.status]))).toEqual({
      [a.invoiceNumber]: 'cancelled',
      [b.invoiceNumber]: 'issued',
    });
    const cancelled = await list('cancelled');
    expect(cancelled.items.map((i) => i.invoiceNumber)).toEqual([a.invoiceNumber]);
    expect(cancelled.amountSum).toBe(0);
    expect((await list('issued')).items.map((i) => i.invoiceNumber)).toEqual([b.invoiceNumber]);
    expect((await list('all')).total).toBe(2);
    expect((await api.call('GET', '/api/invoices', { token: tokens.admin, query: { status: 'void' } })).status).toBe(400);
  });
});

describe("sellers' requests", () => {
  const requestCancel = (invoiceID: number, body: unknown, token: string | null = tokens.seller) =>
    api.call('POST', `/api/invoices/${invoiceID}/cancel-request`, { token: token ?? undefined, body });
  const requests = async (status?: string) => {
    const r = await api.call('GET', '/api/invoices/cancel-requests', { token: tokens.admin, query: status ? { status } : {} });
    expect(r.status, r.text).toBe(200);
    return r.json as { items: any[]; total: number };
  };

  it('a request is listed for admins and approved by the cancel that names it', async () => {
    const b = await billed();
    const r = await requestCancel(b.invoiceID, { reason: 'Farmer asked for another lot' });
    expect(r.status, r.text).toBe(201);
    expect(r.json).toMatchObject({ invoiceNumber: b.invoiceNumber, status: 'open', totalAmount: b.totalAmount, quantityKg: 2 });
    const open = await requests('open');
    expect(open.items.find((x) => x.id === r.json.id)).toMatchObject({ reason: 'Farmer asked for another lot', status: 'open' });
    expect((await api.call('GET', '/api/invoices/cancel-requests', { token: tokens.seller })).status).toBe(403);

    const c = await cancel(b.invoiceID, { reason: 'Approved: another lot', requestId: r.json.id });
    expect(c.status, c.text).toBe(201);
    const approved = (await requests('approved')).items.find((x) => x.id === r.json.id);
    expect(approved).toMatchObject({ status: 'approved', creditNoteNumber: c.json.creditNoteNumber });
    expect((await requests('open')).items.find((x) => x.id === r.json.id)).toBeUndefined();
    expect(await auditEntries('invoice.cancel-request', b.invoiceNumber)).toHaveLength(1);
    // A cancelled bill takes no request.
    expect((await requestCancel(b.invoiceID, { reason: 'Again please' })).status).toBe(409);
  });

  it('one open request per bill under a burst; refused with a note, then a new one may be made', async () => {
    const b = await billed();
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => requestCancel(b.invoiceID, { reason: `Request ${i}` })));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of burst.filter((x) => x.status !== 201)) expect(r.status, r.text).toBe(409);
    const id = burst.find((r) => r.status === 201)!.json.id as string;

    const refuse = (rid: string, body: unknown, token: string = tokens.admin) =>
      api.call('POST', `/api/invoices/cancel-requests/${rid}/refuse`, { token, body });
    expect((await refuse(id, { note: 'No' }, tokens.seller)).status).toBe(403);
    expect((await refuse(id, {})).status).toBe(400);
    expect((await refuse('not-an-id', { note: 'Bill is right' })).status).toBe(400);
    expect((await refuse('00000000-0000-4000-8000-000000000000', { note: 'Bill is right' })).status).toBe(404);
    const refusals = await Promise.all(Array.from({ length: 10 }, () => refuse(id, { note: 'The bill is right' })));
    expect(refusals.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of refusals.filter((x) => x.status !== 200)) expect(r.status, r.text).toBe(409);
    expect((await requests('refused')).items.find((x) => x.id === id)).toMatchObject({
      note: 'The bill is right',
      status: 'refused',
    });
    expect(await auditEntries('invoice.cancel-request-refuse', b.invoiceNumber)).toHaveLength(1);
    // An approve naming the refused request is refused; the bill stays issued.
    expect((await cancel(b.invoiceID, { reason: 'Approve late', requestId: id })).status).toBe(409);
    expect((await bill(b.invoiceNumber, { token: tokens.admin })).json.status).toBe('issued');
    // A new request may be made, and a plain cancel closes it as approved.
    const again = await requestCancel(b.invoiceID, { reason: 'Second request' });
    expect(again.status, again.text).toBe(201);
    expect((await cancel(b.invoiceID, { reason: 'Cancelled directly' })).status).toBe(201);
    expect((await requests()).items.find((x) => x.id === again.json.id).status).toBe('approved');
  });

  it('refuses bad bodies and farmers', async () => {
    const b = await billed();
    for (const body of [{}, { reason: 'a' }, { reason: 'x'.repeat(301) }, { reason: 'ok ok', requestId: 'x' }]) {
      expect((await requestCancel(b.invoiceID, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await requestCancel(b.invoiceID, { reason: 'Anonymous' }, null)).status).toBe(401);
    expect((await requestCancel(b.invoiceID + 900_000, { reason: 'Missing bill' })).status).toBe(404);
    expect(
      (await api.call('GET', '/api/invoices/cancel-requests', { token: tokens.admin, query: { status: 'maybe' } })).status,
    ).toBe(400);
  });
});
