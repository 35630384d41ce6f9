import { randomUUID } from 'node:crypto';
import type { DocClient } from '@functions/lib/dynamo-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { docClient, setDocClientForTests } from '@functions/lib/aws';
import { clearAppointmentSettingsCache } from '@functions/allocation/appointments';
import { useTestApi } from '../support/integration';
import { objectExists } from '../support/uploads-bucket';
import { pool } from '../support/pool';
import { scanTable } from '../support/table';
import { faulty, named } from '../support/faulty-client';
import { startedWork } from '../support/started-work';
import {
  postJson,
  registerFarmer,
  uploadScan,
  validFields,
  SAMPLE_PDF,
  type Reply,
  retryRegistration,
  seedFormCrops,
} from '../fixtures/registration-helpers';
import { saveConfig } from '../support/steps';

/**
 * Invariants 1, 2 and 6 (docs/invariants.md) under concurrency and injected DynamoDB failures (DynamoDB Local never throws
 * TransactionConflictException and never throttles, so the client is wrapped to do it).
 */
const { api, tokens } = useTestApi('super_admin');
let realClient: DocClient;
/** The registrations a test starts: its end waits for all of them, before the real client is put back. */
const work = startedWork();

beforeAll(async () => {
  await seedFormCrops();
  realClient = docClient();
});
afterEach(async () => {
  await work.settled();
  setDocClientForTests(realClient);
});
afterAll(async () => {
  setDocClientForTests(undefined);
});

const setConfig = (key: string, value: string) => saveConfig(api, tokens.super_admin, key, value);

const scanAll = () => scanTable({ ConsistentRead: true }, realClient);

/**
 * Checks the stored state: no shift over its capacity (invariant 1); each shift counter equals the
 * registrations holding that shift (no slot lost, none counted twice); one registration per Aadhaar, crop
 * and year (invariant 2); each registration has its claim, its letter code and its scan (invariant 6).
 */
async function checkInvariants(perDayLimit: number) {
  const items = await scanAll();
  const regs = items.filter((i) => i.type === 'registration');
  const slots = items.filter((i) => String(i.pk).startsWith('SLOT#'));
  const held = new Map<string, number>();
  for (const r of regs)
    if (r.slotCounted)
      held.set(
        `${r.appointmentDate}#${r.appointmentShiftNumber}`,
        (held.get(`${r.appointmentDate}#${r.appointmentShiftNumber}`) ?? 0) + 1,
      );
  // Each shift counter keeps the capacity it was last booked under (PerDayLimit may change between tests).
  const perDay = new Map<string, { n: number; cap: number }>();
  for (const s of slots) {
    const n = held.get(`${s.day}#${s.shift}`) ?? 0;
    expect(Number(s.booked), s.pk).toBe(n);
    expect(n, s.pk).toBeLessThanOrEqual(Number(s.cap));
    const d = perDay.get(s.day) ?? { n: 0, cap: 0 };
    perDay.set(s.day, { n: d.n + n, cap: d.cap + Number(s.cap) });
  }
  for (const [day, d] of perDay) {
    expect(d.n, day).toBeLessThanOrEqual(d.cap);
    if (perDayLimit) expect(d.cap, day).toBeLessThanOrEqual(Math.max(perDayLimit, 40));
  }
  for (const k of held.keys())
    expect(
      slots.some((s) => `${s.day}#${s.shift}` === k),
      k,
    ).toBe(true);

  const claimKeys = new Set<string>();
  for (const r of regs) {
    const key = `${r.aadhaarHash}#${r.year}#${r.cropKey}`;
    expect(claimKeys.has(key), 'two registrations for one Aadhaar, crop and year').toBe(false);
    claimKeys.add(key);
    expect(items.some((i) => i.pk === `REGCLAIM#${r.aadhaarHash}` && i.sk === `${r.year}#${r.cropKey}` && i.id === r.id)).toBe(
      true,
    );
    expect(items.some((i) => i.pk === `REGCODE#${r.uniqeCode}` && i.id === r.id)).toBe(true);
  }
  const claims = items.filter((i) => String(i.pk).startsWith('REGCLAIM#'));
  expect(claims.length).toBe(regs.length);
  return { regs, slots, perDay };
}

const isRegistrationTx = (cmd: { constructor: { name: string }; input: any }) =>
  cmd.constructor.name === 'TransactWriteCommand' && cmd.input.TransactItems?.[0]?.Put?.Item?.type === 'registration';
const isSlotTake = (cmd: { constructor: { name: string }; input: any }) =>
  cmd.constructor.name === 'UpdateCommand' &&
  String(cmd.input.Key?.pk).startsWith('SLOT#') &&
  String(cmd.input.UpdateExpression).includes(':one');
const isNumberTake = (cmd: { constructor: { name: string }; input: any }) =>
  cmd.constructor.name === 'UpdateCommand' && String(cmd.input.Key?.pk).startsWith('COUNTER#registrations#');

