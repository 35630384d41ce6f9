import { GetCommand, TransactWriteCommand } from '@functions/lib/dynamo-commands';
import type { DocClient } from '@functions/lib/dynamo-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { docClient, setDocClientForTests, tableName } from '@functions/lib/aws';
import { saleRetryLimits } from '@functions/sales/make-sale';
import { setClockForTests } from '@functions/sales/sale-clock';
import { useCrops } from '../fixtures/registration-helpers';
import { createAccount, signIn } from '../fixtures/accounts';
import { adminPost, createCrop, createLot, createProducer } from '../fixtures/catalogue';
import { useTestApi } from '../support/integration';
import { startedWork } from '../support/started-work';
import { newRegistration } from '../support/steps';

/**
 * Invariants 3, 4 and 5 (docs/invariants.md) under concurrency against DynamoDB Local, plus the failures DynamoDB
 * Local never produces (transaction conflicts, throttling, lost answers), injected by wrapping the document client:
 *  3. for every lot used + remaining = total and remaining never below zero;
 *  4. invoice numbers unique and consecutive, no gaps, per financial year;
 *  5. a registration billed at most once.
 * Each scenario runs in its own (future) financial year, set with the sales clock, so its numbers start at 1.
 */
const { api, tokens } = useTestApi('super_admin', 'admin');
let producerID: number;
let chickpeaID: number;
const sellers: string[] = [];
const realClient = () => docClient();
/** The registrations and sales a test starts: its end waits for all of them, before the clock is reset. */
const work = startedWork();

type Reg = { id: number; year: number };

beforeAll(async () => {
  const asAdmin = adminPost(api, tokens.admin);
  ({ producerID } = await createProducer(asAdmin, {
    name: 'Concurrency Producer',
    aadhaarNumber: '745612349878',
    contactNumber: '9876543210',
    address: 'Kanpur',
  }));
  ({ cropID: chickpeaID } = await createCrop(asAdmin, { cropName: 'Chickpea', description: 'Gram seed' }));
  useCrops({ Chickpea: chickpeaID });
  // Stock enough for every registration of the file, so each is confirmed (docs/decisions/0022-allocation.md,
  // section 12); the sales race for the stock of the small lots each test makes.
  await lot(1_000_000);
  // Five counters, each with its own seller account.
  for (let i = 1; i <= 5; i++) {
    const email = `counter-${i}-${Date.now()}@test.local`;
    const account = { fullName: `Counter ${i}`, email, password: 'counter-pass-1', isActive: true, roleIds: [3] };
    await createAccount(api, tokens.super_admin, account);
    sellers.push(await signIn(api, email, account.password));
  }
}, 120_000);

afterAll(async () => {
  setDocClientForTests(undefined);
  setClockForTests();
});

afterEach(async () => {
  await work.settled();
  setClockForTests();
  saleRetryLimits.deadlineMs = 8_000;
  saleRetryLimits.takeTurnsInProcess = true;
});

async function lot(quantityAvailable: number, pricePerUnit = 75.5) {
  return createLot(adminPost(api, tokens.admin), { producerID, cropID: chickpeaID, quantityAvailable, pricePerUnit });
}

/** n chickpea registrations through the public API, eight at a time, each asking for `kg` (a sale may not give more than asked). */
async function registrations(n: number, kg = 1): Promise<Reg[]> {
  const out: Reg[] = [];
  let next = 0;
  await work.all(
    Array.from({ length: 8 }, async () => {
      while (next < n) {
        next++;
        const data = await newRegistration(api, { cropName: 'Chickpea', bagsRequested: kg });
        out.push({ id: data.id, year: data.year });
      }
    }),
  );
  return out;
}

function sell(reg: Reg, lotID: number, token: string, bags = 1) {
  return work.track(
    api.call('POST', '/api/sales/make', {
      token,
      body: { lotID, registrationID: reg.id, year: reg.year, bags, bagSizeKg: 1, paymentMode: 'Cash' },
    }),
  );
}

