import { DeleteCommand, PutCommand } from '@functions/lib/dynamo-commands';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveDraw } from '@functions/allocation/draw-store';
import { EXPIRY_CURSOR_KEY, lastExpiringDay } from '@functions/allocation/expiry';
import { joinQueue, readPool } from '@functions/allocation/pool';
import { queuePk, queueSk } from '@functions/allocation/queue';
import { repairLeakedWaiting, SWEEP_LEASE_KEY, sweepAllocation } from '@functions/allocation/sweep';
import { docClient, setDocClientForTests, tableName } from '@functions/lib/aws';
import { clearAppointmentSettingsCache, forgetFullShifts, readAppointmentSettings } from '@functions/allocation/appointments';
import { getRegistration, regKey, type RegistrationItem } from '@functions/registrations/registration-entity';
import { addDays } from '@shared/allocation-status';
import { startAllocationSweeps } from '@infra/local/lifecycle';
import { kolkataDate } from '@shared/schemas/registration';
import { seedCrop, testAadhaar } from '../fixtures/registration-helpers';
import { faulty, named } from '../support/faulty-client';
import { useTestApi } from '../support/integration';
import { scanTable } from '../support/table';
import { newRegistration } from '../support/steps';

/**
 * The allocation sweep (docs/decisions/0022-allocation.md, sections 5 and 8) on DynamoDB Local: confirmed,
 * unbilled registrations past their collection day expire and give their grams back, the waiting list moves
 * up in order, a billed registration never expires, two sweeps at once do nothing twice; and the staff
 * summary GET /api/allocation.
 *
 * Expiry takes `today` as a parameter: the tests register (appointments from tomorrow on) and sweep with a
 * day a month ahead. Appointments booked by the sweep's promotions are moved beyond that day
 * (AppointmentStartDate), as real promotions book days after the real today.
 */
const { api, tokens } = useTestApi('super_admin', 'admin', 'seller', 'user');
const TODAY = kolkataDate();
const YEAR = Number(TODAY.slice(0, 4));
const SWEEP_DAY = addDays(TODAY, 30);
const KG = 1000;
let producerID: number;

const setConfig = async (key: string, value: string) => {
  const r = await api.call('POST', '/api/config', { token: tokens.super_admin, body: { key, value } });
  expect(r.status, r.text).toBe(200);
  clearAppointmentSettingsCache();
};

beforeAll(async () => {
  await setConfig('PerDayLimit', '0');
  forgetFullShifts();
  const p = await api.call('POST', '/api/producers', {
    token: tokens.admin,
    body: { name: 'Sweep Producer', aadhaarNumber: testAadhaar('73451234222'), contactNumber: '9876543210' },
  });
  expect(p.status, p.text).toBe(201);
  producerID = p.json.producerID;
});

beforeEach(async () => {
  // Each test registers anew from tomorrow on: the previous test's sweep moved the cursor past those days.
  await docClient().send(new DeleteCommand({ TableName: tableName(), Key: EXPIRY_CURSOR_KEY }));
});
afterEach(async () => {
  setDocClientForTests(undefined);
  await setConfig('AppointmentStartDate', '');
});

/** A crop of the catalogue with one lot of `kg` made through the API (its pool gets the stock). */
async function cropWithLot(name: string, kg: number): Promise<{ cropId: number; lotID: number }> {
  const cropId = await seedCrop(name, { stockKg: 0 });
  const r = await api.call('POST', '/api/lots', {
    token: tokens.admin,
    body: { producerID, cropID: cropId, quantityAvailable: kg, pricePerUnit: 30 },
  });
  expect(r.status, r.text).toBe(201);
  return { cropId, lotID: r.json.lotID };
}

/** Registers farmers one after another (so their queue order is the order given). */
async function registerInOrder(cropName: string, n: number, bagsRequested: number) {
  const out: { id: number; year: number; status: string; waitlistPosition?: number }[] = [];
  for (let i = 0; i < n; i++) {
    const data = await newRegistration(api, { cropName, bagsRequested });
    out.push(data);
  }
  return out;
}

