import { DeleteCommand, UpdateCommand } from '@functions/lib/dynamo-commands';
import { beforeAll, describe, expect, it } from 'vitest';
import { docClient, tableName } from '@functions/lib/aws';
import { kolkataDay } from '@functions/lib/stats';
import { setReconcileSettleMsForTests } from '@functions/reconcile/job';
import { getRegistration } from '@functions/registrations/registration-entity';
import { countMarkKey, isCounted } from '@functions/registrations/registration-events';
import type { ReconcileReply } from '@shared/schemas/reconcile';
import { seedFormCrops } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { scanTable } from '../support/table';
import { newRegistration } from '../support/steps';

/**
 * The reconciliation job (functions/reconcile/job.ts, invariant 10): the farmer links, the dashboard counters and
 * the report counters are recomputed from the registrations and bills. On data the live paths wrote it corrects
 * nothing; after the derived items are damaged directly in the table it puts each one right and names it; a second
 * run corrects nothing.
 */
const { api, tokens } = useTestApi({ streams: true }, 'super_admin', 'admin', 'seller');
const TODAY = kolkataDay();
const YEAR = Number(TODAY.slice(0, 4));
const T = () => tableName();

beforeAll(async () => {
  await seedFormCrops();
  // The registrations here are seconds old; the job leaves younger ones than this to the stream.
  setReconcileSettleMsForTests(0);
});

const reconcile = async (token = tokens.super_admin) => api.call('POST', '/api/admin/reconcile', { token });

async function register(fields: Record<string, unknown>) {
  const data = await newRegistration(api, fields);
  return { id: data.id, year: data.year };
}

async function sell(reg: { id: number; year: number }, cropName: string, paymentMode: 'Cash' | 'Online') {
  const crops = await api.call('GET', '/api/crops/dropdown');
  const crop = crops.json.find((c: { name: string }) => c.name === cropName);
  const lots = await api.call('GET', '/api/lots/for-crop', { token: tokens.seller, query: { cropId: crop.id } });
  expect(lots.status, lots.text).toBe(200);
  const r = await api.call('POST', '/api/sales/make', {
    token: tokens.seller,
    body: { lotID: lots.json[0].lotID, registrationID: reg.id, year: reg.year, bags: 1, paymentMode },
  });
  expect(r.status, r.text).toBe(201);
  return r.json as { invoiceID: number; invoiceNumber: string };
}