async function lotState(lotID: number) {
  const r = await api.call('GET', `/api/lots/${lotID}`, { token: tokens.admin });
  return r.json as { quantityAvailable: number; quantityUsed: number; remaining: number };
}

async function counterValue(fy: number): Promise<number> {
  const out = await realClient().send(
    new GetCommand({ TableName: tableName(), Key: { pk: `COUNTER#invoices#${fy}`, sk: 'COUNTER' }, ConsistentRead: true }),
  );
  return Number(out.Item?.value ?? 0);
}

/** Every bill of the financial year starting in `fy` (listed by date range) with the checks of invariants 4 and 5. */
async function checkYear(fy: number) {
  const items: { invoiceNumber: string; registrationID: number; year: number; totalAmount: number }[] = [];
  let total = 0;
  for (let skip = 0; ; skip += 100) {
    const r = await api.call('GET', '/api/invoices', {
      token: tokens.admin,
      query: { from: `${fy}-04-01`, to: `${fy + 1}-03-31`, skip, take: 100 },
    });
    expect(r.status, r.text).toBe(200);
    total = r.json.total;
    items.push(...r.json.items);
    if (r.json.items.length < 100) break;
  }
  const prefix = `INV${String(fy % 100).padStart(2, '0')}${String((fy + 1) % 100).padStart(2, '0')}-`;
  const seqs = items.map((i) => {
    expect(i.invoiceNumber.startsWith(prefix)).toBe(true);
    return Number(i.invoiceNumber.slice(prefix.length));
  });
  seqs.sort((a, b) => a - b);
  // Consecutive from 1, no duplicate, and the counter stands at the last one.
  expect(seqs).toEqual(Array.from({ length: items.length }, (_, i) => i + 1));
  expect(await counterValue(fy)).toBe(items.length);
  // One bill per registration.
  const regs = new Set(items.map((i) => `${i.year}#${i.registrationID}`));
  expect(regs.size).toBe(items.length);
  expect(total).toBe(items.length);
  return items;
}

async function billedCount(regs: Reg[]) {
  let n = 0;
  for (const reg of regs) {
    const r = await api.call('GET', `/api/registrations/${reg.id}`, { token: tokens.admin, query: { year: reg.year } });
    if (r.json.isBilled) n++;
  }
  return n;
}

const inFy = (fy: number) => setClockForTests(() => new Date(`${fy}-06-15T10:00:00+05:30`));