const stored = async (regs: { id: number; year: number }[]) =>
  Promise.all(regs.map(async (r) => (await getRegistration(r.year, r.id, true)) as RegistrationItem));

/** Promotions book days after the sweep's day, as real ones book days after the real today. */
const bookPromotionsAfterSweepDay = () => setConfig('AppointmentStartDate', addDays(SWEEP_DAY, 7));

async function itemsOf(cropId: number) {
  const items = await scanTable({ ConsistentRead: true });
  return {
    due: items.filter((i) => String(i.pk).startsWith('DUE#') && String(i.sk).startsWith(`${cropId}#${YEAR}#`)),
    queue: items.filter((i) => i.pk === queuePk(cropId, YEAR)),
    notes: items.filter((i) => i.type === 'outbox'),
  };
}

async function expectWithinStock(cropId: number) {
  const p = await readPool(cropId, YEAR);
  expect(p.promisedGrams + p.soldGrams).toBeLessThanOrEqual(p.stockGrams);
  expect(p.freeGrams).toBe(p.stockGrams - p.soldGrams - p.promisedGrams);
  return p;
}

describe('expiry and promotion', () => {
  it('expires the unbilled confirmed registrations, keeps the billed one, and promotes exactly the next ones in order', async () => {
    const { cropId, lotID } = await cropWithLot('Chickpea', 15);
    const [a, b, c, d, e, f] = await registerInOrder('Chickpea', 6, 5);
    expect([a, b, c].map((r) => r.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    expect([d, e, f].map((r) => [r.status, r.waitlistPosition])).toEqual([
      ['waitlisted', 1],
      ['waitlisted', 2],
      ['waitlisted', 3],
    ]);
    const sale = await api.call('POST', '/api/sales/make', {
      token: tokens.seller,
      body: { registrationID: b.id, year: b.year, lotID, bags: 5, paymentMode: 'Cash' },
    });
    expect(sale.status, sale.text).toBe(201);

    // Nothing is past its collection day yet: a sweep today changes nothing.
    const early = await sweepAllocation({ today: TODAY });
    expect(early).toMatchObject({ expired: 0, promoted: 0, days: [] });

    await bookPromotionsAfterSweepDay();
    const [regA] = await stored([a]);
    const r = await api.call('POST', '/api/allocation/sweep', { token: tokens.admin });
    expect(r.status, r.text).toBe(200);
    expect(r.json, 'a sweep on the real day: nothing is due yet').toEqual({ expired: 0, promoted: 0, days: [] });
    const swept = await sweepAllocation({ today: SWEEP_DAY });
    expect(swept).toMatchObject({ expired: 2, promoted: 2 });
    expect(swept.days).toContain(regA.appointmentDate);

    const [sa, sb, sc, sd, se, sf] = await stored([a, b, c, d, e, f]);
    for (const x of [sa, sc]) {
      expect(x.status).toBe('expired');
      expect(Date.parse(x.expiredOn!)).not.toBeNaN();
    }
    expect(sb).toMatchObject({ status: 'confirmed', isBilled: true });
    expect(sb.expiredOn).toBeUndefined();
    for (const x of [sd, se]) {
      expect(x.status).toBe('confirmed');
      expect(x.appointmentDate! > SWEEP_DAY).toBe(true);
    }
    expect(sf).toMatchObject({ status: 'waitlisted', waitlistPosition: 3 });

    const p = await expectWithinStock(cropId);
    expect(p).toMatchObject({ expired: 2, confirmed: 3, waiting: 1, freeGrams: 0 });
    const { due, queue, notes } = await itemsOf(cropId);
    expect(due.map((x) => x.id).sort()).toEqual([d.id, e.id].sort());
    expect(queue.map((x) => x.id)).toEqual([f.id]);
    const expiredNotes = notes.filter((n) => n.event === 'expired');
    expect(expiredNotes.map((n) => n.id).sort()).toEqual([a.id, c.id].sort());
    expect(expiredNotes.find((n) => n.id === a.id)).toMatchObject({
      mobile: sa.mobileNumber,
      template: 'allocation.expired',
      status: 'pending',
      values: { number: a.id, crop: 'Chickpea', date: sa.appointmentDate },
    });

    // Run again: nothing left to do.
    expect(await sweepAllocation({ today: SWEEP_DAY })).toMatchObject({ expired: 0, promoted: 0 });
  });

  it('two sweeps at once expire and promote each registration at most once and never over-promise', async () => {
    const { cropId } = await cropWithLot('Mustard', 20);
    const regs = await registerInOrder('Mustard', 10, 5);
    const confirmed = regs.filter((r) => r.status === 'confirmed');
    const waiting = regs.filter((r) => r.status === 'waitlisted');
    expect(confirmed).toHaveLength(4);
    expect(waiting.map((r) => r.waitlistPosition)).toEqual([1, 2, 3, 4, 5, 6]);

    await bookPromotionsAfterSweepDay();
    // The lease is not taken: both run in full, side by side.
    const both = await Promise.all([sweepAllocation({ today: SWEEP_DAY }), sweepAllocation({ today: SWEEP_DAY })]);
    expect(both[0].expired + both[1].expired).toBe(4);
    expect(both[0].promoted + both[1].promoted).toBe(4);

    const after = await stored(regs);
    expect(after.filter((x) => x.status === 'expired').map((x) => x.id)).toEqual(confirmed.map((r) => r.id));
    expect(after.filter((x) => x.status === 'confirmed').map((x) => x.id)).toEqual(waiting.slice(0, 4).map((r) => r.id));
    expect(after.filter((x) => x.status === 'waitlisted').map((x) => x.waitlistPosition)).toEqual([5, 6]);
    const p = await expectWithinStock(cropId);
    expect(p).toMatchObject({ promisedGrams: 20 * KG, confirmed: 4, expired: 4, waiting: 2 });
    const { due, queue, notes } = await itemsOf(cropId);
    expect(due).toHaveLength(4);
    expect(queue.map((x) => x.position)).toEqual([5, 6]);
    const ids = new Set(regs.map((r) => r.id));
    const mine = notes.filter((n) => ids.has(n.id));
    expect(mine.filter((n) => n.event === 'expired')).toHaveLength(4);
    expect(mine.filter((n) => n.event === 'promoted')).toHaveLength(4);
  });
});

describe('a run out of time', () => {
  it('begins no expiry after its budget, leaves the cursor before that day, and the next run does it', async () => {
    const cropId = await seedCrop('Lentil');
    const [reg] = await registerInOrder('Lentil', 1, 1);
    const [before] = await stored([reg]);
    expect(before.status).toBe('confirmed');

    const late = await sweepAllocation({ today: SWEEP_DAY, budgetMs: -1 });
    expect(late).toMatchObject({ expired: 0, promoted: 0 });
    expect((await stored([reg]))[0].status).toBe('confirmed');
    const cursor = (await scanTable({ ConsistentRead: true })).find((i) => i.pk === EXPIRY_CURSOR_KEY.pk);
    expect(cursor?.day < before.appointmentDate!).toBe(true);

    expect(await sweepAllocation({ today: SWEEP_DAY })).toMatchObject({ expired: 1, days: [before.appointmentDate] });
    expect((await stored([reg]))[0].status).toBe('expired');
    expect((await readPool(cropId, YEAR)).expired).toBe(1);
  });
});

describe('injected faults', () => {
  it('an expiry whose answer is lost gives its grams back once; one throttled throughout is left for the next run', async () => {
    const cropId = await seedCrop('Barley');
    const [lost, throttled] = await registerInOrder('Barley', 2, 1);
    const [before] = await stored([lost]);
    const poolBefore = await readPool(cropId, YEAR);
    const expiring = (cmd: { constructor: { name: string }; input: any }, reg: { year: number; id: number }) =>
      cmd.constructor.name === 'TransactWriteCommand' &&
      cmd.input.TransactItems[0]?.Update?.Key?.pk === regKey(reg.year, reg.id).pk;
    let lostOnce = false;
    const real = docClient();
    setDocClientForTests(
      faulty(real, (cmd) => {
        if (expiring(cmd, lost) && !lostOnce) {
          lostOnce = true;
          return 'after';
        }
        if (expiring(cmd, throttled)) {
          return named('TransactionCanceledException', {
            CancellationReasons: [{ Code: 'ThrottlingError' }, { Code: 'None' }, { Code: 'None' }, { Code: 'None' }],
          });
        }
        return undefined;
      }),
    );
    await sweepAllocation({ today: SWEEP_DAY });
    setDocClientForTests(real);
    expect(lostOnce).toBe(true);
    expect((await stored([lost, throttled])).map((r) => r.status)).toEqual(['expired', 'confirmed']);
    const cursor = (await scanTable({ ConsistentRead: true })).find((i) => i.pk === EXPIRY_CURSOR_KEY.pk);
    expect(cursor?.day < before.appointmentDate!, 'the day with an entry left is not passed').toBe(true);

    expect(await sweepAllocation({ today: SWEEP_DAY })).toMatchObject({ expired: 1 });
    expect((await stored([throttled]))[0].status).toBe('expired');
    const p = await expectWithinStock(cropId);
    expect(p.expired - poolBefore.expired).toBe(2);
    expect(poolBefore.promisedGrams - p.promisedGrams).toBe(before.promisedGrams! * 2);
    const { due, notes } = await itemsOf(cropId);
    expect(due).toEqual([]);
    expect(notes.filter((n) => n.id === lost.id || n.id === throttled.id).map((n) => n.event)).toEqual(['expired', 'expired']);
  });
});

describe('the lease and the waiting count', () => {
  const putLease = (until: number) =>
    docClient().send(new PutCommand({ TableName: tableName(), Item: { ...SWEEP_LEASE_KEY, owner: 'another run', until } }));

  it('a scheduled run does nothing while another holds the lease, and runs once it has lapsed', async () => {
    await putLease(Date.now() + 60_000);
    expect(await sweepAllocation({ lease: true })).toMatchObject({ skipped: true, expired: 0, promoted: 0 });
    await putLease(Date.now() - 1);
    const run = await sweepAllocation({ lease: true });
    expect(run.skipped).toBeUndefined();
    const lease = await scanTable({ ConsistentRead: true });
    expect(
      lease.filter((i) => i.pk === SWEEP_LEASE_KEY.pk),
      'released at the end',
    ).toEqual([]);
  });

  it('sets a leaked waiting count to 0 once the pool has been quiet and its queue is empty, never otherwise', async () => {
    const crop = 987_001;
    await joinQueue(crop, YEAR);
    const later = new Date(Date.now() + 3 * 60_000);
    expect(await repairLeakedWaiting(crop, YEAR), 'written just now: a request may be in flight').toBe(false);
    expect((await readPool(crop, YEAR)).waiting).toBe(1);
    expect(await repairLeakedWaiting(crop, YEAR, later)).toBe(true);
    expect((await readPool(crop, YEAR)).waiting).toBe(0);

    const queued = 987_002;
    const position = await joinQueue(queued, YEAR);
    await docClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { pk: queuePk(queued, YEAR), sk: queueSk(position), type: 'queue', position, year: YEAR, id: 1, grams: KG },
      }),
    );
    expect(await repairLeakedWaiting(queued, YEAR, later), 'someone is really waiting').toBe(false);
    expect((await readPool(queued, YEAR)).waiting).toBe(1);
  });
});

