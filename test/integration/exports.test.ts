import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { kolkataDate } from '@shared/schemas/registration';
import { maskAadhaar } from '@shared/format';
import type { ExportJobItem } from '@functions/exports/job-entity';
import { putJob } from '@functions/exports/job-store';
import { runExportJob } from '@functions/exports/service';
import { useTestApi } from '../support/integration';
import { startedWork } from '../support/started-work';
import {
  DISTRICTS,
  HINDI_FATHERS,
  HINDI_NAMES,
  HINDI_VILLAGES,
  invoiceItem,
  seedInvoices,
  seedRegistrations,
  type SeededRegistration,
} from '../fixtures/export-data';

/**
 * Exports of the staff lists (docs/decisions/0027-exports.md) on DynamoDB Local and s3rver: 5,000 registrations
 * written straight into the table, exported as CSV and XLSX and read back; the lists' filters and rules; the
 * job path with its progress and its short-lived link.
 */
const { api, tokens } = useTestApi('admin', 'seller');
const YEAR = Number(kolkataDate().slice(0, 4));
const COUNT = 5_000;
/** The first registration is made at the start of the year (India), one a minute after it. */
const FIRST_CREATED = new Date(`${YEAR}-01-02T00:00:00+05:30`).toISOString();
const TWELVE_DIGITS = /\d{12}/;

let seeded: SeededRegistration[];
let sellerId: number;
let otherSellerToken: string;
let otherSellerId: number;

const exportOf = (kind: string, query: Record<string, string>, token: string | null = tokens.admin) =>
  api.call('GET', `/api/export/${kind}`, { token: token ?? undefined, query });

async function userIdOf(token: string): Promise<number> {
  const me = await api.call('GET', '/auth/me', { token });
  expect(me.status, me.text).toBe(200);
  return me.json.userID as number;
}

beforeAll(async () => {
  seeded = await seedRegistrations(COUNT, YEAR, 100_001, FIRST_CREATED);
  sellerId = await userIdOf(tokens.seller);
  otherSellerToken = await api.tokenFor('seller', 'user');
  otherSellerId = await userIdOf(otherSellerToken);
  const fy = new Date().getUTCMonth() >= 3 ? YEAR : YEAR - 1;
  const at = (i: number) => new Date(Date.now() - (i + 1) * 3_600_000).toISOString();
  await seedInvoices([
    ...Array.from({ length: 30 }, (_, i) => invoiceItem(i + 1, fy, at(i), { id: sellerId, name: 'विक्रेता एक' })),
    ...Array.from({ length: 20 }, (_, i) => invoiceItem(i + 31, fy, at(i + 30), { id: otherSellerId, name: 'Seller Two' })),
  ]);
}, 180_000);

function csvRows(buffer: Buffer): string[][] {
  return parse(buffer, { bom: true, relax_quotes: false }) as string[][];
}

/** Checks the header, the masked Aadhaar and the texts of every row against what was seeded. */
function expectRegistrationRows(rows: (string | number | null)[][], expected: SeededRegistration[], apostrophe: boolean) {
  const [header, ...body] = rows;
  expect(header.slice(0, 5)).toEqual(['Registration number', 'Year', 'Name', "Father's name", 'Aadhaar']);
  expect(header).not.toContain('adharFilePath');
  expect(body).toHaveLength(expected.length);
  const byId = new Map(expected.map((r) => [r.id, r]));
  const col = (name: string) => header.indexOf(name);
  const guard = (s: string) => (apostrophe && /^[=+\-@]/.test(s) ? `'${s}` : s);
  for (const row of body) {
    const want = byId.get(Number(row[col('Registration number')]));
    expect(want, `row ${row[0]}`).toBeDefined();
    expect(row[col('Name')]).toBe(guard(want!.name));
    expect(row[col("Father's name")]).toBe(guard(want!.fatherName));
    expect(row[col('Village')]).toBe(guard(want!.village));
    expect(row[col('District')]).toBe(want!.district);
    expect(row[col('Aadhaar')]).toBe(maskAadhaar(want!.aadhaarLast4));
    expect(row[col('Crop (Hindi)')]).toBe('गेहूं');
  }
}

