import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BatchWriteCommand } from '@functions/lib/dynamo-commands';
import type { DocClient } from '@functions/lib/dynamo-client';
import { type Applicant, runDraw, verifyDraw } from '@functions/allocation/draw';
import { applicantItem, PART_SIZE, putApplicant } from '@functions/allocation/draw-store';
import { docClient, setDocClientForTests, tableName } from '@functions/lib/aws';
import { clearAppointmentSettingsCache, forgetFullShifts } from '@functions/allocation/appointments';
import { withRetry } from '@functions/lib/retry';
import { drawShares } from '@functions/allocation/draw-service';
import { APPLY_BUDGET } from '@functions/allocation/draw-apply';
import { changeStock, joinQueue, readPool } from '@functions/allocation/pool';
import { parseVerifyDrawArgs, verifyPublishedDraw } from '@infra/verify-draw';
import { readConfig } from '@shared/config-keys';
import { addDays } from '@shared/allocation-status';
import { kolkataDate, kolkataYear } from '@shared/india-time';
import { pool } from '../support/pool';
import { useTestApi } from '../support/integration';
import { faulty, named } from '../support/faulty-client';
import { scanTable } from '../support/table';
import { registerFarmer, seedCrop, seedStock, validFields } from '../fixtures/registration-helpers';
import { saveConfig } from '../support/steps';

/**
 * The draw's API on DynamoDB Local (docs/decisions/0022-allocation.md, section 4): run once per crop and
 * year, over the applicant entries the registration path writes in draw mode (put here directly), public
 * result, and `npm run verify-draw` reproducing it. Each test uses crop ids of its own.
 */
const { api, tokens } = useTestApi('admin', 'seller', 'super_admin');
const YEAR = 2026;
const KG = 1000;
let nextCrop = 7000;
const newCrop = () => ++nextCrop;
const root = resolve(import.meta.dirname, '../..');

const setConfig = (key: string, value: string) => saveConfig(api, tokens.super_admin, key, value);

/** n applicants of `kg` each: every fourth SC or ST, every second a woman. */
function applicants(n: number, kg = 1): Applicant[] {
  return Array.from({ length: n }, (_, i) => ({
    id: 1000 + i,
    grams: kg * KG,
    category: i % 4 === 0 ? (i % 8 === 0 ? 'SC' : 'ST') : 'GEN',
    gender: i % 2 === 0 ? 'महिला' : 'पुरुष',
  }));
}

async function stockCrop(crop: number, stockKg: number, who: Applicant[]) {
  await changeStock(crop, YEAR, stockKg * KG);
  await pool(who.length, 20, (i) => putApplicant(crop, YEAR, who[i]));
}

/** `null`: no token at all. */
const draw = (body: unknown, token: string | null = tokens.admin) =>
  api.call('POST', '/api/allocation/draw', { token: token ?? undefined, body });
const published = (crop: number | string, year: number | string = YEAR) =>
  api.call('GET', `/api/allocation/draw/${crop}/${year}`);

beforeAll(async () => {
  await setConfig('Is_SVS_Form_On', 'false');
});

