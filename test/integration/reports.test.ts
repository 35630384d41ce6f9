import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepAllocation } from '@functions/allocation/sweep';
import { runReconciliation, setReconcileSettleMsForTests } from '@functions/reconcile/job';
import { setClockForTests } from '@functions/sales/sale-clock';
import { docClient, tableName } from '@functions/lib/aws';
import { UpdateCommand } from '@functions/lib/dynamo-commands';
import { clearAppointmentSettingsCache, forgetFullShifts } from '@functions/allocation/appointments';
import { addDays } from '@shared/allocation-status';
import { emptyReportFigures, REPORT_FIGURES, type ReportFigures, type ReportReply } from '@shared/schemas/replies/reports';
import { REPORT_GROUPINGS, type ReportGrouping } from '@shared/schemas/reports';
import { kolkataDate } from '@shared/schemas/registration';
import { registerFarmer, seedCrop, testAadhaar, validFields } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { scanTable } from '../support/table';
import { newRegistration, sold } from '../support/steps';

/**
 * GET /api/reports (docs/decisions/0028-reports.md): the counters written in each event's transaction give the
 * same figures as a direct count of the registrations, claims and bills stored, for every grouping, after
 * registrations (confirmed, waitlisted, a burst at once), a cancellation that promotes, sales in cash and
 * online, a credit note, an expiry run, and the draw (applied, then confirmed or waitlisted).
 */
const { api, tokens } = useTestApi('super_admin', 'admin', 'seller');
const TODAY = kolkataDate();
const YEAR = Number(TODAY.slice(0, 4));
const SWEEP_DAY = addDays(TODAY, 30);

let producerID: number;

const setConfig = async (key: string, value: string) => {
  const r = await api.call('POST', '/api/config', { token: tokens.super_admin, body: { key, value } });
  expect(r.status, r.text).toBe(200);
  clearAppointmentSettingsCache();
};

beforeAll(async () => {
  setReconcileSettleMsForTests(0);
  await setConfig('PerDayLimit', '0');
  forgetFullShifts();
  const p = await api.call('POST', '/api/producers', {
    token: tokens.admin,
    body: { name: 'Report Producer', aadhaarNumber: testAadhaar('73451239876'), contactNumber: '9876543210' },
  });
  expect(p.status, p.text).toBe(201);
  producerID = p.json.producerID;
}, 60_000);
afterAll(async () => {
  await setConfig('AppointmentStartDate', '');
  await setConfig('AllocationMode', 'first-come');
});

async function cropWithLot(name: string, kg: number): Promise<{ cropId: number; lotID: number }> {
  const cropId = await seedCrop(name, { stockKg: 0 });
  const r = await api.call('POST', '/api/lots', {
    token: tokens.admin,
    body: { producerID, cropID: cropId, quantityAvailable: kg, pricePerUnit: 30 },
  });
  expect(r.status, r.text).toBe(201);
  return { cropId, lotID: r.json.lotID };
}

type Reg = { id: number; year: number; status: string; code: string };
async function register(cropName: string, who: { district: string; category: string; gender: string }): Promise<Reg> {
  const data = await newRegistration(api, { cropName, bagsRequested: 5, ...who });
  return { id: data.id, year: data.year, status: data.status, code: data.uniqueCode };
}

const sell = (reg: Reg, lotID: number, paymentMode: 'Cash' | 'Online') =>
  sold(api, tokens.seller, reg, lotID, { bags: 5, paymentMode });

const getReport = (by: string, token: string = tokens.admin, extra = '') =>
  api.call('GET', `/api/reports?year=${YEAR}&by=${by}${extra}`, { token });

/**
 * The figures counted from what is stored: registrations of the year; confirmed = given an appointment (at
 * creation or later, kept after expiry and cancellation); waitlisted = placed on the waiting list at creation
 * (the claim keeps the first status) or by the draw; no-shows = expired; cancelled; the bills that stand.
 */