describe('concurrent sales', () => {
  it('100 concurrent sales on a lot with stock for 60: exactly 60 sold, none below zero, numbers 1..60', async () => {
    inFy(2040);
    const l = await lot(60);
    const regs = await registrations(100);
    const replies = await work.all(regs.map((reg, i) => sell(reg, l.lotID, sellers[i % sellers.length])));
    const ok = replies.filter((r) => r.status === 201);
    const refused = replies.filter((r) => r.status !== 201);
    expect(ok.length).toBe(60);
    expect(
      refused.every((r) => r.status === 409 && /^Not enough stock in lot .*: 0 kg left, 1 kg asked$/.test(r.json.message)),
    ).toBe(true);
    const s = await lotState(l.lotID);
    expect(s).toEqual(expect.objectContaining({ quantityAvailable: 60, quantityUsed: 60, remaining: 0 }));
    expect(s.quantityUsed + s.remaining).toBe(s.quantityAvailable);
    const bills = await checkYear(2040);
    expect(bills.length).toBe(60);
    expect(new Set(ok.map((r) => r.json.invoiceNumber))).toEqual(new Set(bills.map((b) => b.invoiceNumber)));
    expect(await billedCount(regs)).toBe(60);
  });

  it('50 concurrent sales at five counters get numbers 1..50; 30 more with stock for 20 get 51..70', async () => {
    inFy(2041);
    const [a, b] = [await lot(1000), await lot(500)];
    const regs = await registrations(80);
    const first = await work.all(regs.slice(0, 50).map((reg, i) => sell(reg, i % 2 ? a.lotID : b.lotID, sellers[i % 5])));
    expect(first.map((r) => r.status)).toEqual(Array(50).fill(201));
    const numbers = first.map((r) => Number(String(r.json.invoiceNumber).split('-')[1])).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));

    const short = await lot(20);
    const second = await work.all(regs.slice(50).map((reg, i) => sell(reg, short.lotID, sellers[i % 5])));
    expect(second.filter((r) => r.status === 201).length).toBe(20);
    expect(second.filter((r) => r.status === 409).length).toBe(10);
    const more = second
      .filter((r) => r.status === 201)
      .map((r) => Number(String(r.json.invoiceNumber).split('-')[1]))
      .sort((x, y) => x - y);
    expect(more).toEqual(Array.from({ length: 20 }, (_, i) => i + 51));
    await checkYear(2041);
    for (const l of [a, b, short]) {
      const s = await lotState(l.lotID);
      expect(s.quantityUsed + s.remaining).toBe(s.quantityAvailable);
      expect(s.remaining).toBeGreaterThanOrEqual(0);
    }
    expect((await lotState(a.lotID)).quantityUsed + (await lotState(b.lotID)).quantityUsed).toBe(50);
  });

  it('keeps the sequence gapless when every request races the counter itself (no in-process turns)', async () => {
    // Like separate Lambda instances: only the counter's condition orders the sales.
    inFy(2046);
    saleRetryLimits.takeTurnsInProcess = false;
    const l = await lot(10);
    const regs = await registrations(14);
    const replies = await work.all(regs.map((reg, i) => sell(reg, l.lotID, sellers[i % 5])));
    expect(replies.filter((r) => r.status === 201).length).toBe(10);
    expect(replies.filter((r) => r.status === 409).length).toBe(4);
    expect((await checkYear(2046)).length).toBe(10);
    expect(await lotState(l.lotID)).toMatchObject({ quantityUsed: 10, remaining: 0 });
  });

  it('bills a registration once when five counters sell it at the same moment', async () => {
    inFy(2042);
    saleRetryLimits.takeTurnsInProcess = false;
    const lots = [await lot(100), await lot(100)];
    const [reg] = await registrations(1, 2);
    const replies = await work.all(sellers.map((t, i) => sell(reg, lots[i % 2].lotID, t, 2)));
    const ok = replies.filter((r) => r.status === 201);
    expect(ok.length).toBe(1);
    for (const r of replies.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.json.message).toBe(`Bill already generated, Bill Number ${ok[0].json.invoiceNumber}`);
    }
    const used = (await lotState(lots[0].lotID)).quantityUsed + (await lotState(lots[1].lotID)).quantityUsed;
    expect(used).toBe(2);
    expect((await checkYear(2042)).length).toBe(1);
  });
});

// ---- injected failures ----

type Fault = (attempt: number) => 'conflict' | 'throttle' | 'cancel-conflict' | 'lost-answer' | undefined;

