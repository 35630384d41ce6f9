import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@functions/lib/dynamo-commands';
import type { DocClient } from '@functions/lib/dynamo-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readPool } from '@functions/allocation/pool';
import { docClient, setDocClientForTests, tableName } from '@functions/lib/aws';
import { clearConfigCache } from '@functions/lib/config-store';
import { padId } from '@functions/lib/counters';
import { clearAppointmentSettingsCache, forgetFullShifts, readAppointmentSettings } from '@functions/allocation/appointments';
import { kolkataDate } from '@shared/schemas/registration';
import { faulty, named } from '../support/faulty-client';
import { useTestApi } from '../support/integration';
import { pool } from '../support/pool';
import { startedWork } from '../support/started-work';
import { scanTable } from '../support/table';
import {
  postJson,
  registerFarmer,
  seedCrop,
  uploadScan,
  validFields,
  SAMPLE_PDF,
  type Reply,
} from '../fixtures/registration-helpers';
import { newRegistration } from '../support/steps';

/**
 * Rule 1 on the registration path (docs/decisions/0022-allocation.md, section 2): a registration is
 * confirmed with an appointment only while its crop's stock holds its request; otherwise it is waitlisted
 * with the next position and no appointment. Promised grams never exceed the stock, whatever the concurrency.
 */
const { api, tokens } = useTestApi('super_admin');
const work = startedWork();
const YEAR = Number(kolkataDate(new Date()).slice(0, 4));
/** Chickpea is asked for in kg: each test farmer asks for 5 kg. */
const ASK_KG = 5;
let realClient: DocClient;

beforeAll(async () => {
  realClient = docClient();
  const r = await api.call('POST', '/api/config', { token: tokens.super_admin, body: { key: 'PerDayLimit', value: '0' } });
  expect(r.status).toBe(200);
  clearAppointmentSettingsCache();
  forgetFullShifts();
});
afterEach(async () => {
  await work.settled();
  setDocClientForTests(realClient);
});
afterAll(() => setDocClientForTests(undefined));

/** Submits each form until it is answered with something other than 503, with the same idempotency key. */
async function submitUntilAnswered(bodies: Record<string, unknown>[]): Promise<Reply[]> {
  const keys = bodies.map(() => randomUUID());
  const replies: Reply[] = [];
  let pending = bodies.map((_, i) => i);
  for (let round = 0; round < 6 && pending.length > 0; round++) {
    const answers = await work.all(
      pending.map((i) => postJson(api, '/svsregistration', bodies[i], { 'idempotency-key': keys[i] })),
    );
    answers.forEach((a, n) => (replies[pending[n]] = a));
    pending = pending.filter((i) => replies[i].status === 503);
  }
  return replies;
}

const storedOf = async (cropId: number) => {
  const items = await scanTable({ ConsistentRead: true }, realClient);
  return {
    regs: items.filter((i) => i.type === 'registration' && i.cropId === cropId),
    queue: items.filter((i) => i.pk === `QUEUE#${cropId}#${YEAR}`),
    due: items.filter((i) => String(i.pk).startsWith('DUE#') && String(i.sk).startsWith(`${cropId}#${YEAR}#`)),
  };
};