async function directCounts(by: ReportGrouping): Promise<Map<string, ReportFigures>> {
  const items = await scanTable({ ConsistentRead: true });
  const regs = items.filter((i) => i.type === 'registration' && i.year === YEAR);
  const firstStatus = new Map(
    items.filter((i) => String(i.pk).startsWith('REGCLAIM#')).map((c) => [`${c.year}#${c.id}`, String(c.status)]),
  );
  const byReg = new Map<string, Record<string, any>>(regs.map((r) => [`${r.year}#${r.id}`, r]));
  const counts = new Map<string, ReportFigures>();
  const of = (r: Record<string, any>) => {
    const key = String(by === 'crop' ? r.cropId : r[by]);
    if (!counts.has(key)) counts.set(key, emptyReportFigures());
    return counts.get(key)!;
  };
  for (const r of regs) {
    const c = of(r);
    const first = firstStatus.get(`${r.year}#${r.id}`);
    c.registrations++;
    if (r.appointmentDate) c.confirmed++;
    if (first === 'waitlisted' || (first === 'applied' && (r.status === 'waitlisted' || r.waitlistPosition))) c.waitlisted++;
    if (r.status === 'expired') c.noShows++;
    if (r.status === 'cancelled') c.cancelled++;
  }
  const bills = items.filter((i) => String(i.pk).startsWith('INVOICE#') && i.sk === 'INVOICE' && i.status !== 'cancelled');
  for (const b of bills) {
    const c = of(byReg.get(`${b.year}#${b.registrationID}`)!);
    c.billed++;
    c.grams += b.quantityGrams;
    if (b.paymentMode === 'Online') c.onlinePaise += b.totalPaise;
    else c.cashPaise += b.totalPaise;
  }
  return counts;
}

async function expectReportsMatchTheData() {
  for (const by of REPORT_GROUPINGS) {
    const r = await getReport(by);
    expect(r.status, r.text).toBe(200);
    const report = r.json as ReportReply;
    const direct = await directCounts(by);
    const rows = new Map(report.rows.map(({ key, label: _l, labelHi: _h, ...figures }) => [key, figures]));
    expect(Object.fromEntries(rows), `by ${by}`).toEqual(Object.fromEntries(direct));
    const total = emptyReportFigures();
    for (const c of direct.values()) for (const f of REPORT_FIGURES) total[f] += c[f];
    expect(report.total, `total by ${by}`).toEqual(total);
  }
  // The counters are recomputable from the registrations and bills alone (functions/reconcile): nothing to correct.
  const run = await runReconciliation();
  expect('busy' in run ? run : run.counters).toEqual([]);
  expect('busy' in run ? run : run.left).toEqual([]);
}