describe('the draw', () => {
  it('gives the order the seed gives, the same on every reading, confirmed until the stock is promised', async () => {
    const crop = newCrop();
    const who = applicants(40, 2);
    await stockCrop(crop, 30, who);
    const r = await draw({ cropId: crop, year: YEAR, seed: '482913' });
    expect(r.status, r.text).toBe(201);
    const expected = runDraw({ seed: '482913', cropId: crop, year: YEAR, stockGrams: 30 * KG, applicants: who });
    expect(r.json.entries.map((e: { id: number }) => e.id)).toEqual(expected.entries.map((e) => e.id));
    expect(r.json).toMatchObject({
      algorithm: 'hmac-sha256-sort-v1',
      seed: '482913',
      stockGrams: 30 * KG,
      promisedGrams: 30 * KG,
    });
    expect(r.json.entries.filter((e: { outcome: string }) => e.outcome === 'confirmed')).toHaveLength(15);
    expect(
      r.json.entries
        .filter((e: { outcome: string }) => e.outcome === 'waitlisted')
        .map((e: { waitlistPosition: number }) => e.waitlistPosition),
    ).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    // Public, and the same as the admin was answered; no category or gender in it.
    const read = await published(crop);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(r.json);
    expect(read.text).not.toMatch(/category|gender|महिला|"SC"/);

    // The same applicants and seed for another crop give another order: the crop is part of each key.
    const other = newCrop();
    await stockCrop(other, 30, who);
    const again = await draw({ cropId: other, year: YEAR, seed: '482913' });
    expect(again.status).toBe(201);
    expect(again.json.entries.map((e: { id: number }) => e.id)).not.toEqual(r.json.entries.map((e: { id: number }) => e.id));
  });

  it('runs once per crop and year: a second run, even with another seed, is refused with the first result', async () => {
    const crop = newCrop();
    await stockCrop(crop, 5, applicants(12));
    const first = await draw({ cropId: crop, year: YEAR, seed: '1111' });
    expect(first.status).toBe(201);
    for (const seed of ['1111', '2222']) {
      const second = await draw({ cropId: crop, year: YEAR, seed });
      expect(second.status).toBe(409);
      expect(second.json).toMatchObject({ success: false, code: 'CONFLICT' });
      expect(second.json.draw).toEqual(first.json);
    }
    expect((await published(crop)).json).toEqual(first.json);
  });

  it('stores exactly one result when several runs race', async () => {
    const crop = newCrop();
    await stockCrop(crop, 10, applicants(30));
    const replies = await Promise.all(['a1', 'b2', 'c3', 'd4', 'e5'].map((seed) => draw({ cropId: crop, year: YEAR, seed })));
    const won = replies.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.json.draw).toEqual(won[0].json);
    }
    expect((await published(crop)).json).toEqual(won[0].json);
  });

  it('meets the reserved shares first when enough applicants qualify', async () => {
    const setting = 'SC/ST=20:SC,ST; Women=30:महिला';
    await setConfig('ReservedShares', setting);
    try {
      const crop = newCrop();
      const who = applicants(300);
      await stockCrop(crop, 100, who);
      const r = await draw({ cropId: crop, year: YEAR, seed: '7391' });
      expect(r.status, r.text).toBe(201);
      const shares = drawShares(readConfig('ReservedShares', setting));
      const expected = runDraw({ seed: '7391', cropId: crop, year: YEAR, stockGrams: 100 * KG, applicants: who, shares });
      expect(r.json.entries.map((e: { id: number; outcome: string }) => [e.id, e.outcome])).toEqual(
        expected.entries.map((e) => [e.id, e.outcome]),
      );
      type Entry = { outcome: string; grams: number; shares: string[] };
      const confirmedIn = (name: string) =>
        (r.json.entries as Entry[])
          .filter((e) => e.outcome === 'confirmed' && e.shares.includes(name))
          .reduce((s, e) => s + e.grams, 0);
      expect(confirmedIn('SC/ST')).toBeGreaterThanOrEqual(20 * KG);
      expect(confirmedIn('Women')).toBeGreaterThanOrEqual(30 * KG);
      expect(r.json.shares).toEqual([
        { name: 'SC/ST', percent: 20, quotaGrams: 20 * KG, filledGrams: confirmedIn('SC/ST') },
        { name: 'Women', percent: 30, quotaGrams: 30 * KG, filledGrams: confirmedIn('Women') },
      ]);
      expect(r.json.promisedGrams).toBe(100 * KG);
    } finally {
      await setConfig('ReservedShares', '');
    }
  });
});

describe('a long draw', () => {
  it('keeps more than one part of 5,000 numbers, in draw order, and publishes them whole', async () => {
    const crop = newCrop();
    const who = applicants(PART_SIZE + 1234);
    await changeStock(crop, YEAR, 2000 * KG);
    for (let i = 0; i < who.length; i += 25) {
      await withRetry(() =>
        docClient().send(
          new BatchWriteCommand({
            RequestItems: {
              [tableName()]: who.slice(i, i + 25).map((a) => ({ PutRequest: { Item: applicantItem(crop, YEAR, a) } })),
            },
          }),
        ),
      ).then((out) => expect(out.UnprocessedItems?.[tableName()] ?? []).toEqual([]));
    }
    // Applying 6,234 outcomes may take more than one request's time on a busy machine: the answer then says
    // to send the same request again (503), which finishes it, as the staff screen does.
    let r = await draw({ cropId: crop, year: YEAR, seed: '90210' });
    for (let i = 0; i < 30 && r.status === 503; i++) {
      expect(r.json.message).toMatch(/send the same request again/);
      r = await draw({ cropId: crop, year: YEAR, seed: '90210' });
    }
    expect(r.status, r.text).toBe(201);
    const expected = runDraw({ seed: '90210', cropId: crop, year: YEAR, stockGrams: 2000 * KG, applicants: who });
    const read = await published(crop);
    expect(read.json).toEqual(r.json);
    expect(read.json.entries).toHaveLength(who.length);
    expect(read.json.entries.map((e: { id: number }) => e.id)).toEqual(expected.entries.map((e) => e.id));
    expect(verifyDraw(read.json)).toEqual([]);
  });
});