describe('registrations, 5,000 of them', () => {
  it('as CSV: UTF-8 with a byte-order mark, CRLF, every row with Hindi intact, Aadhaar only masked', async () => {
    const r = await exportOf('registrations', { format: 'csv', year: String(YEAR) });
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(r.headers.get('content-disposition')).toMatch(
      new RegExp(`attachment; filename="registrations-${kolkataDate()}\\.csv"`),
    );
    expect([...r.buffer.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(r.text).toContain('\r\n');
    expect(r.text.replace(/\r\n/g, '')).not.toMatch(/(^|[^\r])\n(?=\d)/);
    expect(r.text).not.toMatch(TWELVE_DIGITS);
    expect(r.text).not.toContain('aadhaar/');
    const rows = csvRows(r.buffer);
    expectRegistrationRows(rows, seeded, true);
    // A cell starting with '=' is not left to be read as a formula.
    expect(HINDI_NAMES[4]).toMatch(/^=/);
    expect(r.text).toContain(`'${HINDI_NAMES[4]}`);
    expect(r.text).toContain(`"${HINDI_NAMES[3]}"`);
  }, 120_000);

  it('as XLSX: the same rows, texts as stored', async () => {
    const r = await exportOf('registrations', { format: 'xlsx', year: String(YEAR) });
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.headers.get('content-disposition')).toContain(`registrations-${kolkataDate()}.xlsx`);
    const rows = (await readSheet(r.buffer)) as (string | number | null)[][];
    expectRegistrationRows(rows, seeded, false);
    for (const row of rows) for (const cell of row) expect(String(cell ?? '')).not.toMatch(TWELVE_DIGITS);
    expect(rows.slice(1).some((row) => row.includes(HINDI_NAMES[3]))).toBe(true);
  }, 120_000);

  it('applies the list filters: a district and a date range, the same as the list answers', async () => {
    const from = seeded[100].created;
    const to = seeded[399].created;
    const query = { year: String(YEAR), district: DISTRICTS[1], from, to };
    const r = await exportOf('registrations', { format: 'csv', ...query });
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    const want = seeded.slice(100, 400).filter((s) => s.district === DISTRICTS[1]);
    expect(want.length).toBeGreaterThan(50);
    expectRegistrationRows(csvRows(r.buffer), want, true);
    const list = await api.call('GET', '/api/registrations', { token: tokens.admin, query: { ...query, take: 100 } });
    expect(list.json.total).toBe(want.length);
  }, 60_000);

  it('a burst of 20 of the same export at once: each answer is the same whole file', async () => {
    const work = startedWork();
    const query = { format: 'csv', year: String(YEAR), district: DISTRICTS[2], from: seeded[0].created, to: seeded[599].created };
    const answers = await work.all(Array.from({ length: 20 }, () => exportOf('registrations', query, tokens.seller)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const want = seeded.slice(0, 600).filter((s) => s.district === DISTRICTS[2]);
    expectRegistrationRows(csvRows(answers[0].buffer), want, true);
    for (const a of answers) expect(a.buffer.equals(answers[0].buffer)).toBe(true);
    await work.settled();
  }, 120_000);

  it('a search by name or village in Devanagari', async () => {
    const r = await exportOf('registrations', { format: 'csv', year: String(YEAR), village: 'नया गाँव' }, tokens.seller);
    expect(r.status).toBe(200);
    const want = seeded.filter((s) => s.village === HINDI_VILLAGES[1]);
    expectRegistrationRows(csvRows(r.buffer), want, true);
  }, 60_000);
});

describe('bills', () => {
  it("holds what the seller may list: a seller's own bills with createdBy, and the same rows as the list", async () => {
    const own = await exportOf('invoices', { format: 'csv', createdBy: String(sellerId) }, tokens.seller);
    expect(own.status, own.text.slice(0, 300)).toBe(200);
    const [header, ...rows] = csvRows(own.buffer);
    expect(header[0]).toBe('Bill number');
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((row) => row[header.indexOf('Bill number')].slice(-6)))).toEqual(
      new Set(Array.from({ length: 30 }, (_, i) => String(i + 1).padStart(6, '0'))),
    );
    expect(new Set(rows.map((row) => row[header.indexOf('Created by')])).size).toBe(1);
    expect(own.text).not.toMatch(TWELVE_DIGITS);
    for (const row of rows) expect(row[header.indexOf('Aadhaar')]).toMatch(/^XXXX-XXXX-\d{4}$/);
    expect(header).not.toContain('verifyToken');

    const all = await exportOf('invoices', { format: 'xlsx', paymentMode: 'Cash' }, otherSellerToken);
    expect(all.status).toBe(200);
    const sheet = (await readSheet(all.buffer)) as (string | number | null)[][];
    const list = await api.call('GET', '/api/invoices', { token: otherSellerToken, query: { paymentMode: 'Cash', take: 100 } });
    expect(list.status).toBe(200);
    expect(sheet.slice(1).map((row) => row[0])).toEqual(list.json.items.map((b: { invoiceNumber: string }) => b.invoiceNumber));
    expect(sheet.slice(1).every((row) => row[sheet[0].indexOf('Payment mode')] === 'Cash')).toBe(true);
  });
});

describe("today's list and the day closes", () => {
  it("today's list: the rows of the list route for the day asked, with its checks", async () => {
    const day = kolkataDate();
    const r = await exportOf('today', { format: 'csv', date: day }, tokens.seller);
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect(r.headers.get('content-disposition')).toContain(`today-${kolkataDate()}.csv`);
    const [header, ...rows] = csvRows(r.buffer);
    expect(header.slice(0, 4)).toEqual(['Registration number', 'Year', 'Name', 'Aadhaar']);
    const list = await api.call('GET', '/api/today', { token: tokens.seller, query: { date: day } });
    expect(rows).toHaveLength(list.json.items.length);
    expect((await exportOf('today', { format: 'csv', date: '2026-02-30' })).status).toBe(400);
    expect((await exportOf('today', { format: 'xlsx', shift: '3' })).status).toBe(400);
  });

  it("the day closes: a seller's file holds only their own day, an admin's every seller's the list shows", async () => {
    const day = kolkataDate();
    const own = await exportOf('day-close', { format: 'csv', date: day }, tokens.seller);
    expect(own.status, own.text.slice(0, 300)).toBe(200);
    const [header, ...rows] = csvRows(own.buffer);
    expect(header.slice(0, 3)).toEqual(['Day', 'Seller', 'Status']);
    const mine = await api.call('GET', '/api/day-close', { token: tokens.seller, query: { date: day } });
    expect(rows.map((r) => r[1])).toEqual(mine.json.items.map((d: { sellerName: string }) => d.sellerName));
    expect(rows.length).toBeLessThanOrEqual(1);

    const all = await exportOf('day-close', { format: 'xlsx', date: day }, tokens.admin);
    expect(all.status).toBe(200);
    const sheet = (await readSheet(all.buffer)) as (string | number | null)[][];
    const list = await api.call('GET', '/api/day-close', { token: tokens.admin, query: { date: day } });
    expect(sheet.slice(1).map((r) => r[1])).toEqual(list.json.items.map((d: { sellerName: string }) => d.sellerName));
    expect((await exportOf('day-close', { format: 'csv', date: 'yesterday' })).status).toBe(400);
  });
});

describe('who may export and what is refused', () => {
  it('needs staff: 401 without a token, 403 for another role', async () => {
    expect((await exportOf('registrations', { format: 'csv' }, null)).status).toBe(401);
    const user = await api.tokenFor('user');
    expect((await exportOf('registrations', { format: 'csv' }, user)).status).toBe(403);
    expect((await api.call('GET', '/api/export/jobs/AAAAAAAAAAAAAAAAAAAAAA', { token: user })).status).toBe(403);
  });

  it('answers a bad kind, format or filter with 400 and a clear message', async () => {
    const cases: [string, Record<string, string>, RegExp][] = [
      ['farmers', { format: 'csv' }, /kind must be one of: registrations, invoices, today, day-close/],
      ['registrations', {}, /format must be csv or xlsx/],
      ['registrations', { format: 'pdf' }, /format must be csv or xlsx/],
      ['registrations', { format: 'csv', async: 'maybe' }, /async must be 1 or 0/],
      ['registrations', { format: 'csv', status: 'lost' }, /status must be confirmed/],
      ['registrations', { format: 'csv', mobile: '12' }, /mobile/],
      ['registrations', { format: 'csv', from: `${YEAR}-05-01T00:00`, to: `${YEAR}-04-01T00:00` }, /"from" must be before "to"/],
      ['invoices', { format: 'xlsx', paymentMode: 'Cheque' }, /paymentMode must be All, Cash or Online/],
      ['invoices', { format: 'csv', year: 'soon' }, /year must be a number/],
    ];
    for (const [kind, query, message] of cases) {
      const r = await exportOf(kind, query);
      expect(r.status, `${kind} ${JSON.stringify(query)}: ${r.text}`).toBe(400);
      expect(r.json.message).toMatch(message);
    }
  });
});

describe('the job path', () => {
  async function finished(id: string, token: string) {
    let last: { status: number; json: any } | undefined;
    await expect
      .poll(
        async () => {
          last = await api.call('GET', `/api/export/jobs/${id}`, { token });
          return last.json?.status;
        },
        { timeout: 90_000, interval: 200 },
      )
      .toBe('done');
    return last!.json;
  }

  it('starts a job with async=1 (202), shows its progress, then a 5-minute link to the same rows', async () => {
    const query = { format: 'csv', year: String(YEAR), async: '1' };
    const direct = await exportOf('registrations', { format: 'csv', year: String(YEAR) }, tokens.seller);
    const started = await exportOf('registrations', query, tokens.seller);
    expect(started.status, started.text).toBe(202);
    expect(started.json).toMatchObject({ kind: 'registrations', format: 'csv', status: 'running', rowsTotal: COUNT });
    expect(started.json.fileName).toBe(`registrations-${kolkataDate()}.csv`);
    expect(started.json.url).toBeUndefined();

    const seen: number[] = [];
    const done = await (async () => {
      await expect
        .poll(
          async () => {
            const r = await api.call('GET', `/api/export/jobs/${started.json.id}`, { token: tokens.seller });
            expect(r.status).toBe(200);
            seen.push(r.json.rowsDone);
            return r.json.status;
          },
          { timeout: 90_000, interval: 100 },
        )
        .toBe('done');
      return finished(started.json.id, tokens.seller);
    })();
    // Progress never goes back.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(done).toMatchObject({ rowsDone: COUNT, rowsTotal: COUNT });
    expect(Date.parse(done.expiresAt) - Date.now()).toBeLessThanOrEqual(300_000);
    const file = await fetch(done.url);
    expect(file.status).toBe(200);
    const body = Buffer.from(await file.arrayBuffer());
    expect(file.headers.get('content-disposition')).toContain(`registrations-${kolkataDate()}.csv`);
    expect(body.equals(direct.buffer)).toBe(true);

    // Another seller is told there is no such export; an admin may read it.
    const other = await api.call('GET', `/api/export/jobs/${started.json.id}`, { token: otherSellerToken });
    expect(other.status).toBe(404);
    expect(other.json.url).toBeUndefined();
    expect((await api.call('GET', `/api/export/jobs/${started.json.id}`, { token: tokens.admin })).status).toBe(200);
    expect((await api.call('GET', '/api/export/jobs/not-a-job', { token: tokens.admin })).status).toBe(404);
  }, 180_000);

  it('XLSX jobs too, and a burst of the same export at once each gets its own complete file', async () => {
    const work = startedWork();
    const query = { format: 'xlsx', year: String(YEAR), district: DISTRICTS[0], async: '1' };
    const starts = await work.all(Array.from({ length: 10 }, () => exportOf('registrations', query, tokens.seller)));
    expect(starts.map((s) => s.status)).toEqual(Array(10).fill(202));
    expect(new Set(starts.map((s) => s.json.id)).size).toBe(10);
    const want = seeded.filter((s) => s.district === DISTRICTS[0]).length;
    for (const s of starts) {
      const done = await finished(s.json.id, tokens.seller);
      const file = await fetch(done.url);
      const rows = await readSheet(Buffer.from(await file.arrayBuffer()));
      expect(rows).toHaveLength(want + 1);
    }
    await work.settled();
  }, 240_000);

  it('a search by the whole Aadhaar number is answered directly, never kept with a job', async () => {
    const r = await exportOf('registrations', { format: 'csv', aadhaar: '234567890124', async: '1' });
    expect([200, 400]).toContain(r.status);
    if (r.status === 200) expect(csvRows(r.buffer)).toHaveLength(1);
  });
});

describe('a job that cannot finish', () => {
  const job = (over: Partial<ExportJobItem>): ExportJobItem => ({
    id: randomBytes(16).toString('base64url'),
    kind: 'registrations',
    format: 'csv',
    filters: {},
    requestedBy: { userID: sellerId, name: 'Test seller', email: 's@test.local', roles: ['seller'] },
    status: 'running',
    rowsDone: 0,
    fileName: 'registrations-x.csv',
    createdOn: new Date().toISOString(),
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
    ...over,
  });

  it('is marked failed with a plain message when its work throws, and gives no link', async () => {
    const failing = job({ filters: { status: 'lost' } });
    await putJob(failing);
    await runExportJob(failing.id);
    const r = await api.call('GET', `/api/export/jobs/${failing.id}`, { token: tokens.seller });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'failed', message: 'The export could not be finished. Please try again.' });
    expect(r.json.url).toBeUndefined();
    // Run again (Lambda retries an event): a finished job is left as it is.
    await runExportJob(failing.id);
    expect((await api.call('GET', `/api/export/jobs/${failing.id}`, { token: tokens.seller })).json.status).toBe('failed');
  });

  it('still running long after its function would have stopped is reported as stopped', async () => {
    const stale = job({ createdOn: new Date(Date.now() - 10 * 60_000).toISOString(), rowsDone: 500, rowsTotal: 5000 });
    await putJob(stale);
    const r = await api.call('GET', `/api/export/jobs/${stale.id}`, { token: tokens.admin });
    expect(r.json).toMatchObject({ status: 'failed', rowsDone: 500, message: expect.stringMatching(/stopped/) });
  });
});

describe('the texts seeded', () => {
  it('cover commas, quotes, line breaks and a leading =', () => {
    const all = [...HINDI_NAMES, ...HINDI_FATHERS, ...HINDI_VILLAGES].join('|');
    for (const s of [',', '"', '\n', '=']) expect(all).toContain(s);
  });
});