describe('reports from counters', () => {
  it('equal a direct count of the data for each grouping, through every event that changes a count', async () => {
    const mustard = await cropWithLot('Mustard', 1000);
    const chickpea = await cropWithLot('Chickpea', 15);
    const people = [
      { district: 'Lucknow', category: 'GEN', gender: 'पुरुष' },
      { district: 'Kanpur Nagar', category: 'OBC', gender: 'महिला' },
      { district: 'Agra', category: 'SC', gender: 'पुरुष' },
      { district: 'Lucknow', category: 'ST', gender: 'महिला' },
      { district: 'Kanpur Nagar', category: 'GEN', gender: 'पुरुष' },
    ];
    const m: Reg[] = [];
    for (const who of people) m.push(await register('Mustard', who));
    // In order: 15 kg of stock confirms three requests of 5 kg, the other two wait.
    const c: Reg[] = [];
    for (const who of people) c.push(await register('Chickpea', who));
    expect(m.map((r) => r.status)).toEqual(Array(5).fill('confirmed'));
    expect(c.map((r) => r.status)).toEqual(['confirmed', 'confirmed', 'confirmed', 'waitlisted', 'waitlisted']);

    // A cancellation by staff gives its 5 kg to the first waiting (promoted in the same request).
    const cancel = await api.call('POST', `/api/registrations/${c[1].id}/cancel`, {
      token: tokens.admin,
      body: { reason: 'Farmer moved away' },
    });
    expect(cancel.status, cancel.text).toBe(200);
    await expect
      .poll(async () => (await api.call('GET', `/svsregistration/AppointmentList/${c[3].code}`)).json.data[0].status)
      .toBe('confirmed');

    await sell(m[0], mustard.lotID, 'Cash');
    const toCredit = await sell(m[1], mustard.lotID, 'Cash');
    await sell(m[2], mustard.lotID, 'Online');
    await sell(c[0], chickpea.lotID, 'Online');
    const credit = await api.call('POST', `/api/invoices/${toCredit.invoiceID}/cancel`, {
      token: tokens.admin,
      body: { reason: 'Wrong lot entered' },
    });
    expect(credit.status, credit.text).toBe(201);
    await expectReportsMatchTheData();
    const crop = (await getReport('crop')).json as ReportReply;
    expect(crop.rows.find((r) => r.key === String(chickpea.cropId))).toMatchObject({
      label: 'Chickpea',
      registrations: 5,
      confirmed: 4,
      waitlisted: 2,
      cancelled: 1,
      billed: 1,
      grams: 5000,
      onlinePaise: 15_000,
      cashPaise: 0,
    });
    expect(crop.rows.find((r) => r.key === String(mustard.cropId))).toMatchObject({
      billed: 2,
      grams: 10_000,
      cashPaise: 15_000,
      onlinePaise: 15_000,
    });

    // Expiry: the confirmed, unbilled registrations past their days become no-shows (promotions book later days).
    await setConfig('AppointmentStartDate', addDays(SWEEP_DAY, 7));
    const swept = await sweepAllocation({ today: SWEEP_DAY });
    expect(swept.expired).toBeGreaterThanOrEqual(4);
    await expectReportsMatchTheData();
  }, 180_000);

  it('counts a burst of 20 registrations of one combination at once as 20', async () => {
    const cropId = await seedCrop('Wheat');
    const before = (await getReport('crop')).json as ReportReply;
    const had = before.rows.find((r) => r.key === String(cropId))?.registrations ?? 0;
    const who = { district: 'Hardoi', category: 'OBC', gender: 'पुरुष' };
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => registerFarmer(api, validFields({ cropName: 'Wheat', bagsRequested: 1, ...who }))),
    );
    for (const r of replies) expect(r.status, r.text).toBe(201);
    const after = (await getReport('district')).json as ReportReply;
    expect(after.rows.find((r) => r.key === 'Hardoi')).toMatchObject({ registrations: 20, confirmed: 20 });
    const crop = (await getReport('crop')).json as ReportReply;
    expect(crop.rows.find((r) => r.key === String(cropId))?.registrations).toBe(had + 20);
    await expectReportsMatchTheData();
  }, 120_000);

  it('counts the draw: applied registrations only as registrations, then the winners confirmed and the others waitlisted', async () => {
    const cropName = 'Report Draw Gram';
    const cropId = await seedCrop(cropName, { stockKg: 0 });
    const lot = await api.call('POST', '/api/lots', {
      token: tokens.admin,
      body: { producerID, cropID: cropId, quantityAvailable: 10, pricePerUnit: 30 },
    });
    expect(lot.status, lot.text).toBe(201);
    const stored = await api.call('GET', `/api/crops/${cropId}`, { token: tokens.admin });
    const rules = await api.call('PUT', `/api/crops/${cropId}`, {
      token: tokens.admin,
      body: {
        cropName,
        description: stored.json.description,
        rules: { unit: 'kg', bagSizeKg: 1, minQty: 1, maxQty: 6, defaultQty: 1 },
      },
    });
    expect(rules.status, rules.text).toBe(200);
    await setConfig('AllocationMode', 'draw');
    let ids: number[];
    try {
      const replies = [];
      for (let i = 0; i < 4; i++) {
        replies.push(
          await registerFarmer(
            api,
            validFields({ cropName, bagsRequested: 5, district: 'Varanasi', category: i % 2 ? 'SC' : 'GEN', gender: 'महिला' }),
          ),
        );
      }
      for (const r of replies) expect(r.json.data?.status, r.text).toBe('applied');
      ids = replies.map((r) => r.json.data.id as number);
    } finally {
      await setConfig('AllocationMode', 'first-come');
    }
    const applied = (await getReport('crop')).json as ReportReply;
    expect(applied.rows.find((r) => r.key === String(cropId))).toMatchObject({ registrations: 4, confirmed: 0, waitlisted: 0 });

    // The draw runs with the form closed.
    await setConfig('Is_SVS_Form_On', 'false');
    let draw;
    try {
      draw = await api.call('POST', '/api/allocation/draw', {
        token: tokens.admin,
        body: { cropId, year: YEAR, seed: '42-1729' },
      });
    } finally {
      await setConfig('Is_SVS_Form_On', 'true');
    }
    expect(draw.status, draw.text).toBe(201);
    expect((draw.json.entries as { id: number }[]).map((e) => e.id).sort()).toEqual([...ids].sort());
    const drawn = (await getReport('crop')).json as ReportReply;
    expect(drawn.rows.find((r) => r.key === String(cropId))).toMatchObject({ registrations: 4, confirmed: 2, waitlisted: 2 });
    await expectReportsMatchTheData();
  }, 120_000);
});

