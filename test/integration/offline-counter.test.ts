import { runReconciliation } from '@functions/reconcile/job';
import { setClockForTests } from '@functions/sales/sale-clock';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, QueryCommand } from '@functions/lib/dynamo-commands';
import { docClient, tableName } from '@functions/lib/aws';
import { formatCounterInvoiceNumber, parseCounterInvoiceNumber } from '@shared/schemas/offline-counter';
import { financialYearOf } from '@shared/schemas/sales';
import { newAadhaar, useCrops } from '../fixtures/registration-helpers';
import { adminPost, createCrop, createLot, createProducer } from '../fixtures/catalogue';
import { useTestApi } from '../support/integration';
import { startedWork } from '../support/started-work';
import { newRegistration } from '../support/steps';

/**
 * The offline counter (docs/decisions/0048-offline-counter.md, docs/invariants.md#19-offline-counter-numbers-and-floats):
 * a batch sent twice, or twice at once, is applied once; a registration billed online meanwhile gives exactly
 * one bill and one conflict; counters' floats never together exceed a lot's stock; every number is unique across
 * the series and each counter series is gapless once its unused numbers are counted; conflicts are resolved once,
 * audited; the day close lists the unused numbers.
 */
const { api, tokens } = useTestApi('admin', 'seller');
const work = startedWork();
afterEach(() => work.settled());

let producerID: number;
let cropID: number;
const today = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
const FY = financialYearOf(today());
let nextCode = 0;
/** Each test takes counters of its own (one open preparation per counter). */
const CODES = '123456789ABCDEFGHIJKLMNOPQRSTU';
const newCode = () => CODES[nextCode++];

beforeAll(async () => {
  const post = adminPost(api, tokens.admin);
  ({ producerID } = await createProducer(post, {
    name: 'Offline Producer',
    aadhaarNumber: newAadhaar(),
    contactNumber: '9876543210',
    address: 'Kanpur',
  }));
  ({ cropID } = await createCrop(post, { cropName: 'Chickpea', description: 'Gram seed' }));
  useCrops({ Chickpea: cropID });
  // Stock for every registration of the file to be confirmed; the tests' own small lots are what they sell.
  await lot(100_000);
}, 60_000);

async function lot(kg: number): Promise<{ lotID: number; lotCode: string }> {
  return createLot(adminPost(api, tokens.admin), { producerID, cropID, quantityAvailable: kg, pricePerUnit: 50 });
}

const asAdmin = (method: string, path: string, body?: unknown) => api.call(method, path, { token: tokens.admin, body });
const asSeller = (method: string, path: string, body?: unknown) => api.call(method, path, { token: tokens.seller, body });

async function counter(floatKg: number, blockSize = 5): Promise<string> {
  const code = newCode();
  const r = await asAdmin('PUT', `/api/counters/${code}`, { name: `Gate ${code}`, floatKg, blockSize });
  expect(r.status, r.text).toBe(200);
  return code;
}

async function prepare(code: string, lotIDs: number[]) {
  const r = await asSeller('POST', `/api/counters/${code}/prepare`, { lotIDs });
  expect(r.status, r.text).toBe(200);
  return r.json as {
    preparation: {
      prepId: string;
      blockFrom: string;
      blockTo: string;
      floats: { lotID: number; takenKg: number; leftKg: number }[];
    };
  };
}

async function lotRow(lotID: number) {
  const out = await docClient().send(
    new GetCommand({ TableName: tableName(), Key: { pk: `LOT#${lotID}`, sk: 'LOT' }, ConsistentRead: true }),
  );
  return out.Item as { totalGrams: number; usedGrams: number; remainingGrams: number; floatGrams?: number };
}

async function register(kg = 2) {
  const r = await newRegistration(api, { cropName: 'Chickpea', bagsRequested: kg });
  return { id: r.id, year: r.year };
}

const token = () => randomBytes(16).toString('base64url');
function sale(number: string, reg: { id: number; year: number }, lotID: number, kg = 1) {
  return {
    key: `k-${token()}`,
    kind: 'sale' as const,
    invoiceNumber: number,
    registrationID: reg.id,
    year: reg.year,
    lotID,
    bags: kg,
    paymentMode: 'Cash' as const,
    printedAt: new Date().toISOString(),
    verifyToken: token(),
  };
}