describe('300 concurrent registrations for a crop with stock for 100 requests', () => {
  it('confirm exactly the 100 that fit and waitlist the other 200 as 1..200, without gaps or repeats', async () => {
    const cropName = 'Chickpea';
    const cropId = await seedCrop(cropName, { stockKg: 100 * ASK_KG });
    const forms = Array.from({ length: 300 }, () => validFields({ cropName, bagsRequested: ASK_KG }));
    const keys = await pool(forms.length, 50, async () => (await uploadScan(api, SAMPLE_PDF)).key, work.all);
    const replies = await submitUntilAnswered(forms.map((f, i) => ({ ...f, fileKey: keys[i] })));

    expect(replies.filter((r) => r.status !== 201 && r.status !== 200).map((r) => r.text)).toEqual([]);
    const data = replies.map((r) => r.json.data);
    const confirmed = data.filter((d) => d.status === 'confirmed');
    const waitlisted = data.filter((d) => d.status === 'waitlisted');
    expect(confirmed).toHaveLength(100);
    expect(waitlisted).toHaveLength(200);
    expect(confirmed.every((d) => d.waitlistPosition === undefined)).toBe(true);
    expect(waitlisted.map((d) => d.waitlistPosition).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));

    const p = await readPool(cropId, YEAR);
    expect(p.stockGrams).toBe(100 * ASK_KG * 1000);
    expect(p.promisedGrams).toBe(p.stockGrams);
    expect(p.freeGrams).toBe(0);
    expect(p).toMatchObject({ confirmed: 100, waiting: 200, queueTail: 200 });

    // Stored: the confirmed have an appointment and a due entry, the waitlisted none and a queue entry at their position.
    const { regs, queue, due } = await storedOf(cropId);
    expect(regs).toHaveLength(300);
    for (const r of regs) {
      expect(r.promisedGrams).toBe(ASK_KG * 1000);
      if (r.status === 'confirmed') {
        expect(r.appointmentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(r.waitlistPosition).toBeUndefined();
      } else {
        expect(r.status).toBe('waitlisted');
        expect(r.appointmentDate).toBeUndefined();
        expect(r.appointmentShift).toBeUndefined();
      }
    }
    expect(due.map((d) => d.id).sort()).toEqual(
      regs
        .filter((r) => r.status === 'confirmed')
        .map((r) => r.id)
        .sort(),
    );
    const positionOf = new Map(regs.filter((r) => r.status === 'waitlisted').map((r) => [r.id, r.waitlistPosition]));
    expect(queue).toHaveLength(200);
    for (const q of queue) expect(positionOf.get(q.id)).toBe(q.position);
  }, 300_000);
});

describe('one registration at a time', () => {
  it('waitlists every registration for a crop without stock, and a retry gets the same answer', async () => {
    await seedCrop('Sorghum', { stockKg: 0 });
    const fields = validFields({ cropName: 'Sorghum', bagsRequested: 1 });
    const first = await newRegistration(api, { cropName: 'Sorghum' });
    expect(first).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    const second = await registerFarmer(api, fields);
    expect(second.json.data).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
    const again = await postJson(
      api,
      '/svsregistration',
      { ...fields, fileKey: second.fileKey },
      { 'idempotency-key': second.idempotencyKey },
    );
    expect(again.status).toBe(200);
    expect(again.json.data).toMatchObject({ id: second.json.data.id, status: 'waitlisted', waitlistPosition: 2 });
  });

  it('gives the promised grams back when the registration is not written', async () => {
    const cropId = await seedCrop('Barley', { stockKg: 1000 });
    setDocClientForTests(
      faulty(realClient, (cmd) =>
        cmd.constructor.name === 'TransactWriteCommand' && cmd.input.TransactItems?.[0]?.Put?.Item?.type === 'registration'
          ? named('ValidationException')
          : undefined,
      ),
    );
    const r = await registerFarmer(api, validFields({ cropName: 'Barley' }));
    expect(r.status).toBeGreaterThanOrEqual(500);
    setDocClientForTests(realClient);
    const p = await readPool(cropId, YEAR);
    expect(p).toMatchObject({ promisedGrams: 0, freeGrams: 1000 * 1000, confirmed: 0 });
    const ok = await registerFarmer(api, validFields({ cropName: 'Barley' }));
    expect(ok.json.data.status).toBe('confirmed');
  });

  it('takes a waiting-list position back when the registration is not written (the position is not reused)', async () => {
    const cropId = await seedCrop('Oats', { stockKg: 0 });
    setDocClientForTests(
      faulty(realClient, (cmd) =>
        cmd.constructor.name === 'TransactWriteCommand' && cmd.input.TransactItems?.[0]?.Put?.Item?.type === 'registration'
          ? named('ProvisionedThroughputExceededException')
          : undefined,
      ),
    );
    expect((await registerFarmer(api, validFields({ cropName: 'Oats' }))).status).toBe(503);
    setDocClientForTests(realClient);
    expect(await readPool(cropId, YEAR)).toMatchObject({ waiting: 0, queueTail: 1 });
    const next = await registerFarmer(api, validFields({ cropName: 'Oats' }));
    expect(next.json.data).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
  });
});