describe('npm start', () => {
  it('runs the sweep at once and then on its timer, under the lease', async () => {
    const sweeps = startAllocationSweeps({ intervalMs: 3_600_000 });
    await sweeps.done;
    await sweeps.stop();
    const items = await scanTable({ ConsistentRead: true });
    // Every day up to the last one past its collection time was looked at (none had entries left).
    expect(items.find((i) => i.pk === EXPIRY_CURSOR_KEY.pk)?.day).toBe(
      lastExpiringDay(TODAY, 2, await readAppointmentSettings()),
    );
    expect(
      items.filter((i) => i.pk === SWEEP_LEASE_KEY.pk),
      'the lease is given back',
    ).toEqual([]);
  });
});

describe('the routes', () => {
  it('POST /api/allocation/sweep is for admins: 401 without a token, 403 for a seller', async () => {
    expect((await api.call('POST', '/api/allocation/sweep')).status).toBe(401);
    expect((await api.call('POST', '/api/allocation/sweep', { token: tokens.seller })).status).toBe(403);
    expect((await api.call('POST', '/api/allocation/sweep', { token: tokens.user })).status).toBe(403);
  });

  it('GET /api/allocation gives every crop of the catalogue its figures; staff may read it, others not', async () => {
    const { cropId } = await cropWithLot('Wheat', 80);
    const regs = await registerInOrder('Wheat', 3, 1);
    expect(regs.map((r) => r.status)).toEqual(['confirmed', 'confirmed', 'waitlisted']);
    const none = await seedCrop('Sorghum', { stockKg: 0 });
    await saveDraw(
      {
        algorithm: 'hmac-sha256-sort-v1',
        seed: '58213',
        cropId: none,
        year: YEAR,
        stockGrams: 0,
        promisedGrams: 0,
        shares: [],
        entries: [],
        drawnOn: '2026-03-01T05:00:00.000Z',
        drawnBy: 1,
      },
      undefined,
    );

    const r = await api.call('GET', `/api/allocation?year=${YEAR}`, { token: tokens.seller });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ year: YEAR, mode: 'first-come', graceDays: 2, formOpen: expect.any(Boolean) });
    const wheat = r.json.crops.find((c: { cropId: number }) => c.cropId === cropId);
    expect(wheat).toEqual({
      cropId,
      cropName: 'Wheat',
      cropNameHi: expect.any(String),
      year: YEAR,
      stockKg: 80,
      availableKg: 0,
      promisedKg: 80,
      soldKg: 0,
      confirmed: 2,
      billed: 0,
      waitlisted: 1,
      applied: 0,
      expired: 0,
      cancelled: 0,
    });
    const sorghum = r.json.crops.find((c: { cropId: number }) => c.cropId === none);
    expect(sorghum).toMatchObject({ stockKg: 0, availableKg: 0, promisedKg: 0, confirmed: 0, waitlisted: 0 });
    expect(sorghum.draw).toEqual({ state: 'drawn', seed: '58213', drawnOn: '2026-03-01T05:00:00.000Z' });

    // The year defaults to the current one; another year has no pools.
    expect((await api.call('GET', '/api/allocation', { token: tokens.admin })).json.year).toBe(YEAR);
    const old = await api.call('GET', '/api/allocation?year=2001', { token: tokens.admin });
    expect(old.json.crops.find((c: { cropId: number }) => c.cropId === cropId)).toMatchObject({ stockKg: 0, confirmed: 0 });
    await setConfig('CollectionGraceDays', '5');
    expect((await api.call('GET', '/api/allocation', { token: tokens.admin })).json.graceDays).toBe(5);
    await setConfig('CollectionGraceDays', '2');

    expect((await api.call('GET', '/api/allocation')).status).toBe(401);
    expect((await api.call('GET', '/api/allocation', { token: tokens.user })).status).toBe(403);
    const bad = await api.call('GET', '/api/allocation?year=next', { token: tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/year must be a number/);
  });
});
