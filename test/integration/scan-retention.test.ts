import { PutCommand, QueryCommand } from '@functions/lib/dynamo-commands';
import { beforeAll, describe, expect, it } from 'vitest';
import { sweepAllocation } from '@functions/allocation/sweep';
import { docClient, tableName } from '@functions/lib/aws';
import { clearConfigCache } from '@functions/lib/config-store';
import { getRegistration } from '@functions/registrations/registration-entity';
import { closeSeason, continueSeasonClose, runRetention } from '@functions/registrations/retention';
import { auditTrail } from '@functions/lib/audit-log';
import type { Caller } from '@functions/lib/caller';
import { PURGE_PK } from '@functions/registrations/scan-purge-entity';
import { putObject, readObjectHead } from '@functions/registrations/scan-store';
import { addDays } from '@shared/allocation-status';
import { kolkataDate } from '@shared/schemas/registration';
import { kgCrop, YEAR } from '../fixtures/allocation-helpers';
import { registerFarmer, SAMPLE_PDF, validFields } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';

/**
 * Retention of Aadhaar scans (docs/decisions/0023-records.md, section 4) on DynamoDB Local and s3rver: the
 * sale, the expiry and the cancellation start a scan's time; the job run on a moved day deletes exactly the
 * scans past ScanRetentionDays; two runs at once delete each scan once; closing a season deletes that
 * year's scans only.
 */
const { api, tokens } = useTestApi('admin', 'seller');
const TODAY = kolkataDate();
const ADMIN_CALLER: Caller = { userID: 2, name: 'Test admin', email: 'admin@test', roles: ['admin'] };
let producerID: number;

beforeAll(async () => {
  const p = await api.call('POST', '/api/producers', {
    token: tokens.admin,
    body: { name: 'Retention Producer', aadhaarNumber: '734512349878', contactNumber: '9876543210', address: 'Kalyanpur' },
  });
  expect(p.status, p.text).toBe(201);
  producerID = p.json.producerID;
});

interface Reg {
  id: number;
  year: number;
  code: string;
  mobile: string;
}

async function register(cropName: string, kg = 1): Promise<Reg> {
  const fields = validFields({ cropName, bagsRequested: kg });
  const r = await registerFarmer(api, fields);
  expect(r.status, r.text).toBe(201);
  return { id: r.json.data.id, year: r.json.data.year, code: r.json.data.uniqueCode, mobile: String(fields.mobile) };
}

async function lotOf(cropID: number, kg: number): Promise<number> {
  const r = await api.call('POST', '/api/lots', {
    token: tokens.admin,
    body: { producerID, cropID, year: YEAR, quantityAvailable: kg, pricePerUnit: 10 },
  });
  expect(r.status, r.text).toBe(201);
  return r.json.lotID;
}

const sell = async (reg: Reg, lotID: number) => {
  const r = await api.call('POST', '/api/sales/make', {
    token: tokens.seller,
    body: { lotID, registrationID: reg.id, year: reg.year, bags: 1, bagSizeKg: 1, paymentMode: 'Cash' },
  });
  expect(r.status, r.text).toBe(201);
};
const staffCancel = async (reg: Reg) => {
  const r = await api.call('POST', `/api/registrations/${reg.id}/cancel`, {
    token: tokens.seller,
    body: { reason: 'Moved away', year: reg.year },
  });
  expect(r.status, r.text).toBe(200);
};

const scanKeyOf = async (reg: { year: number; id: number }) => (await getRegistration(reg.year, reg.id, true))!.adharFilePath;
const scanHeld = async (reg: { year: number; id: number }) => (await readObjectHead(await scanKeyOf(reg), 1)) !== undefined;