/** Every counter group as a reader adds it up: dashboard stats by key without shard, report counters by day and combination. */
async function counterSums(): Promise<Record<string, number>> {
  const sums: Record<string, number> = {};
  const add = (k: string, v: unknown) => {
    const n = Number(v ?? 0);
    if (n) sums[k] = (sums[k] ?? 0) + n;
  };
  for (const it of await scanTable({ ConsistentRead: true })) {
    const pk = String(it.pk);
    if (pk.startsWith('STAT#')) {
      const group = pk.startsWith('STAT#registrations#') ? pk.replace(/#\d$/, '') : pk;
      add(`${group} count`, it.count);
      add(`${group} amountPaise`, it.amountPaise);
    } else if (pk.startsWith('RPT#')) {
      const sk = String(it.sk);
      const group = `${pk}|${sk.slice(0, sk.lastIndexOf('#'))}`;
      for (const m of [
        'registrations',
        'confirmed',
        'waitlisted',
        'billed',
        'noShows',
        'grams',
        'cashPaise',
        'onlinePaise',
        'cancelled',
      ])
        add(`${group} ${m}`, it[m]);
    }
  }
  return Object.fromEntries(Object.entries(sums).filter(([, v]) => v !== 0));
}

const update = (Key: { pk: string; sk: string }, UpdateExpression: string, values?: Record<string, unknown>) =>
  docClient().send(
    new UpdateCommand({ TableName: T(), Key, UpdateExpression, ...(values ? { ExpressionAttributeValues: values } : {}) }),
  );

const addCount = (pk: string, n: number) =>
  docClient().send(
    new UpdateCommand({
      TableName: T(),
      Key: { pk, sk: 'STAT' },
      UpdateExpression: 'ADD #c :n',
      ExpressionAttributeNames: { '#c': 'count' },
      ExpressionAttributeValues: { ':n': n },
    }),
  );

describe('reconciliation of derived data', () => {
  let regs: { id: number; year: number }[];
  let sellerID: number;

  it('finds nothing to correct in what the live paths wrote', async () => {
    regs = [
      await register({ cropName: 'Wheat', district: 'Lucknow', category: 'GEN', gender: 'पुरुष' }),
      await register({ cropName: 'Chickpea', district: 'Agra', category: 'SC', gender: 'महिला' }),
      await register({ cropName: 'Wheat', district: 'Agra', category: 'OBC', gender: 'पुरुष' }),
      await register({ cropName: 'Mustard', district: 'Kanpur Nagar', category: 'ST', gender: 'महिला' }),
    ];
    await api.drainStreams();
    await sell(regs[0], 'Wheat', 'Cash');
    const bill = await sell(regs[1], 'Chickpea', 'Online');
    const cn = await api.call('POST', `/api/invoices/${bill.invoiceID}/cancel`, {
      token: tokens.admin,
      body: { reason: 'Wrong lot given' },
    });
    expect(cn.status, cn.text).toBeLessThan(300);
    const cancel = await api.call('POST', `/api/registrations/${regs[2].id}/cancel`, {
      token: tokens.seller,
      body: { reason: 'Farmer called to cancel' },
    });
    expect(cancel.status, cancel.text).toBe(200);
    sellerID = (await api.call('GET', '/auth/me', { token: tokens.seller })).json.userID;

    const r = await reconcile();
    expect(r.status, r.text).toBe(200);
    const report = r.json as ReconcileReply;
    expect(report.years).toEqual([YEAR]);
    expect(report.read.registrations).toBeGreaterThanOrEqual(4);
    expect(report.read.bills).toBeGreaterThanOrEqual(2);
    expect(report.counters).toEqual([]);
    expect(report.links).toEqual([]);
    expect(report.countedLate).toEqual([]);
    expect(report.left).toEqual([]);
    expect(report.corrected).toBe(0);
  });

  it('repairs damaged counters and links, naming each correction, and a second run corrects nothing', async () => {
    const truth = await counterSums();
    const linked = (await getRegistration(regs[0].year, regs[0].id))!;
    const indexed = (await getRegistration(regs[3].year, regs[3].id))!;
    expect(linked.farmerID).toBeGreaterThan(0);

    // Dashboard: one registrations shard over by 5, the sales running total wrong, the seller's day gone.
    await addCount(`STAT#registrations#${TODAY}#3`, 5);
    await docClient().send(
      new UpdateCommand({
        TableName: T(),
        Key: { pk: 'STAT#sales#ALL', sk: 'STAT' },
        UpdateExpression: 'ADD #c :c, amountPaise :a',
        ExpressionAttributeNames: { '#c': 'count' },
        ExpressionAttributeValues: { ':c': -1, ':a': 12_345 },
      }),
    );
    await docClient().send(new DeleteCommand({ TableName: T(), Key: { pk: `STAT#sales#U${sellerID}#${TODAY}`, sk: 'STAT' } }));

    // Reports: a measure removed, a measure added, a combination that never happened.
    const rpt = (await scanTable({ ConsistentRead: true })).filter((i) => String(i.pk) === `RPT#${YEAR}#${TODAY}`);
    const withRegistrations = rpt.find((i) => Number(i.registrations) > 0)!;
    const other = rpt.find((i) => i !== withRegistrations)!;
    await update({ pk: withRegistrations.pk, sk: withRegistrations.sk }, 'REMOVE registrations');
    await update({ pk: other.pk, sk: other.sk }, 'ADD noShows :n', { ':n': 2 });
    await update(
      { pk: `RPT#${YEAR}#${TODAY}`, sk: '999#Nowhere#GEN#पुरुष#4' },
      'SET cropId = :c, district = :d, category = :g, gender = :s ADD registrations :n',
      {
        ':c': 999,
        ':d': 'Nowhere',
        ':g': 'GEN',
        ':s': 'पुरुष',
        ':n': 4,
      },
    );

    // Dashboard, the stream's side: a registration it never counted (the mark and its count both missing).
    const uncounted = (await getRegistration(regs[2].year, regs[2].id))!;
    await docClient().send(new DeleteCommand({ TableName: T(), Key: countMarkKey(uncounted.year, uncounted.id) }));
    for (const pk of [`STAT#registrations#${TODAY}#0`, 'STAT#registrations#ALL#0']) await addCount(pk, -1);

    // Links: one registration's link gone, another's farmer index keys wrong.
    await update({ pk: linked.pk, sk: 'REG' }, 'REMOVE farmerID, gsi2pk, gsi2sk');
    await update({ pk: indexed.pk, sk: 'REG' }, 'SET gsi2pk = :p', { ':p': 'FARMER#0' });

    const r = await reconcile();
    expect(r.status, r.text).toBe(200);
    const report = r.json as ReconcileReply;
    expect(report.links).toEqual(
      expect.arrayContaining([
        { year: linked.year, id: linked.id, outcome: 'linked' },
        { year: indexed.year, id: indexed.id, outcome: 'index' },
      ]),
    );
    expect(report.links).toHaveLength(2);
    expect(report.countedLate).toEqual([{ year: uncounted.year, id: uncounted.id }]);
    expect(report.left).toEqual([]);
    const named = report.counters.map((c) => `${c.counter}|${c.combination} ${c.measure} ${c.stored}->${c.expected}`);
    const combo = (i: Record<string, unknown>) => String(i.sk).slice(0, String(i.sk).lastIndexOf('#'));
    const regsToday = truth[`STAT#registrations#${TODAY} count`];
    expect(named.sort()).toEqual(
      [
        `STAT#registrations#${TODAY}| count ${regsToday + 5}->${regsToday}`,
        `STAT#sales#ALL| count ${truth['STAT#sales#ALL count'] - 1}->${truth['STAT#sales#ALL count']}`,
        `STAT#sales#ALL| amountPaise ${truth['STAT#sales#ALL amountPaise'] + 12_345}->${truth['STAT#sales#ALL amountPaise']}`,
        `STAT#sales#U${sellerID}#${TODAY}| count 0->${truth[`STAT#sales#U${sellerID}#${TODAY} count`]}`,
        `STAT#sales#U${sellerID}#${TODAY}| amountPaise 0->${truth[`STAT#sales#U${sellerID}#${TODAY} amountPaise`]}`,
        `RPT#${YEAR}#${TODAY}|${combo(withRegistrations)} registrations ${
          truth[`RPT#${YEAR}#${TODAY}|${combo(withRegistrations)} registrations`] - Number(withRegistrations.registrations)
        }->${truth[`RPT#${YEAR}#${TODAY}|${combo(withRegistrations)} registrations`]}`,
        `RPT#${YEAR}#${TODAY}|${combo(other)} noShows ${(truth[`RPT#${YEAR}#${TODAY}|${combo(other)} noShows`] ?? 0) + 2}->${
          truth[`RPT#${YEAR}#${TODAY}|${combo(other)} noShows`] ?? 0
        }`,
        `RPT#${YEAR}#${TODAY}|999#Nowhere#GEN#पुरुष registrations 4->0`,
      ].sort(),
    );
    expect(report.corrected).toBe(report.counters.length + 3);

    // Everything is as the live paths wrote it.
    expect(await counterSums()).toEqual(truth);
    const relinked = (await getRegistration(linked.year, linked.id))!;
    expect(relinked).toMatchObject({ farmerID: linked.farmerID, gsi2pk: linked.gsi2pk, gsi2sk: linked.gsi2sk });
    expect((await getRegistration(indexed.year, indexed.id))!.gsi2pk).toBe(indexed.gsi2pk);
    expect(await isCounted(uncounted)).toBe(true);

    // A run right after finds nothing more.
    const again = await reconcile();
    expect(again.status, again.text).toBe(200);
    expect(again.json).toMatchObject({ corrected: 0, counters: [], links: [], countedLate: [], left: [] });

    // And the run left one audit entry each.
    const entries = (await scanTable({ ConsistentRead: true })).filter((i) => i.action === 'reconcile.run');
    expect(entries.length).toBeGreaterThanOrEqual(3);
  });

  it('is for super_admin only', async () => {
    for (const token of [tokens.admin, tokens.seller]) expect((await reconcile(token)).status).toBe(403);
    expect((await api.call('POST', '/api/admin/reconcile')).status).toBe(401);
  });
});