const nth = (code: string, seq: number) => formatCounterInvoiceNumber(FY, code, seq);
const send = (code: string, prepId: string, actions: unknown[]) =>
  asSeller('POST', `/api/counters/${code}/offline-batch`, { prepId, actions });

async function billsOf(reg: { id: number; year: number }) {
  const out = await docClient().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p',
      FilterExpression: 'registrationID = :id AND #y = :y',
      ExpressionAttributeNames: { '#y': 'year' },
      ExpressionAttributeValues: { ':p': `INVOICES#${FY}`, ':id': reg.id, ':y': reg.year },
      ConsistentRead: false,
    }),
  );
  return (out.Items ?? []) as { invoiceNumber: string; status?: string; quantityGrams: number }[];
}

const expectStockKept = (l: { totalGrams: number; usedGrams: number; remainingGrams: number }) => {
  expect(l.usedGrams + l.remainingGrams).toBe(l.totalGrams);
  expect(l.remainingGrams).toBeGreaterThanOrEqual(0);
};

describe('prepare', () => {
  it('reserves a block of the counter series and takes a float from the lot, shown with its limits', async () => {
    const { lotID } = await lot(50);
    const code = await counter(20, 4);
    const p = (await prepare(code, [lotID])).preparation;
    expect(p.blockFrom).toBe(nth(code, 1));
    expect(p.blockTo).toBe(nth(code, 4));
    expect(p.blockFrom).toHaveLength(16);
    expect(p.floats).toEqual([expect.objectContaining({ lotID, takenKg: 20, leftKg: 20 })]);
    const l = await lotRow(lotID);
    expect(l).toMatchObject({ remainingGrams: 30_000, usedGrams: 20_000, floatGrams: 20_000 });
    expectStockKept(l);
    // Prepared again the same day: the same preparation, nothing more taken.
    const again = (await prepare(code, [lotID])).preparation;
    expect(again.prepId).toBe(p.prepId);
    expect((await lotRow(lotID)).remainingGrams).toBe(30_000);
    // The admins' view shows what the counter holds.
    const list = await asAdmin('GET', '/api/counters');
    expect(list.json.items.find((c: { code: string }) => c.code === code).open.prepId).toBe(p.prepId);
  });

  it('a counter not set up, a malformed code and a seller changing settings are refused', async () => {
    expect((await asSeller('POST', '/api/counters/T/prepare', {})).status).toBe(404);
    expect((await asSeller('POST', '/api/counters/c2x/prepare', {})).status).toBe(400);
    expect((await asSeller('PUT', '/api/counters/T', { name: 'x', floatKg: 1, blockSize: 1 })).status).toBe(403);
    expect((await asAdmin('PUT', '/api/counters/T', { name: 'x', floatKg: 0, blockSize: 1 })).status).toBe(400);
  });

  it("two counters' floats, prepared at once, never together exceed the lot's stock", async () => {
    const { lotID } = await lot(30);
    const codes = await Promise.all([counter(20), counter(20), counter(20)]);
    const preps = await Promise.all(
      codes.map((c) => work.track(asSeller('POST', `/api/counters/${c}/prepare`, { lotIDs: [lotID] }))),
    );
    for (const r of preps) expect(r.status, r.text).toBe(200);
    const taken = preps.flatMap((r) => r.json.preparation.floats as { takenKg: number }[]).reduce((s, f) => s + f.takenKg, 0);
    expect(taken).toBe(30);
    const l = await lotRow(lotID);
    expect(l).toMatchObject({ remainingGrams: 0, floatGrams: 30_000 });
    expectStockKept(l);
  });
});