async function purgeEntries() {
  const out = await docClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': PURGE_PK },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

async function setRetentionDays(days: number) {
  const r = await api.call('POST', '/api/config', {
    token: await api.tokenFor('super_admin'),
    body: { key: 'ScanRetentionDays', value: String(days) },
  });
  expect(r.status, r.text).toBe(200);
  clearConfigCache();
}

describe('scan retention', () => {
  it('deletes exactly the scans past their time and keeps the ones still needed', async () => {
    await setRetentionDays(30);
    const { cropId, cropName } = await kgCrop(100);
    const lotID = await lotOf(cropId, 100);
    const unbilled = await register(cropName);
    const billed = await register(cropName);
    const cancelled = await register(cropName);
    await sell(billed, lotID);
    await staffCancel(cancelled);
    const entries = await purgeEntries();
    expect(entries.map((e) => [e.id, e.reason, e.day]).sort()).toEqual(
      [
        [billed.id, 'billed', TODAY],
        [cancelled.id, 'cancelled', TODAY],
      ].sort(),
    );
    // No number in clear in an entry: the registration's key and the scan's key only.
    expect(JSON.stringify(entries)).not.toMatch(/\d{12}/);

    // The next day (billed "yesterday") and 29 days on (cancelled 29 days ago): nothing is due yet.
    for (const day of [addDays(TODAY, 1), addDays(TODAY, 29)]) {
      expect(await runRetention({ today: day })).toMatchObject({ deleted: 0, dropped: 0 });
      expect([await scanHeld(unbilled), await scanHeld(billed), await scanHeld(cancelled)]).toEqual([true, true, true]);
    }

    // 30 days on: the billed and the cancelled scans go; the unbilled confirmed one stays.
    const due = addDays(TODAY, 30);
    expect(await runRetention({ today: due })).toMatchObject({ deleted: 2, dropped: 0 });
    expect([await scanHeld(unbilled), await scanHeld(billed), await scanHeld(cancelled)]).toEqual([true, false, false]);
    const billedAfter = (await getRegistration(billed.year, billed.id, true))!;
    expect(billedAfter.scanDeletedOn).toBe(due);
    // The encrypted number goes with the scan; the last 4 digits (the bill's) stay.
    expect(billedAfter.aadhaarEnc).toBeUndefined();
    expect(billedAfter.aadhaarLast4).toMatch(/^\d{4}$/);
    const unbilledAfter = (await getRegistration(unbilled.year, unbilled.id, true))!;
    expect(unbilledAfter.scanDeletedOn).toBeUndefined();
    expect(unbilledAfter.aadhaarEnc).toEqual(expect.any(String));
    expect(await purgeEntries()).toEqual([]);

    // Staff asking for a deleted scan get a clear 404 naming the day, not a 5xx.
    const view = await api.call('GET', `/api/registrations/${billed.id}/aadhaar-file`, {
      token: tokens.admin,
      query: { year: billed.year },
    });
    expect(view.status, view.text).toBe(404);
    expect(view.json.message).toMatch(/deleted on .* under the retention rule/);
    const held = await api.call('GET', `/api/registrations/${unbilled.id}/aadhaar-file`, {
      token: tokens.admin,
      query: { year: unbilled.year },
    });
    expect(held.status, held.text).toBe(200);

    // A second run finds nothing left.
    expect(await runRetention({ today: due })).toMatchObject({ deleted: 0, dropped: 0 });
  });

  it('follows a change of the setting for scans already waiting (0 days: the next run)', async () => {
    const { cropName } = await kgCrop(100);
    const reg = await register(cropName);
    await staffCancel(reg);
    await setRetentionDays(0);
    expect(await runRetention({ today: TODAY })).toMatchObject({ deleted: 1 });
    expect(await scanHeld(reg)).toBe(false);
    await setRetentionDays(30);
  });

  it('drops the entry of a registration that needs its scan again, and keeps the scan', async () => {
    const { cropName } = await kgCrop(100);
    const reg = await register(cropName);
    // As a bill cancelled by credit note leaves it: confirmed and unbilled again, with the bill's entry still there.
    await docClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: PURGE_PK,
          sk: `${TODAY}#${reg.year}#${String(reg.id).padStart(10, '0')}`,
          day: TODAY,
          year: reg.year,
          id: reg.id,
          scanKey: await scanKeyOf(reg),
          reason: 'billed',
        },
      }),
    );
    expect(await runRetention({ today: addDays(TODAY, 31) })).toMatchObject({ deleted: 0, dropped: 1 });
    expect(await scanHeld(reg)).toBe(true);
  });

  it('run twice at once, deletes each scan once', async () => {
    const { cropName } = await kgCrop(100);
    const regs: Reg[] = [];
    for (let i = 0; i < 8; i++) regs.push(await register(cropName));
    for (const r of regs) await staffCancel(r);
    const day = addDays(TODAY, 30);
    // Without the lease (both work) and with it (one of them may stand aside): each scan is counted once.
    const free = await Promise.all([runRetention({ today: day }), runRetention({ today: day })]);
    expect(free[0].deleted + free[1].deleted).toBe(8);
    for (const r of regs) expect(await scanHeld(r)).toBe(false);
    expect(await purgeEntries()).toEqual([]);

    const more: Reg[] = [];
    for (let i = 0; i < 4; i++) more.push(await register(cropName));
    for (const r of more) await staffCancel(r);
    const leased = await Promise.all([runRetention({ today: day, lease: true }), runRetention({ today: day, lease: true })]);
    expect(leased[0].deleted + leased[1].deleted).toBe(4);
    for (const r of more) expect(await scanHeld(r)).toBe(false);
  });

  it('starts the time of an expired registration with its expiry', async () => {
    const { cropName } = await kgCrop(100);
    const reg = await register(cropName);
    const stored = (await getRegistration(reg.year, reg.id, true))!;
    const afterCollection = addDays(stored.appointmentDate!, 60);
    const sweep = await sweepAllocation({ today: afterCollection });
    expect(sweep.expired).toBeGreaterThanOrEqual(1);
    expect((await getRegistration(reg.year, reg.id, true))!.status).toBe('expired');
    const entry = (await purgeEntries()).find((e) => e.id === reg.id);
    expect(entry).toMatchObject({ reason: 'expired', day: TODAY, year: reg.year });
    expect(await runRetention({ today: addDays(TODAY, 29) })).toMatchObject({ deleted: 0 });
    // The sweep expired the unbilled registrations of the earlier tests as well: theirs go with it.
    expect((await runRetention({ today: addDays(TODAY, 30) })).deleted).toBeGreaterThanOrEqual(1);
    expect(await scanHeld(reg)).toBe(false);
  });
});