describe('injected faults on the pool', () => {
  const isPoolWrite = (cmd: { constructor: { name: string }; input: any }) =>
    cmd.constructor.name === 'UpdateCommand' && String(cmd.input.Key?.pk).startsWith('POOL#');

  /** Stored registrations of the crop against its pool: what the pool counts is what is stored, or more (a leak). */
  async function expectPoolHolds(cropId: number, o: { leaked: boolean }) {
    const p = await readPool(cropId, YEAR);
    const { regs, queue } = await storedOf(cropId);
    const confirmed = regs.filter((r) => r.status === 'confirmed');
    const waitlisted = regs.filter((r) => r.status === 'waitlisted');
    expect(p.promisedGrams + p.soldGrams).toBeLessThanOrEqual(p.stockGrams);
    expect(p.freeGrams).toBe(p.stockGrams - p.soldGrams - p.promisedGrams);
    const storedGrams = confirmed.reduce((sum, r) => sum + Number(r.promisedGrams), 0);
    if (o.leaked) expect(p.promisedGrams).toBeGreaterThanOrEqual(storedGrams);
    else expect(p).toMatchObject({ promisedGrams: storedGrams, confirmed: confirmed.length, waiting: waitlisted.length });
    const positions = waitlisted.map((r) => r.waitlistPosition);
    expect(new Set(positions).size).toBe(positions.length);
    expect(queue.map((q) => q.position).sort((a, b) => a - b)).toEqual([...positions].sort((a, b) => a - b));
    return { p, confirmed, waitlisted };
  }

  it('resends throttled pool writes: 40 registrations against stock for 20 confirm 20 and waitlist 20 as 1..20', async () => {
    const cropId = await seedCrop('Pigeon pea', { stockKg: 20 * 10 });
    let k = 0;
    setDocClientForTests(
      faulty(realClient, (cmd) =>
        isPoolWrite(cmd) && k++ % 2 === 0 ? named('ProvisionedThroughputExceededException') : undefined,
      ),
    );
    const forms = Array.from({ length: 40 }, () => validFields({ cropName: 'Pigeon pea' }));
    const keys = await pool(forms.length, 20, async () => (await uploadScan(api, SAMPLE_PDF)).key, work.all);
    const replies = await submitUntilAnswered(forms.map((f, i) => ({ ...f, fileKey: keys[i] })));
    expect(k).toBeGreaterThan(40);
    expect(replies.map((r) => r.status).filter((s) => s !== 201 && s !== 200)).toEqual([]);
    setDocClientForTests(realClient);
    const { confirmed, waitlisted } = await expectPoolHolds(cropId, { leaked: false });
    expect(confirmed).toHaveLength(20);
    expect(waitlisted.map((r) => r.waitlistPosition).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  }, 120_000);

  it('does not resend a pool write whose answer was lost: the farmer is asked to submit again, nothing is over-promised', async () => {
    const cropId = await seedCrop('Cowpea', { stockKg: 3 * 10 });
    let lost = 0;
    setDocClientForTests(faulty(realClient, (cmd) => (isPoolWrite(cmd) && lost++ === 0 ? 'after' : undefined)));
    const first = await registerFarmer(api, validFields({ cropName: 'Cowpea' }));
    expect(first.status).toBe(503);
    expect(first.json.message).toMatch(/submit again|try again/i);
    setDocClientForTests(realClient);
    const replies = await work.all(Array.from({ length: 4 }, () => registerFarmer(api, validFields({ cropName: 'Cowpea' }))));
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    // The lost promise's grams stay taken until reconciliation: fewer are confirmed, never more than the stock holds.
    const { p, confirmed } = await expectPoolHolds(cropId, { leaked: true });
    expect(p.promisedGrams).toBe(p.stockGrams);
    expect(confirmed).toHaveLength(2);
  }, 120_000);
});

describe("the letter's status", () => {
  const letterOf = async (code: string) => {
    const r = await api.call('GET', `/svsregistration/AppointmentList/${code}`);
    expect(r.status).toBe(200);
    return r.json.data[0];
  };
  const byId = async (id: number) => {
    const r = await api.call('GET', `/svsregistration/appointment/by-id/${id}`, {
      token: tokens.super_admin,
      query: { year: YEAR },
    });
    expect(r.status).toBe(200);
    return r.json.data[0];
  };

  it('shows a waitlisted farmer the position and the places ahead, and no appointment', async () => {
    await seedCrop('Lentil', { stockKg: 0 });
    const replies = [];
    for (let i = 0; i < 3; i++) replies.push(await registerFarmer(api, validFields({ cropName: 'Lentil' })));
    const third = await letterOf(replies[2].json.data.uniqueCode);
    expect(third).toMatchObject({ status: 'waitlisted', waitlistPosition: 3, placesAhead: 2 });
    for (const field of ['appointmentDate', 'appointmentShift', 'appointmentShiftNumber', 'appointmentDateTime', 'expiresOn'])
      expect(third[field]).toBeUndefined();
    expect(await letterOf(replies[0].json.data.uniqueCode)).toMatchObject({ waitlistPosition: 1, placesAhead: 0 });
    // The staff's letter by number says the same.
    expect(await byId(replies[2].json.data.id)).toMatchObject({ status: 'waitlisted', waitlistPosition: 3, placesAhead: 2 });
  });

  it('gives a confirmed farmer the appointment and the last day to collect (CollectionGraceDays open days after it), none once billed', async () => {
    await seedCrop('Field pea', { stockKg: 100 });
    const first = await registerFarmer(api, validFields({ cropName: 'Field pea' }));
    const confirmed = await letterOf(first.json.data.uniqueCode);
    expect(confirmed).toMatchObject({ status: 'confirmed', appointmentShift: expect.any(String) });
    expect(confirmed.waitlistPosition).toBeUndefined();
    expect(confirmed.placesAhead).toBeUndefined();
    const plusDays = (day: string, n: number) => {
      const d = new Date(`${day}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + n);
      return d.toISOString().slice(0, 10);
    };
    const { weeklyOffDay } = await readAppointmentSettings();
    /** `n` days after `day` counting only the days the counter is open. */
    const openDaysAfter = (day: string, n: number, holidays: string[] = []) => {
      let d = day;
      for (let left = n; left > 0; ) {
        d = plusDays(d, 1);
        if (new Date(`${d}T00:00:00Z`).getUTCDay() !== weeklyOffDay && !holidays.includes(d)) left--;
      }
      return d;
    };
    // The default: two open days after the appointment day (the weekly off day is skipped).
    expect(confirmed.expiresOn).toBe(openDaysAfter(confirmed.appointmentDate, 2));

    // A holiday within the grace days moves the last day on.
    const holiday = openDaysAfter(confirmed.appointmentDate, 1);
    const setHoliday = async (value: string) => {
      const r = await api.call('POST', '/api/config', { token: tokens.super_admin, body: { key: 'Holidays', value } });
      expect(r.status, r.text).toBe(200);
      clearConfigCache();
      clearAppointmentSettingsCache();
    };
    await setHoliday(holiday);
    try {
      expect((await letterOf(first.json.data.uniqueCode)).expiresOn).toBe(openDaysAfter(confirmed.appointmentDate, 2, [holiday]));
    } finally {
      await setHoliday('');
    }

    const set = await api.call('POST', '/api/config', {
      token: tokens.super_admin,
      body: { key: 'CollectionGraceDays', value: '5' },
    });
    expect(set.status).toBe(200);
    expect(
      (await api.call('POST', '/api/config', { token: tokens.super_admin, body: { key: 'CollectionGraceDays', value: '31' } }))
        .status,
    ).toBe(400);
    clearConfigCache();
    expect((await letterOf(first.json.data.uniqueCode)).expiresOn).toBe(openDaysAfter(confirmed.appointmentDate, 5));

    await realClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `REG#${YEAR}#${padId(first.json.data.id)}`, sk: 'REG' },
        UpdateExpression: 'SET isBilled = :t, invoiceNumber = :n',
        ExpressionAttributeValues: { ':t': true, ':n': 'INV-1' },
      }),
    );
    const billed = await letterOf(first.json.data.uniqueCode);
    expect(billed).toMatchObject({ status: 'confirmed', isBilled: true, appointmentDate: confirmed.appointmentDate });
    expect(billed.expiresOn).toBeUndefined();
  });
});