describe('the offline batch', () => {
  it('sent twice, and twice at once, is applied once', async () => {
    const { lotID } = await lot(40);
    const code = await counter(10, 6);
    const { prepId } = (await prepare(code, [lotID])).preparation;
    const regs = await Promise.all([register(), register(), register()]);
    const actions = regs.map((r, i) => sale(nth(code, i + 1), r, lotID, 2));
    const first = await send(code, prepId, actions);
    expect(first.status, first.text).toBe(200);
    expect(first.json.results.map((r: { outcome: string; repeat: boolean }) => [r.outcome, r.repeat])).toEqual([
      ['applied', false],
      ['applied', false],
      ['applied', false],
    ]);
    const second = await send(code, prepId, actions);
    expect(second.json.results.every((r: { outcome: string; repeat: boolean }) => r.outcome === 'applied' && r.repeat)).toBe(
      true,
    );

    // Two more, each sent twice at once.
    const more = await Promise.all([register(), register()]);
    const next = more.map((r, i) => sale(nth(code, i + 4), r, lotID, 2));
    const both = await Promise.all([work.track(send(code, prepId, next)), work.track(send(code, prepId, next))]);
    for (const r of both) expect(r.status, r.text).toBe(200);
    const fresh = both.flatMap((r) => r.json.results).filter((r: { repeat: boolean }) => !r.repeat);
    expect(fresh).toHaveLength(2);

    for (const r of [...regs, ...more]) expect(await billsOf(r)).toHaveLength(1);
    const l = await lotRow(lotID);
    // 10 kg float, 5 bills of 2 kg: the float is used up, the lot's remaining untouched by the sales.
    expect(l).toMatchObject({ remainingGrams: 30_000, usedGrams: 10_000, floatGrams: 0 });
    expectStockKept(l);
    const bill = await asAdmin('GET', `/api/invoices/by-number/${nth(code, 1)}`);
    expect(bill.json.invoiceNumber).toBe(nth(code, 1));
  });

  it('a registration billed online at another counter meanwhile gives exactly one bill and one conflict', async () => {
    const { lotID } = await lot(40);
    const code = await counter(10);
    const { prepId } = (await prepare(code, [lotID])).preparation;
    const reg = await register();
    const online = await asSeller('POST', '/api/sales/make', {
      lotID,
      registrationID: reg.id,
      year: reg.year,
      bags: 1,
      paymentMode: 'Cash',
    });
    expect(online.status, online.text).toBe(201);
    const action = sale(nth(code, 1), reg, lotID, 1);
    const [a, b] = await Promise.all([work.track(send(code, prepId, [action])), work.track(send(code, prepId, [action]))]);
    for (const r of [a, b]) {
      expect(r.status, r.text).toBe(200);
      expect(r.json.results[0]).toMatchObject({ outcome: 'conflict', conflictKind: 'billed-elsewhere' });
    }
    expect(await billsOf(reg)).toEqual([expect.objectContaining({ invoiceNumber: online.json.invoiceNumber })]);
    const conflicts = await asAdmin('GET', '/api/offline-conflicts');
    const mine = conflicts.json.items.filter((c: { registrationID: number }) => c.registrationID === reg.id);
    expect(mine).toEqual([
      expect.objectContaining({
        invoiceNumber: nth(code, 1),
        kind: 'billed-elsewhere',
        otherInvoiceNumber: online.json.invoiceNumber,
      }),
    ]);
    // The float keeps the conflict's kg (they go back at the reconciliation).
    expect((await lotRow(lotID)).floatGrams).toBe(10_000);

    // Kept is refused (billed once); cancelled by credit note once, audited; the number is then a cancelled bill.
    const keep = await asAdmin('POST', `/api/offline-conflicts/${nth(code, 1)}/resolve`, { resolution: 'keep', reason: 'try' });
    expect(keep.status, keep.text).toBe(409);
    // Resolved the next day: the reports count the bill on the day it was printed, its credit note on this one.
    const nextDay = Date.now() + 86_400_000;
    setClockForTests(() => new Date(nextDay));
    const cancels = await Promise.all(
      [1, 2, 3].map(() =>
        work.track(
          asAdmin('POST', `/api/offline-conflicts/${nth(code, 1)}/resolve`, { resolution: 'cancel', reason: 'Billed twice' }),
        ),
      ),
    ).finally(() => setClockForTests());
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const done = cancels.find((r) => r.status === 200)!.json;
    expect(done).toMatchObject({ status: 'cancelled', creditNoteNumber: expect.stringMatching(/^CN\d{4}-\d{6}$/) });
    const printed = await asAdmin('GET', `/api/invoices/by-number/${nth(code, 1)}`);
    expect(printed.json).toMatchObject({ status: 'cancelled', creditNoteNumber: done.creditNoteNumber });
    // The nightly reconciliation, which recomputes the report counters from the bills, finds nothing of this bill's to correct.
    const run = await runReconciliation();
    expect('busy' in run, 'the reconciliation ran').toBe(false);
    const ofThisBill = ('busy' in run ? [] : run.counters).filter(
      (c) => c.counter.startsWith('RPT#') && ['billed', 'grams', 'cashPaise'].includes(c.measure),
    );
    expect(ofThisBill).toEqual([]);
  });

  it('a sale beyond the float is a conflict; kept, its kg come from the lot', async () => {
    const { lotID } = await lot(20);
    const code = await counter(2);
    const { prepId } = (await prepare(code, [lotID])).preparation;
    const reg = await register(3);
    const r = await send(code, prepId, [sale(nth(code, 1), reg, lotID, 3)]);
    expect(r.json.results[0]).toMatchObject({ outcome: 'conflict', conflictKind: 'float-exceeded' });
    const kept = await asAdmin('POST', `/api/offline-conflicts/${nth(code, 1)}/resolve`, {
      resolution: 'keep',
      reason: 'The seed was handed over',
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json.status).toBe('kept');
    expect(await billsOf(reg)).toHaveLength(1);
    const l = await lotRow(lotID);
    expect(l).toMatchObject({ remainingGrams: 15_000, floatGrams: 2_000 });
    expectStockKept(l);
  });

  it('refuses numbers outside the block, repeated numbers and another preparation', async () => {
    const { lotID } = await lot(20);
    const code = await counter(5, 3);
    const { prepId } = (await prepare(code, [lotID])).preparation;
    const reg = await register();
    expect((await send(code, prepId, [sale(nth(code, 4), reg, lotID)])).status).toBe(400);
    expect((await send(code, prepId, [sale(nth('Z', 1), reg, lotID)])).status).toBe(400);
    const a = sale(nth(code, 1), reg, lotID);
    expect((await send(code, prepId, [a, { ...a, key: 'k-another-key-1234567' }])).status).toBe(400);
    expect((await send(code, `${today()}.${code}.999`, [a])).status).toBe(404);
    expect((await send(code, prepId, [{ ...a, verifyToken: 'short' }])).status).toBe(400);
  });
});

describe('the prepared list', () => {
  it("holds the day's confirmed, unbilled registrations of the counter's shifts with their letters' codes, and floats of their crop's lots", async () => {
    const { setClockForTests } = await import('@functions/sales/sale-clock');
    const reg = await newRegistration(api, { cropName: 'Chickpea', bagsRequested: 2 });
    const r = await asAdmin('GET', `/api/registrations?id=${reg.id}`);
    const day = r.json.items[0].appointmentDate as string;
    setClockForTests(() => new Date(`${day}T10:00:00+05:30`));
    try {
      const code = await counter(5);
      const p = await asSeller('POST', `/api/counters/${code}/prepare`, {});
      expect(p.status, p.text).toBe(200);
      expect(p.json.rows).toContainEqual(
        expect.objectContaining({ registrationID: reg.id, code: reg.uniqueCode, saleLimit: 2, status: 'expected' }),
      );
      expect(p.json.preparation.day).toBe(day);
      expect(p.json.preparation.floats.length).toBeGreaterThan(0);
      expect(
        p.json.preparation.floats.every((f: { cropID: number; takenKg: number }) => f.cropID === cropID && f.takenKg === 5),
      ).toBe(true);
      expect(p.json.tokenPrefix).toBe(`C${code}-`);
    } finally {
      setClockForTests();
    }
  });
});

describe('numbers and the reconciliation', () => {
  it('numbers are unique across all series, each counter series gapless once its unused numbers are counted', async () => {
    const { lotID } = await lot(60);
    const codes = [await counter(10, 4), await counter(10, 4)];
    const preps = await Promise.all(codes.map(async (c) => (await prepare(c, [lotID])).preparation));
    const regs = await Promise.all([register(), register(), register()]);
    // Counter 1 bills two, counter 2 one; an online sale goes on meanwhile.
    await send(codes[0], preps[0].prepId, [sale(nth(codes[0], 1), regs[0], lotID), sale(nth(codes[0], 2), regs[1], lotID)]);
    await send(codes[1], preps[1].prepId, [sale(nth(codes[1], 1), regs[2], lotID)]);
    const online = await register();
    const sold = await asSeller('POST', '/api/sales/make', {
      lotID,
      registrationID: online.id,
      year: online.year,
      bags: 1,
      paymentMode: 'Cash',
    });
    expect(sold.status, sold.text).toBe(201);

    const closed = await Promise.all(
      codes.map((c, i) => work.track(asSeller('POST', `/api/counters/${c}/reconcile`, { prepId: preps[i].prepId }))),
    );
    for (const r of closed) expect(r.status, r.text).toBe(200);
    expect(closed[0].json.preparation.unused).toEqual([nth(codes[0], 3), nth(codes[0], 4)]);
    expect(closed[1].json.preparation.unused).toEqual([nth(codes[1], 2), nth(codes[1], 3), nth(codes[1], 4)]);
    // 10 kg each; 2 and 1 sold: 8 and 9 back to the lot.
    expect(closed.map((r) => r.json.givenBackKg)).toEqual([8, 9]);
    const l = await lotRow(lotID);
    expect(l.floatGrams).toBe(0);
    expect(l.usedGrams).toBe(4_000);
    expectStockKept(l);

    // Every series: bills + unused = 1..last handed out, no number twice.
    const all = await docClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': `INVOICES#${FY}` },
      }),
    );
    const numbers = (all.Items ?? []).map((i) => i.invoiceNumber as string);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const [i, c] of codes.entries()) {
      const mine = numbers.filter((n) => parseCounterInvoiceNumber(n)?.code === c);
      const accounted = [...mine, ...closed[i].json.preparation.unused]
        .map((n) => parseCounterInvoiceNumber(n)!.seq)
        .sort((a, b) => a - b);
      expect(accounted).toEqual([1, 2, 3, 4]);
    }

    // The day close lists each preparation with its unused numbers (admins).
    const day = await asAdmin('GET', `/api/day-close?date=${today()}`);
    expect(day.status, day.text).toBe(200);
    const listed = day.json.offline.filter((p: { code: string }) => codes.includes(p.code));
    expect(listed.map((p: { unused: string[] }) => p.unused.length).sort()).toEqual([2, 3]);

    // Reconciled: a new preparation gets the next block; a late bill of the old one becomes a conflict and leaves the unused list.
    const next = (await prepare(codes[0], [lotID])).preparation;
    expect(next.blockFrom).toBe(nth(codes[0], 5));
    // The bill page: a number handed out and not yet sent is being recorded; one reported unused is no bill.
    const billPage = async (number: string) => {
      const r = await api.call('GET', `/bill/${number}?lang=en`);
      return { status: r.status, recording: r.text.includes('data-testid="bill-being-recorded"') };
    };
    expect(await billPage(nth(codes[0], 5))).toEqual({ status: 200, recording: true });
    expect(await billPage(nth(codes[0], 3))).toMatchObject({ status: 404, recording: false });
    expect(await billPage(nth(codes[1], 4))).toMatchObject({ status: 404, recording: false });
    const lateReg = await register();
    const late = await send(codes[0], preps[0].prepId, [sale(nth(codes[0], 3), lateReg, lotID)]);
    expect(late.json.results[0]).toMatchObject({ outcome: 'conflict', conflictKind: 'after-reconciliation' });
    // Printed and come back late: a conflict for admins, so its page says it is being recorded again.
    expect(await billPage(nth(codes[0], 3))).toEqual({ status: 200, recording: true });
    const after = await asAdmin('GET', `/api/day-close?date=${today()}`);
    const old = after.json.offline.find((p: { prepId: string }) => p.prepId === preps[0].prepId);
    expect(old.unused).toEqual([nth(codes[0], 4)]);
  });

  it('a counter prepared on an earlier day and never reconciled is shown overdue and must reconcile first', async () => {
    const { lotID } = await lot(20);
    const code = await counter(5);
    await prepare(code, [lotID]);
    const { setClockForTests } = await import('@functions/sales/sale-clock');
    setClockForTests(() => new Date(Date.now() + 86_400_000));
    try {
      const list = await asAdmin('GET', '/api/counters');
      const mine = list.json.items.find((c: { code: string }) => c.code === code);
      expect(mine).toMatchObject({
        overdue: true,
        open: expect.objectContaining({ floats: [expect.objectContaining({ leftKg: 5 })] }),
      });
      expect((await asSeller('POST', `/api/counters/${code}/prepare`, { lotIDs: [lotID] })).status).toBe(409);
    } finally {
      setClockForTests();
    }
  });
});