describe('who may run it and what it refuses', () => {
  it('needs an admin: 401 without a token, 403 for a seller; the result is public', async () => {
    const crop = newCrop();
    await stockCrop(crop, 5, applicants(3));
    expect((await draw({ cropId: crop, year: YEAR, seed: '1' }, null)).status).toBe(401);
    expect((await draw({ cropId: crop, year: YEAR, seed: '1' }, tokens.seller)).status).toBe(403);
    expect((await published(crop)).status).toBe(404);
  });

  it('answers bad input with 400 and a clear message', async () => {
    const cases: [unknown, RegExp][] = [
      [{ cropId: 1, year: YEAR }, /seed/],
      [{ cropId: 1, year: YEAR, seed: '   ' }, /seed is required/],
      [{ cropId: 1, year: YEAR, seed: 'x'.repeat(101) }, /at most 100/],
      [{ cropId: 'one', year: YEAR, seed: '1' }, /cropId/],
      [{ cropId: 0, year: YEAR, seed: '1' }, /cropId must be positive/],
      [{ cropId: 1.5, year: YEAR, seed: '1' }, /cropId must be a whole number/],
      [{ cropId: 1, year: 1999, seed: '1' }, /year must be 2000 or later/],
      [{ cropId: 1, year: YEAR, seed: '1', stockGrams: 5 }, /stockGrams|Unrecognized/i],
      [[], /./],
    ];
    for (const [body, message] of cases) {
      const r = await draw(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.message).toMatch(message);
    }
    const raw = await api.call('POST', '/api/allocation/draw', {
      token: tokens.admin,
      rawBody: '{"cropId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    expect((await published('abc')).status).toBe(400);
    expect((await published(1, 'later')).status).toBe(400);
    expect((await published(1, 3000)).status).toBe(400);
  });

  it('refuses while the form is open, while the waiting list is not empty, and without applicants (409)', async () => {
    const crop = newCrop();
    await stockCrop(crop, 5, applicants(3));
    await setConfig('Is_SVS_Form_On', 'true');
    try {
      const open = await draw({ cropId: crop, year: YEAR, seed: '1' });
      expect(open.status).toBe(409);
      expect(open.json.message).toMatch(/Close the registration form/);
      // The Allocation screen learns from its summary that the form is open, to offer no draw.
      const summary = await api.call('GET', `/api/allocation?year=${YEAR}`, { token: tokens.admin });
      expect(summary.json.formOpen).toBe(true);
    } finally {
      await setConfig('Is_SVS_Form_On', 'false');
    }
    expect((await api.call('GET', `/api/allocation?year=${YEAR}`, { token: tokens.admin })).json.formOpen).toBe(false);
    const waiting = newCrop();
    await stockCrop(waiting, 5, applicants(3));
    await joinQueue(waiting, YEAR);
    const queued = await draw({ cropId: waiting, year: YEAR, seed: '1' });
    expect(queued.status).toBe(409);
    expect(queued.json.message).toBe(`1 registration of this crop is on the waiting list for ${YEAR}; a draw needs an empty one`);
    await joinQueue(waiting, YEAR);
    expect((await draw({ cropId: waiting, year: YEAR, seed: '1' })).json.message).toBe(
      `2 registrations of this crop are on the waiting list for ${YEAR}; a draw needs an empty one`,
    );
    const empty = await draw({ cropId: newCrop(), year: YEAR, seed: '1' });
    expect(empty.status).toBe(409);
    expect(empty.json.message).toMatch(/Nobody applied/);
    // Nothing was fixed by the refusals.
    expect((await published(crop)).status).toBe(404);
    expect((await draw({ cropId: crop, year: YEAR, seed: '1' })).status).toBe(201);
  });
});

describe('the public pages of the result', () => {
  /** The rows of the waiting list as the page lists them: [position, registration number]. */
  const waitingRows = (text: string) =>
    [...text.matchAll(/<tr><td>(\d+)<\/td><td>(?:<mark>)?(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
  const page = (path: string) => api.call('GET', path, { headers: { accept: 'text/html' } });

  it('lists the season’s draws and shows a crop’s result by registration number, with a number looked up and nobody named', async () => {
    const year = kolkataYear();
    const cropId = await seedCrop('Draw Page Gram', { stockKg: 0 });
    const who = applicants(12, 2).map((a) => ({ ...a, id: a.id + 5000 }));
    await changeStock(cropId, year, 10 * KG);
    await pool(who.length, 6, (i) => putApplicant(cropId, year, who[i]));
    const run = await draw({ cropId, year, seed: 'LOT-7319' });
    expect(run.status, run.text).toBe(201);
    const entries = run.json.entries as { id: number; outcome: string; waitlistPosition?: number }[];
    const winners = entries.filter((e) => e.outcome === 'confirmed').map((e) => e.id);
    const losers = entries.filter((e) => e.outcome === 'waitlisted');
    expect(winners).toHaveLength(5);

    // The season's list: the crop, linked to its result; kept a minute by caches.
    const index = await page('/draw');
    expect(index.status, index.text).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^text\/html/);
    expect(index.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60');
    expect(index.text).toContain(`href="/draw/${cropId}/${year}"`);
    expect(index.text).toContain('ड्रॉ के परिणाम');
    // The home page links to it once a draw is published.
    expect((await api.call('GET', '/api/home/summary')).json).toMatchObject({ drawResults: true });

    // The crop's result, in Hindi by default: the numbers given a date in ascending order, the waiting list in its order.
    const result = await page(`/draw/${cropId}/${year}`);
    expect(result.status, result.text).toBe(200);
    expect(result.text).toContain('<html lang="hi">');
    expect(result.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60');
    const selected = /data-testid="draw-selected">(.*?)<\/ul>/s.exec(result.text)?.[1] ?? '';
    expect([...selected.matchAll(/<li>(\d+)<\/li>/g)].map((m) => Number(m[1]))).toEqual([...winners].sort((a, b) => a - b));
    expect(waitingRows(result.text)).toEqual(losers.map((e) => [e.waitlistPosition, e.id]));
    expect(result.text).toContain('LOT-7319');
    // Registration numbers and outcomes only: no category, gender or share of anyone.
    expect(result.text).not.toMatch(/महिला|पुरुष|"SC"|>SC<|>ST<|GEN/);

    // A number looked up: given a date, waiting (in English), not in the draw (typed in Hindi digits), not a number.
    const found = await page(`/draw/${cropId}/${year}?number=${winners[2]}`);
    expect(found.status).toBe(200);
    expect(found.text).toContain('data-found="selected"');
    expect(found.text).toContain(`<mark>${winners[2]}</mark>`);
    expect(found.headers.get('cache-control')).toBe('private, no-store');
    const waiting = await page(`/draw/${cropId}/${year}?number=${losers[1].id}&lang=en`);
    expect(waiting.text).toContain(`Registration ${losers[1].id}: waiting list number 2.`);
    expect(waiting.text).toContain('name="lang" value="en"');
    const absent = await page(`/draw/${cropId}/${year}?number=${encodeURIComponent('९९९९')}`);
    expect(absent.status).toBe(200);
    expect(absent.text).toContain('data-found="absent"');
    expect(absent.text).toContain('पंजीकरण 9999 इस ड्रॉ में नहीं है');
    const bad = await page(`/draw/${cropId}/${year}?number=${encodeURIComponent('<b>12a')}`);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('data-found="bad"');
    expect(bad.text).not.toContain('<b>12a');
    expect(bad.headers.get('cache-control')).toBe('private, no-store');

    // The page of its lists (one here): public like the first; a page that is not a number is refused.
    const paged = await page(`/draw/${cropId}/${year}?page=2`);
    expect(paged.status).toBe(200);
    expect(paged.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60');
    expect(waitingRows(paged.text)).toEqual(waitingRows(result.text));

    // An address that names no draw: 400 for a malformed one, 404 for a crop and year not drawn, both as pages.
    for (const [path, status] of [
      [`/draw/${cropId}/${year}?page=0`, 400],
      [`/draw/${cropId}/${year}?page=two`, 400],
      ['/draw/abc/2026', 400],
      [`/draw/${cropId}/1999`, 400],
      [`/draw/${cropId}/${year - 3}`, 404],
      [`/draw/${newCrop()}/${year}`, 404],
    ] as const) {
      const r = await page(path);
      expect(r.status, path).toBe(status);
      expect(r.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(r.text, path).toContain('data-testid="draw-error"');
    }
  });

  it('says the day of the draw on the list and the home summary while the season runs by draw and the day is ahead', async () => {
    const tomorrow = addDays(kolkataDate(), 1);
    await setConfig('AllocationMode', 'draw');
    await setConfig('DrawDate', tomorrow);
    try {
      expect((await api.call('GET', '/api/home/summary')).json).toMatchObject({ drawOn: tomorrow });
      const index = await page('/draw?lang=en');
      expect(index.text).toContain('data-testid="draw-index-day"');
      // A day gone by is no longer announced; nor is a day in first-come mode.
      await setConfig('DrawDate', addDays(kolkataDate(), -1));
      expect((await api.call('GET', '/api/home/summary')).json).toMatchObject({ drawOn: '' });
      await setConfig('DrawDate', tomorrow);
      await setConfig('AllocationMode', 'first-come');
      expect((await api.call('GET', '/api/home/summary')).json).toMatchObject({ drawOn: '' });
    } finally {
      await setConfig('AllocationMode', 'first-come');
      await setConfig('DrawDate', '');
    }
  });
});

describe('npm run verify-draw', () => {
  const verify = async (args: string[], env: Record<string, string> = {}) => {
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [resolve(root, 'node_modules/tsx/dist/cli.mjs'), 'infra/verify-draw-cli.ts', ...args],
        {
          cwd: root,
          env: { ...process.env, ...env },
        },
      );
      return { code: 0, out: stdout };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, out: err.stdout + err.stderr };
    }
  };

  it('reproduces the published order from the public result, and says so when the seed is not the published one', async () => {
    await setConfig('ReservedShares', 'SC/ST=20:SC,ST');
    const crop = newCrop();
    try {
      await stockCrop(crop, 20, applicants(60));
      expect((await draw({ cropId: crop, year: YEAR, seed: '55-0913' })).status).toBe(201);
    } finally {
      await setConfig('ReservedShares', '');
    }
    const ok = await verify([String(crop), String(YEAR), '55-0913', '--api', api.url]);
    expect(ok.out).toMatch(/Reproduced/);
    expect(ok.out).toMatch(/60 applicants, \d+ confirmed/);
    expect(ok.code).toBe(0);
    const wrongSeed = await verify([String(crop), String(YEAR), '55-0914', `--api=${api.url}`]);
    expect(wrongSeed.code).toBe(1);
    expect(wrongSeed.out).toMatch(/The published seed is "55-0913"/);
  });

  it('takes the address from the flag or VERIFY_DRAW_API, and says when nothing was published', async () => {
    expect(parseVerifyDrawArgs(['3', '2026', 's'], { VERIFY_DRAW_API: 'http://x:1' })).toEqual({
      apiUrl: 'http://x:1',
      cropId: 3,
      year: 2026,
      seed: 's',
    });
    expect(parseVerifyDrawArgs(['--api', 'http://y:2', '3', '2026', 's'], {})).toMatchObject({ apiUrl: 'http://y:2' });
    expect(parseVerifyDrawArgs(['3', '2026', 's'], {})).toMatchObject({ apiUrl: 'http://localhost:3000' });
    expect(parseVerifyDrawArgs(['x', '2026'], {})).toMatch(/Usage/);
    expect(parseVerifyDrawArgs(['x', '2026', 's'], {})).toMatch(/Not a crop id/);
    const none = await verifyPublishedDraw({ apiUrl: api.url, cropId: newCrop(), year: YEAR, seed: '1' });
    expect(none.reproduced).toBe(false);
    expect(none.lines.join('\n')).toMatch(/No draw has been published/);
  });
});

describe('applying the draw to the registrations', () => {
  let realClient: DocClient;
  beforeAll(async () => {
    realClient = docClient();
    // Capped days (10 a day): every winner takes a counted slot that can be checked.
    await setConfig('PerDayLimit', '10');
    clearAppointmentSettingsCache();
    forgetFullShifts();
  });
  afterEach(() => setDocClientForTests(undefined));

  /** A catalogue crop asked for in kg with `stockKg` for the year, and `n` farmers registered for it in draw mode. */
  async function appliedCrop(stockKg: number, n: number, kg: number) {
    const cropName = `Draw Gram ${newCrop()}`;
    const cropId = await seedCrop(cropName, { stockKg });
    await updateCropRules(cropId);
    await setConfig('AllocationMode', 'draw');
    await setConfig('Is_SVS_Form_On', 'true');
    try {
      const who = applicants(n, kg);
      const replies = await pool(n, 8, (i) =>
        registerFarmer(api, validFields({ cropName, bagsRequested: kg, category: who[i].category, gender: who[i].gender })),
      );
      for (const r of replies) expect(r.json.data?.status, r.text).toBe('applied');
      return { cropId, ids: replies.map((r) => r.json.data.id as number) };
    } finally {
      await setConfig('Is_SVS_Form_On', 'false');
      await setConfig('AllocationMode', 'first-come');
    }
  }
  async function updateCropRules(cropId: number) {
    const crop = await api.call('GET', `/api/crops/${cropId}`, { token: tokens.admin });
    const r = await api.call('PUT', `/api/crops/${cropId}`, {
      token: tokens.admin,
      body: {
        cropName: crop.json.cropName,
        description: crop.json.description,
        rules: { unit: 'kg', bagSizeKg: 1, minQty: 1, maxQty: 6, defaultQty: 1 },
      },
    });
    expect(r.status, r.text).toBe(200);
  }

  type Entry = { id: number; outcome: string; waitlistPosition?: number; rank: number; grams: number; shares: string[] };
  async function stored(cropId: number) {
    const items = await scanTable({ ConsistentRead: true }, realClient);
    return {
      regs: new Map(items.filter((i) => i.type === 'registration' && i.cropId === cropId).map((i) => [Number(i.id), i])),
      queue: items.filter((i) => i.pk === `QUEUE#${cropId}#${YEAR}`),
      applicants: items.filter((i) => i.pk === `APPLIED#${cropId}#${YEAR}`),
      due: items.filter((i) => String(i.pk).startsWith('DUE#') && String(i.sk).startsWith(`${cropId}#${YEAR}#`)),
      notes: items.filter((i) => i.type === 'outbox' && i.event === 'drawn'),
      /** Booked shift counters, and the registrations holding a counted slot (of every crop: slots are shared). */
      slotsBooked: items.filter((i) => String(i.pk).startsWith('SLOT#')).reduce((s, i) => s + Number(i.booked ?? 0), 0),
      slotsHeld: items.filter((i) => i.type === 'registration' && i.status === 'confirmed' && i.slotCounted).length,
      record: items.find((i) => i.pk === `DRAW#${cropId}#${YEAR}` && i.sk === 'DRAW'),
    };
  }

  /** Winners confirmed with a date, losers waitlisted at their published position, the pool to match. */
  async function expectApplied(cropId: number, entries: Entry[]) {
    const s = await stored(cropId);
    const winners = entries.filter((e) => e.outcome === 'confirmed');
    const losers = entries.filter((e) => e.outcome === 'waitlisted');
    for (const e of winners) {
      expect(s.regs.get(e.id)).toMatchObject({ status: 'confirmed', appointmentDate: expect.any(String), slotCounted: true });
    }
    expect(losers.map((e) => e.waitlistPosition)).toEqual(losers.map((_, i) => i + 1));
    for (const e of losers) {
      expect(s.regs.get(e.id)).toMatchObject({ status: 'waitlisted', waitlistPosition: e.waitlistPosition });
      expect(s.regs.get(e.id)?.appointmentDate).toBeUndefined();
    }
    expect(s.queue.map((q) => [q.position, q.id])).toEqual(losers.map((e) => [e.waitlistPosition, e.id]));
    expect(s.applicants).toEqual([]);
    expect(s.due.map((d) => d.id).sort()).toEqual(winners.map((e) => e.id).sort());
    expect(s.notes.filter((n) => s.regs.has(Number(n.id)))).toHaveLength(entries.length);
    expect(s.record?.state).toBe('applied');
    const promised = winners.reduce((sum, e) => sum + e.grams, 0);
    const p = await readPool(cropId, YEAR);
    expect(p).toMatchObject({
      applied: 0,
      confirmed: winners.length,
      waiting: losers.length,
      queueTail: losers.length,
      promisedGrams: promised,
    });
    expect(p.freeGrams).toBe(p.stockGrams - p.promisedGrams - p.soldGrams);
    return s;
  }

  it('confirms the winners with dates in draw order and waitlists the others at positions 1..n in draw order', async () => {
    const { cropId, ids } = await appliedCrop(20, 30, 2);
    const r = await draw({ cropId, year: YEAR, seed: '31-4159' });
    expect(r.status, r.text).toBe(201);
    const entries = r.json.entries as Entry[];
    expect(entries.map((e) => e.id).sort()).toEqual([...ids].sort());
    expect(entries.filter((e) => e.outcome === 'confirmed')).toHaveLength(10);
    const s = await expectApplied(cropId, entries);
    // Dates are handed out in draw order: no winner has a day before a winner drawn earlier.
    const days = entries.filter((e) => e.outcome === 'confirmed').map((e) => String(s.regs.get(e.id)!.appointmentDate));
    expect(days).toEqual([...days].sort());
    expect(s.slotsBooked).toBe(s.slotsHeld);

    // The letter of a loser says where it stands.
    const loser = entries.find((e) => e.waitlistPosition === 3)!;
    const letter = await api.call('GET', `/svsregistration/AppointmentList/${s.regs.get(loser.id)!.uniqeCode}`);
    expect(letter.json.data[0]).toMatchObject({ status: 'waitlisted', waitlistPosition: 3 });
  });

  it('meets the reserved shares with the registrations confirmed when enough applicants qualify', async () => {
    await setConfig('ReservedShares', 'SC/ST=20:SC,ST; Women=30:महिला');
    try {
      const { cropId } = await appliedCrop(20, 60, 1);
      const r = await draw({ cropId, year: YEAR, seed: '2718' });
      expect(r.status, r.text).toBe(201);
      await expectApplied(cropId, r.json.entries);
      const { regs } = await stored(cropId);
      const confirmedKg = (qualifies: (reg: Record<string, unknown>) => boolean) =>
        [...regs.values()].filter((reg) => reg.status === 'confirmed' && qualifies(reg)).length;
      expect(confirmedKg((reg) => reg.category === 'SC' || reg.category === 'ST')).toBeGreaterThanOrEqual(4);
      expect(confirmedKg((reg) => reg.gender === 'महिला')).toBeGreaterThanOrEqual(6);
      expect(confirmedKg(() => true)).toBe(20);
    } finally {
      await setConfig('ReservedShares', '');
    }
  });

  it('applies once when run twice at once, and a later run changes nothing', async () => {
    const { cropId } = await appliedCrop(12, 20, 2);
    const replies = await Promise.all(['5050', '5050'].map((seed) => draw({ cropId, year: YEAR, seed })));
    // One stores the draw; the other is refused with it, or, when it finds the draw stored but not yet
    // applied, helps to apply it and answers as the first (each step is done once either way).
    const won = replies.find((r) => r.status === 201)!;
    expect(won, replies.map((r) => r.text).join('\n')).toBeDefined();
    for (const r of replies)
      expect(r.status === 201 ? r.json : [r.status, r.json.draw]).toEqual(r.status === 201 ? won.json : [409, won.json]);
    const s = await expectApplied(cropId, won.json.entries);
    expect(s.slotsBooked).toBe(s.slotsHeld);
    const before = await readPool(cropId, YEAR);
    const again = await draw({ cropId, year: YEAR, seed: '5050' });
    expect(again.status).toBe(409);
    expect(again.json.draw).toEqual(won.json);
    expect(await readPool(cropId, YEAR)).toEqual(before);
    const after = await stored(cropId);
    expect([after.slotsBooked, after.slotsHeld]).toEqual([s.slotsBooked, s.slotsHeld]);
  });

  it('finishes an interrupted apply when the same request is sent again, doing nothing twice', async () => {
    const { cropId } = await appliedCrop(10, 16, 2);
    let confirmations = 0;
    // The third winner's confirmation and everything after it stay throttled: the apply stops there.
    setDocClientForTests(
      faulty(realClient, (cmd) => {
        const confirming =
          cmd.constructor.name === 'TransactWriteCommand' &&
          cmd.input.TransactItems?.[1]?.Update?.ExpressionAttributeValues?.[':from'] === 'applied';
        if (!confirming || ++confirmations <= 2) return undefined;
        return named('ProvisionedThroughputExceededException');
      }),
    );
    const stopped = await draw({ cropId, year: YEAR, seed: '8086' });
    expect(stopped.status).toBe(503);
    expect(stopped.json.message).toMatch(/The draw is fixed and published; send the same request again/);
    setDocClientForTests(undefined);
    expect((await stored(cropId)).record?.state).toBe('applying');
    expect((await readPool(cropId, YEAR)).confirmed).toBe(2);

    const finished = await draw({ cropId, year: YEAR, seed: '8086' });
    expect(finished.status, finished.text).toBe(201);
    expect(finished.json).toEqual((await published(cropId)).json);
    const s = await expectApplied(cropId, finished.json.entries);
    // The slots of the throttled tries were given back: every booked slot is held by a confirmed registration.
    expect(s.slotsBooked).toBe(s.slotsHeld);
    // Another seed is refused with the result that stands.
    expect((await draw({ cropId, year: YEAR, seed: '8087' })).status).toBe(409);
  });

  it('goes on over several requests when applying takes longer than one may', async () => {
    const { cropId } = await appliedCrop(8, 10, 2);
    APPLY_BUDGET.ms = 0;
    try {
      const replies = [];
      for (let i = 0; i < 30; i++) {
        const r = await draw({ cropId, year: YEAR, seed: '6502' });
        replies.push(r);
        if (r.status !== 503) break;
        expect(r.json.message).toMatch(/Applying the draw takes more than one request \(stopped at place \d+\)/);
        expect(r.headers.get('retry-after')).toBe('1');
      }
      expect(replies.length).toBeGreaterThan(1);
      const last = replies[replies.length - 1];
      expect(last.status, last.text).toBe(201);
      const s = await expectApplied(cropId, last.json.entries);
      expect(s.slotsBooked).toBe(s.slotsHeld);
    } finally {
      APPLY_BUDGET.ms = 6_000;
    }
  });

  it('promotes the first loser when a winner cancels', async () => {
    const { cropId } = await appliedCrop(6, 6, 2);
    const r = await draw({ cropId, year: YEAR, seed: '4321' });
    expect(r.status, r.text).toBe(201);
    const entries = r.json.entries as Entry[];
    const winner = entries.find((e) => e.outcome === 'confirmed')!;
    const first = entries.find((e) => e.waitlistPosition === 1)!;
    const second = entries.find((e) => e.waitlistPosition === 2)!;
    const cancel = await api.call('POST', `/api/registrations/${winner.id}/cancel`, {
      token: tokens.admin,
      body: { reason: 'Farmer moved away' },
    });
    expect(cancel.status, cancel.text).toBe(200);
    const { regs } = await stored(cropId);
    expect(regs.get(winner.id)).toMatchObject({ status: 'cancelled' });
    expect(regs.get(first.id)).toMatchObject({ status: 'confirmed', appointmentDate: expect.any(String) });
    expect(regs.get(second.id)).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
    expect(await readPool(cropId, YEAR)).toMatchObject({ confirmed: 3, waiting: 2, cancelled: 1, freeGrams: 0 });
  });

  it('promotes the first loser when stock is added after the draw', async () => {
    const { cropId } = await appliedCrop(6, 6, 2);
    const r = await draw({ cropId, year: YEAR, seed: '1234' });
    expect(r.status, r.text).toBe(201);
    const first = (r.json.entries as Entry[]).find((e) => e.waitlistPosition === 1)!;
    const second = (r.json.entries as Entry[]).find((e) => e.waitlistPosition === 2)!;
    await seedStock(cropId, 2);
    const { regs } = await stored(cropId);
    expect(regs.get(first.id)).toMatchObject({ status: 'confirmed', appointmentDate: expect.any(String) });
    expect(regs.get(second.id)).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
    expect(await readPool(cropId, YEAR)).toMatchObject({ confirmed: 4, waiting: 2, freeGrams: 0 });
  });
});