/**
 * Sends every form at once, each with its own idempotency key. A 503 says nothing was promised and to try again:
 * those are sent again, with the same key, after the answer's Retry-After, as the form's Submit does. Here all
 * requests share one process on two cores, so on a busy machine some outlast the function's 29 s deadline
 * (infra/local/gateway.ts) and are answered 503, while their work may still finish: the same key then returns
 * that registration (200, the stored answer), never a second one. Any other answer ends the rounds and is checked
 * by the caller; `resent` holds the forms that were sent more than once.
 */
async function submitUntilAnswered(
  bodies: Record<string, unknown>[],
  rounds = 6,
): Promise<{ replies: Reply[]; resent: Set<number> }> {
  const keys = bodies.map(() => randomUUID());
  const replies: Reply[] = [];
  const resent = new Set<number>();
  let pending = bodies.map((_, i) => i);
  for (let round = 0; round < rounds && pending.length > 0; round++) {
    if (round > 0) {
      for (const i of pending) resent.add(i);
      await new Promise((r) => setTimeout(r, 2_000));
    }
    const answers = await work.all(
      pending.map((i) => postJson(api, '/svsregistration', bodies[i], { 'idempotency-key': keys[i] })),
    );
    answers.forEach((a, n) => (replies[pending[n]] = a));
    pending = pending.filter((i) => replies[i].status === 503);
  }
  return { replies, resent };
}

/** 7.5 days' worth at once: seven full days and half of the eighth, far more than one day or shift holds. */
const BURST = 150;
const PER_DAY = 20;

describe(`${BURST} concurrent registrations for one crop with PerDayLimit ${PER_DAY}`, () => {
  it('leave no day or shift over capacity, fill the earliest working days, and every one is readable with its letter', async () => {
    await setConfig('PerDayLimit', String(PER_DAY));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const addDays = (d: string, n: number) => {
      const [y, m, dd] = d.split('-').map(Number);
      return new Date(Date.UTC(y, m - 1, dd + n)).toISOString().slice(0, 10);
    };
    const holiday = addDays(today, 2);
    await setConfig('Holidays', holiday);
    await setConfig('WeeklyOffDay', '0');

    const forms = Array.from({ length: BURST }, () => validFields({ cropName: 'Wheat', bagsRequested: 1 }));
    // Scans are uploaded first (50 at a time); then all the submissions go at once.
    const keys = await pool(BURST, 50, async () => (await uploadScan(api, SAMPLE_PDF)).key, work.all);
    const { replies, resent } = await submitUntilAnswered(forms.map((f, i) => ({ ...f, fileKey: keys[i] })));
    // 201 for a registration made; 200 when a resent form got back the registration its first request made.
    const answered = (r: Reply, i: number) => r.status === 201 || (r.status === 200 && resent.has(i) && r.json.success === true);
    expect(
      replies.filter((r, i) => !answered(r, i)).map((r) => r.status),
      JSON.stringify(replies.find((r, i) => !answered(r, i))?.json),
    ).toEqual([]);
    // Registration numbers: distinct and consecutive (nothing else registers in this file meanwhile).
    const ids = replies.map((r) => r.json.data.id as number).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: BURST }, (_, i) => ids[0] + i));

    const letters = await pool(
      BURST,
      50,
      (i) => api.call('GET', `/svsregistration/AppointmentList/${replies[i].json.data.uniqeCode}`),
      work.all,
    );
    const perDay = new Map<string, number>();
    letters.forEach((l, i) => {
      expect(l.status).toBe(200);
      const a = l.json.data[0];
      expect(a.name).toBe(forms[i].Name);
      expect(a.appointmentDate > today).toBe(true);
      expect(a.appointmentDate).not.toBe(holiday);
      expect(new Date(`${a.appointmentDate}T00:00:00Z`).getUTCDay()).not.toBe(0);
      perDay.set(a.appointmentDate, (perDay.get(a.appointmentDate) ?? 0) + 1);
    });
    // Seven full days and one half full, all consecutive working days from tomorrow.
    const days = [...perDay.keys()].sort();
    expect(days).toHaveLength(8);
    expect(days.map((d) => perDay.get(d))).toEqual([...Array.from({ length: 7 }, () => PER_DAY), PER_DAY / 2]);
    const { regs } = await checkInvariants(PER_DAY);
    expect(regs).toHaveLength(BURST);
    const present = await pool(regs.length, 50, (i) => objectExists(regs[i].adharFilePath), work.all);
    expect(present.filter((p) => !p)).toEqual([]);
    const shifts = new Map<string, number>();
    for (const r of regs)
      shifts.set(
        `${r.appointmentDate}#${r.appointmentShiftNumber}`,
        (shifts.get(`${r.appointmentDate}#${r.appointmentShiftNumber}`) ?? 0) + 1,
      );
    expect(Math.max(...shifts.values())).toBe(PER_DAY / 2);
  }, 300_000);
});