describe('a season that crosses the year’s end', () => {
  it('reports the bills issued in January of the next year under their registrations’ year, for any range of the season; the reconciliation keeps those days too', async () => {
    const crop = await cropWithLot('Mustard', 1000);
    const who = { district: 'Bahraich', category: 'OBC', gender: 'महिला' };
    const regs = [await register('Mustard', who), await register('Mustard', who)];
    expect(regs.map((r) => r.year)).toEqual([YEAR, YEAR]);
    // The counter issues their seed on 12 January of the next year.
    const january = `${YEAR + 1}-01-12`;
    setClockForTests(() => new Date(`${january}T11:00:00+05:30`));
    try {
      await sell(regs[0], crop.lotID, 'Cash');
      await sell(regs[1], crop.lotID, 'Online');
    } finally {
      setClockForTests();
    }
    const bahraich = async (range: string) => {
      const r = await getReport('district', tokens.admin, range);
      expect(r.status, `${range}: ${r.text}`).toBe(200);
      return (r.json as ReportReply).rows.find((row) => row.key === 'Bahraich');
    };
    const billed = { billed: 2, grams: 10_000, cashPaise: 15_000, onlinePaise: 15_000 };
    // January of the next year alone: the bills, not the registrations.
    expect(await bahraich(`&from=${YEAR + 1}-01-01&to=${YEAR + 1}-01-31`)).toMatchObject({ registrations: 0, ...billed });
    // From the day of registering into January: both.
    expect(await bahraich(`&from=${TODAY}&to=${YEAR + 1}-01-31`)).toMatchObject({ registrations: 2, confirmed: 2, ...billed });
    // The year alone has the registrations and none of the bills.
    expect(await bahraich(`&from=${YEAR}-01-01&to=${YEAR}-12-31`)).toMatchObject({ registrations: 2, billed: 0, grams: 0 });
    // Without a range: the whole season, 1 January to 30 June of the next year.
    const whole = await getReport('district');
    expect(whole.json).toMatchObject({ from: `${YEAR}-01-01`, to: `${YEAR + 1}-06-30` });
    expect((whole.json as ReportReply).rows.find((row) => row.key === 'Bahraich')).toMatchObject({ registrations: 2, ...billed });
    // The bills list, and so its exports, find them by the registrations' year and January's days as well.
    const listed = await api.call('GET', `/api/invoices?year=${YEAR}&from=${YEAR + 1}-01-01&to=${YEAR + 1}-01-31`, {
      token: tokens.admin,
    });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.items.map((b: { registrationID: number }) => b.registrationID).sort()).toEqual(
      regs.map((r) => r.id).sort(),
    );

    // A counter of January made wrong is put right by a reconciliation run in January: it reads the season's days.
    await docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `RPT#${YEAR}#${january}`, sk: `${crop.cropId}#Bahraich#OBC#महिला#${regs[0].id % 10}` },
        UpdateExpression: 'ADD billed :n',
        ExpressionAttributeValues: { ':n': 5 },
      }),
    );
    expect(await bahraich(`&from=${january}&to=${january}`)).toMatchObject({ billed: 7 });
    const run = await runReconciliation({ now: () => new Date(`${YEAR + 1}-01-20T12:00:00+05:30`) });
    if ('busy' in run) throw new Error('reconciliation busy');
    expect(run.counters).toContainEqual(
      expect.objectContaining({ kind: 'report', counter: `RPT#${YEAR}#${january}`, measure: 'billed', stored: 7, expected: 2 }),
    );
    expect(await bahraich(`&from=${january}&to=${january}`)).toMatchObject({ billed: 2 });
    await expectReportsMatchTheData();
  }, 120_000);

  it('refuses a range beyond the season’s 18 months with a 400 that names the season', async () => {
    for (const range of [`&from=${YEAR}-01-01&to=${YEAR + 1}-07-01`, `&from=${YEAR - 1}-12-31&to=${YEAR}-06-30`]) {
      const r = await getReport('crop', tokens.admin, range);
      expect(r.status, `${range}: ${r.text}`).toBe(400);
      expect(r.json.message).toContain('18 months');
      expect(r.json.message).toContain(`${YEAR}-01-01 to ${YEAR + 1}-06-30`);
    }
  });
});