/** Wraps the real client: sale transactions (those moving the invoice counter) fail as `fault` says. */
function injectFaults(fault: Fault) {
  const real = realClient();
  let saleTx = 0;
  const stats = { injected: 0 };
  const wrapped = new Proxy(real, {
    get(target, prop, receiver) {
      if (prop !== 'send') return Reflect.get(target, prop, receiver);
      return async (command: unknown, ...rest: unknown[]) => {
        const isSale =
          command instanceof TransactWriteCommand &&
          String((command.input.TransactItems?.[0]?.Update?.Key as { pk?: string } | undefined)?.pk ?? '').startsWith(
            'COUNTER#invoices#',
          );
        const kind = isSale ? fault(saleTx++) : undefined;
        const send = (target.send as (...a: unknown[]) => Promise<unknown>).bind(target);
        if (!kind) return send(command, ...rest);
        stats.injected++;
        const err = (name: string, message: string, extra: Record<string, unknown> = {}) =>
          Object.assign(new Error(message), { name, $metadata: { httpStatusCode: 400 }, ...extra });
        if (kind === 'conflict') throw err('TransactionConflictException', 'Transaction is ongoing for the item');
        if (kind === 'throttle') throw err('ProvisionedThroughputExceededException', 'Rate exceeded');
        if (kind === 'cancel-conflict') {
          const n = (command as TransactWriteCommand).input.TransactItems!.length;
          throw err('TransactionCanceledException', 'Transaction cancelled', {
            CancellationReasons: Array.from({ length: n }, (_, i) => ({ Code: i === 2 ? 'TransactionConflict' : 'None' })),
          });
        }
        // The transaction is applied but its answer never arrives.
        await send(command, ...rest);
        throw err('TimeoutError', 'Socket timed out without establishing a connection', { $metadata: {} });
      };
    },
  }) as DocClient;
  setDocClientForTests(wrapped);
  return stats;
}

describe('injected DynamoDB failures on the sale transaction', () => {
  afterEach(async () => {
    await work.settled();
    setDocClientForTests(undefined);
  });

  it('retries conflicts, cancelled-by-conflict transactions and throttling; the sequence stays gapless', async () => {
    inFy(2043);
    const l = await lot(100);
    const regs = await registrations(24);
    const kinds = ['conflict', 'throttle', 'cancel-conflict'] as const;
    const stats = injectFaults((n) => (n % 3 !== 2 ? kinds[n % 3] : undefined));
    const replies = await work.all(regs.map((reg, i) => sell(reg, l.lotID, sellers[i % 5])));
    expect(replies.map((r) => r.status)).toEqual(Array(24).fill(201));
    expect(stats.injected).toBeGreaterThan(24);
    setDocClientForTests(undefined);
    expect((await checkYear(2043)).length).toBe(24);
    expect(await lotState(l.lotID)).toMatchObject({ quantityUsed: 24, remaining: 76 });
  });

  it('a transaction applied whose answer was lost counts once: no second bill, no gap', async () => {
    inFy(2044);
    const l = await lot(100);
    const regs = await registrations(6);
    const stats = injectFaults((n) => (n < 3 ? 'lost-answer' : undefined));
    const replies = [];
    for (const reg of regs) replies.push(await sell(reg, l.lotID, sellers[0]));
    expect(stats.injected).toBe(3);
    expect(replies.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(replies.map((r) => r.json.invoiceNumber)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `INV4445-${String(n).padStart(6, '0')}`),
    );
    setDocClientForTests(undefined);
    expect((await checkYear(2044)).length).toBe(6);
    expect(await lotState(l.lotID)).toMatchObject({ quantityUsed: 6, remaining: 94 });
  });

  it('refuses cleanly when throttling persists, and the next sale takes the next number', async () => {
    inFy(2045);
    saleRetryLimits.deadlineMs = 1_500;
    const l = await lot(100);
    const regs = await registrations(3);
    expect((await sell(regs[0], l.lotID, sellers[0])).status).toBe(201);
    injectFaults(() => 'throttle');
    const refused = await sell(regs[1], l.lotID, sellers[1]);
    expect(refused.status).toBe(503);
    expect(refused.json.message).toBe('Billing is busy right now. No bill was made; please try again.');
    setDocClientForTests(undefined);
    const reg1 = await api.call('GET', `/api/registrations/${regs[1].id}`, {
      token: tokens.admin,
      query: { year: regs[1].year },
    });
    expect(reg1.json.isBilled).toBe(false);
    expect(await lotState(l.lotID)).toMatchObject({ quantityUsed: 1, remaining: 99 });
    const next = await sell(regs[2], l.lotID, sellers[2]);
    expect(next.json.invoiceNumber).toBe('INV4546-000002');
    expect((await checkYear(2045)).length).toBe(2);
  });
});