describe('injected DynamoDB failures', () => {
  it('retries TransactionConflict cancellations and TransactionConflictException until written, once', async () => {
    await setConfig('PerDayLimit', '6');
    const tries = new Map<string, number>();
    setDocClientForTests(
      faulty(realClient, (cmd) => {
        if (!isRegistrationTx(cmd)) return undefined;
        const t = (tries.get(cmd.input.ClientRequestToken) ?? 0) + 1;
        tries.set(cmd.input.ClientRequestToken, t);
        if (t === 1)
          return named('TransactionCanceledException', {
            CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }, { Code: 'None' }],
          });
        if (t === 2) return named('TransactionConflictException');
        return undefined;
      }),
    );
    const replies = await work.all(Array.from({ length: 20 }, () => registerFarmer(api, validFields({ cropName: 'Chickpea' }))));
    expect(replies.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 201));
    expect([...tries.values()].every((t) => t === 3)).toBe(true);
    await checkInvariants(6);
  });

  it('retries throttled counter updates (ProvisionedThroughputExceededException) without losing or doubling a slot', async () => {
    let k = 0;
    setDocClientForTests(
      faulty(realClient, (cmd) => {
        if ((isSlotTake(cmd) || isNumberTake(cmd)) && k++ % 2 === 0) return named('ProvisionedThroughputExceededException');
        return undefined;
      }),
    );
    const forms = Array.from({ length: 15 }, () => validFields({ cropName: 'Mustard' }));
    const replies = await work.all(forms.map((f) => registerFarmer(api, f)));
    expect(k).toBeGreaterThan(15);
    // Each one is either written after its retries or, when throttled too often in a row, refused with the
    // clear "busy" message; nothing is half-written and no slot is lost either way.
    for (const r of replies) {
      expect([201, 503]).toContain(r.status);
      if (r.status === 503) expect(r.json.message).toMatch(/The server is busy\. Please submit again/);
    }
    setDocClientForTests(realClient);
    await checkInvariants(6);
    // The farmer's resend (same idempotency key and upload) goes through once the storage calms down.
    for (const [i, r] of replies.entries()) {
      if (r.status !== 503) continue;
      const again = await postJson(
        api,
        '/svsregistration',
        { ...forms[i], fileKey: r.fileKey },
        { 'idempotency-key': r.idempotencyKey },
      );
      expect(again.status).toBe(201);
    }
    await checkInvariants(6);
  });

  it('refuses with a clear bilingual 503 when the write keeps failing, gives everything back, and the retry then succeeds', async () => {
    const before = await checkInvariants(6);
    const bookedBefore = before.slots.reduce((s, x) => s + Number(x.booked), 0);
    const copies = new Set<string>();
    setDocClientForTests(
      faulty(realClient, (cmd) => {
        if (!isRegistrationTx(cmd)) return undefined;
        copies.add(cmd.input.TransactItems[0].Put.Item.adharFilePath);
        return named('ProvisionedThroughputExceededException');
      }),
    );
    const f = validFields({ cropName: 'Wheat' });
    const r = await registerFarmer(api, f);
    expect(r.status).toBe(503);
    expect(r.json.message).toMatch(/व्यस्त.*The server is busy\. Please submit again/);
    expect(r.text).not.toMatch(/Exception|stack|at .*\.ts/);

    setDocClientForTests(realClient);
    const after = await checkInvariants(6);
    expect(after.regs.length).toBe(before.regs.length);
    expect(after.slots.reduce((s, x) => s + Number(x.booked), 0)).toBe(bookedBefore);
    const items = await scanAll();
    // No pending claim is left (a claim without a registration number holds a lease).
    expect(items.filter((i) => String(i.pk).startsWith('REGCLAIM#') && i.id === undefined)).toEqual([]);
    expect(copies.size).toBe(1);
    for (const key of copies) expect(await objectExists(key), 'the copied scan is removed').toBe(false);
    expect(await objectExists(r.fileKey)).toBe(true); // kept for the retry

    const retry = await retryRegistration(api, f, r);
    expect(retry.status).toBe(201);
    await checkInvariants(6);
  });

  it('acknowledges a registration whose transaction was applied but whose answer was lost, exactly once', async () => {
    const lost = new Set<string>();
    setDocClientForTests(
      faulty(realClient, (cmd) => {
        if (!isRegistrationTx(cmd) || lost.has(cmd.input.ClientRequestToken)) return undefined;
        lost.add(cmd.input.ClientRequestToken);
        return 'after';
      }),
    );
    const replies = await work.all(Array.from({ length: 8 }, () => registerFarmer(api, validFields({ cropName: 'Wheat' }))));
    expect(replies.map((r) => r.status)).toEqual(Array.from({ length: 8 }, () => 201));
    setDocClientForTests(realClient);
    for (const r of replies) {
      const letter = await api.call('GET', `/svsregistration/AppointmentList/${r.json.data.uniqeCode}`);
      expect(letter.status).toBe(200);
    }
    await checkInvariants(6);
  });

  it('refuses (503) rather than booking without a cap when the capacity settings cannot be read', async () => {
    clearAppointmentSettingsCache();
    setDocClientForTests(
      faulty(realClient, (cmd) =>
        cmd.constructor.name === 'BatchGetCommand' && JSON.stringify(cmd.input).includes('PerDayLimit')
          ? named('ProvisionedThroughputExceededException')
          : undefined,
      ),
    );
    const r: Reply = await registerFarmer(api, validFields());
    expect(r.status).toBe(503);
    setDocClientForTests(realClient);
    await checkInvariants(6);
  });
});