describe('the report request', () => {
  it('refuses bad parameters with 400, a seller with 403 and no token with 401', async () => {
    const bad = [
      '/api/reports?by=crop',
      `/api/reports?year=abc&by=crop`,
      `/api/reports?year=1999&by=crop`,
      `/api/reports?year=${YEAR}`,
      `/api/reports?year=${YEAR}&by=village`,
      `/api/reports?year=${YEAR}&by=crop&from=${YEAR}-13-01`,
      `/api/reports?year=${YEAR}&by=crop&from=${YEAR}-02-30`,
      `/api/reports?year=${YEAR}&by=crop&from=yesterday`,
      `/api/reports?year=${YEAR}&by=crop&from=${YEAR - 1}-12-31`,
      `/api/reports?year=${YEAR}&by=crop&to=${YEAR + 1}-07-01`,
      `/api/reports?year=${YEAR}&by=crop&from=${YEAR + 1}-07-01`,
      `/api/reports?year=${YEAR}&by=crop&from=${YEAR}-06-02&to=${YEAR}-06-01`,
    ];
    for (const path of bad) {
      const r = await api.call('GET', path, { token: tokens.admin });
      expect(r.status, `${path}: ${r.text}`).toBe(400);
      expect(r.json.success).toBe(false);
    }
    expect((await getReport('crop', tokens.seller)).status).toBe(403);
    expect((await api.call('GET', `/api/reports?year=${YEAR}&by=crop`)).status).toBe(401);
    const one = await getReport('gender', tokens.admin, `&from=${TODAY}&to=${TODAY}`);
    expect(one.status, one.text).toBe(200);
    expect(one.json).toMatchObject({ year: YEAR, from: TODAY, to: TODAY, by: 'gender' });
    // A whole season at once (the widest range: 18 months) is answered.
    const all = await getReport('district', tokens.super_admin, `&from=${YEAR}-01-01&to=${YEAR + 1}-06-30`);
    expect(all.status, all.text).toBe(200);
  });

  it('answers a burst of 20 report requests at once', async () => {
    const month = `&from=${TODAY.slice(0, 8)}01&to=${TODAY}`;
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => getReport(REPORT_GROUPINGS[i % 4], tokens.admin, month)),
    );
    for (const r of replies) expect(r.status, r.text).toBe(200);
  });
});