describe('closing a season', () => {
  it('goes on page after page until every scan of the year is gone', async () => {
    const year = YEAR - 2;
    const keys = Array.from({ length: 230 }, (_, i) => `aadhaar/${year}/${String(i + 1).padStart(10, '0')}-s${i}.pdf`);
    for (const k of keys) await putObject(k, Buffer.from('%PDF-1.4 scan'), 'application/pdf');
    await closeSeason(year, ADMIN_CALLER, auditTrail('retention.close-season', ADMIN_CALLER, '127.0.0.1'), 0);
    // Stopped at once, then a step at a time: each continuation takes up where the last stopped.
    let state = await continueSeasonClose(year, 0);
    expect(state.status).toBe('running');
    state = await continueSeasonClose(year, Date.now() + 60_000);
    expect(state.status).toBe('done');
    const left = await Promise.all(keys.map((k) => readObjectHead(k, 1)));
    expect(left.filter(Boolean)).toHaveLength(0);
  });

  it("deletes that year's scans only, resumably, with its progress visible, once at a time", async () => {
    const { cropName } = await kgCrop(100);
    const thisYear = [await register(cropName), await register(cropName), await register(cropName)];
    // Scans of another year (as the previous season left them).
    const otherKeys = [`aadhaar/${YEAR - 1}/0000000001-old1.pdf`, `aadhaar/${YEAR - 1}/0000000002-old2.pdf`];
    for (const k of otherKeys) await putObject(k, SAMPLE_PDF, 'application/pdf');

    // Another role may not close a season; a bad year is a 400.
    const seller = await api.call('POST', '/api/retention/close-season', { token: tokens.seller, body: { year: YEAR } });
    expect(seller.status).toBe(403);
    for (const body of [{ year: 'x' }, { year: 1999 }, {}, { year: YEAR, extra: 1 }, { year: YEAR + 1 }]) {
      const bad = await api.call('POST', '/api/retention/close-season', { token: tokens.admin, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }

    // A burst of the same request: one starts the close, the others are told it is under way.
    const burst = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.call('POST', '/api/retention/close-season', { token: tokens.admin, body: { year: YEAR } }),
      ),
    );
    const started = burst.filter((r) => r.status === 200);
    expect(started).toHaveLength(1);
    expect(burst.filter((r) => r.status === 409)).toHaveLength(9);
    expect(started[0].json).toMatchObject({ year: YEAR });
    expect(['running', 'done']).toContain(started[0].json.status);
    // The request works for its time budget and the daily job finishes what is left: on a busy machine the
    // budget may run out first, so the job's continuation is run here until the year is done.
    const finished = await continueSeasonClose(YEAR, Date.now() + 120_000);
    expect(finished.status).toBe('done');
    expect(finished.deleted).toBeGreaterThanOrEqual(3);

    for (const r of thisYear) expect(await scanHeld(r)).toBe(false);
    for (const k of otherKeys) expect(await readObjectHead(k, 1)).toBeDefined();

    const status = await api.call('GET', '/api/retention', { token: tokens.admin });
    expect(status.status, status.text).toBe(200);
    expect(status.json.seasons).toContainEqual(expect.objectContaining({ year: YEAR, status: 'done' }));

    // Closing the previous year, stopped by its time budget at once, is continued where it stopped by the daily job.
    const prev = await closeSeason(YEAR - 1, ADMIN_CALLER, auditTrail('retention.close-season', ADMIN_CALLER, '127.0.0.1'), 0);
    expect(prev).toMatchObject({ status: 'running', deleted: 0 });
    const running = await api.call('GET', '/api/retention', { token: tokens.admin });
    expect(running.json.seasons).toContainEqual(expect.objectContaining({ year: YEAR - 1, status: 'running' }));
    const job = await runRetention({ lease: true });
    expect(job.seasons).toEqual([{ year: YEAR - 1, deleted: expect.any(Number), done: true }]);
    for (const k of otherKeys) expect(await readObjectHead(k, 1)).toBeUndefined();
    const after = await api.call('GET', '/api/retention', { token: tokens.admin });
    expect(after.json.seasons).toContainEqual(expect.objectContaining({ year: YEAR - 1, status: 'done' }));
  });
});
