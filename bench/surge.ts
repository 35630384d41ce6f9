/**
 * Registration-day surge, end to end over HTTP: each simulated farmer asks for an upload URL, PUTs the scan
 * to S3, and submits the form. Afterwards the invariants (docs/invariants.md) are checked through the API:
 *   1. no appointment day or shift holds more than its capacity;
 *   2. one registration per Aadhaar and crop (a share of the farmers double-submit, some resubmit changed forms);
 *   6. every acknowledged registration is readable (letter by code) and its scan is present;
 *   7. each letter shows the status its answer gave (a date only when confirmed);
 * Phones resend a submit answered 429 or 503 as the app does (frontend/src/lib/retry.ts); the figures say how many
 * submits were refused and how many were resent.
 * And, on the stand-in's table, invariant 7 per crop and year (bench/lib/allocation-check.ts): promised + sold
 * within the stock on the pool and recomputed from the registrations, waiting-list positions 1..n. PASS or
 * FAIL; the exit code is 1 on FAIL.
 *
 *   npx tsx bench/surge.ts                       # starts the local stand-in on free ports (temporary data)
 *   npx tsx bench/surge.ts --stock-percent 10    # then a second run whose crops have stock for 10 % of its requests
 *   npx tsx bench/surge.ts --stock-percent 10 --scarce-first   # the scarce run first (to see what order does)
 *   N=5000 C=100 PER_DAY_LIMIT=300 npx tsx bench/surge.ts
 *   BASE_URL=http://localhost:3000 ADMIN_EMAIL=... ADMIN_PASSWORD=... npx tsx bench/surge.ts
 *
 * Not a test: it prints figures (see docs/performance.md). The client and the checks are in
 * bench/lib/surge-client.ts (shared with bench/faults.ts).
 */
import './lib/bench-env';
import { cropIdOf } from '@test/fixtures/registration-helpers';
import { allocationItems, checkAllocation } from './lib/allocation-check';
import { envNumbers, ms, percentile, setConfig } from './lib/common';
import { scarceSurge } from './lib/scarce-crops';
import { benchTarget } from './lib/stand-in';
import { checkSurgeThroughApi, ensureSurgeCrops, runSurge, type ShiftCounts, type SurgeResult } from './lib/surge-client';
import { scanTable } from './lib/table-check';

const { N, C, PER_DAY_LIMIT, DOUBLE_TAP, RESUBMIT } = envNumbers({
  N: 2000,
  C: 50,
  PER_DAY_LIMIT: 150,
  DOUBLE_TAP: 0.05,
  RESUBMIT: 0.02,
});

/** `--stock-percent 10` (or `--stock-percent=10`, or STOCK_PERCENT=10): the scarce run's stock. */
function stockPercent(args: string[]): number | undefined {
  const at = args.findIndex((a) => a === '--stock-percent' || a.startsWith('--stock-percent='));
  const text = at < 0 ? process.env.STOCK_PERCENT : args[at].includes('=') ? args[at].split('=')[1] : args[at + 1];
  if (text === undefined) return undefined;
  const p = Number(text);
  if (!(p >= 0 && p <= 100)) throw new Error(`--stock-percent takes 0 to 100, got ${text}`);
  return p;
}

interface Run {
  label: string;
  result: SurgeResult;
  problems: string[];
}

async function main() {
  const percent = stockPercent(process.argv.slice(2));
  const { h, token, local, table, stop, drainStreams } = await benchTarget('surge');
  // Capacity and the form switch for the run (super_admin; PUT /api/settings works for admin too).
  await setConfig(h, token, { PerDayLimit: String(PER_DAY_LIMIT), Is_SVS_Form_On: 'true' });
  await ensureSurgeCrops(h, token);
  console.log(
    `Surge: N=${N} farmers, C=${C} concurrent clients, PerDayLimit=${PER_DAY_LIMIT}, target ${h.url}${local ? ' (local stand-in)' : ''}`,
  );

  const runs: Run[] = [];
  let shifts: ShiftCounts | undefined;
  let perDay = new Map<string, number>();
  const surge = async (label: string, farmers?: Record<string, unknown>[]) => {
    console.log(`\n${label}: running…`);
    const result = await runSurge(h, { n: N, c: C, doubleTap: DOUBLE_TAP, resubmit: RESUBMIT, farmers, resendBusy: true });
    const checked = await checkSurgeThroughApi(h, token, result, { perDayLimit: PER_DAY_LIMIT, c: C, earlier: shifts });
    shifts = checked.perShift;
    perDay = checked.perDay;
    runs.push({ label, result, problems: checked.problems });
  };

  const plain = () => surge('plain (stock for every request)');
  const scarceFirst = percent !== undefined && process.argv.includes('--scarce-first');
  if (!scarceFirst) await plain();
  if (percent !== undefined) {
    const scarce = await scarceSurge(h, token, { n: N, percent, tag: `${percent}pc ${Date.now().toString(36)}` });
    console.log(`\ncrops with stock for ${percent} % of their requests:`);
    for (const s of scarce.stock) console.log(`  ${s.crop}: ${s.stockKg} kg, enough for ${s.fits} of its ${s.requests} requests`);
    await surge(`stock for ${percent} % of the requests`, scarce.farmers);
  }
  if (scarceFirst) await plain();

  printFigures(runs);
  console.log(
    `appointment days used: ${perDay.size} (${[...perDay.entries()]
      .sort()
      .slice(0, 3)
      .map(([d, n]) => `${d}: ${n}`)
      .join(', ')}${perDay.size > 3 ? ', …' : ''})`,
  );
  const apiProblems = runs.flatMap((r) => r.problems);
  console.log(
    `invariants 1, 2, 6, 7 through the API: ${apiProblems.length ? `VIOLATED\n  ${apiProblems.slice(0, 20).join('\n  ')}` : 'hold'}`,
  );
  const allocationOk = table ? await checkStoredAllocation(table, runs) : skipped();
  const followUpOk = table && drainStreams ? await checkFollowUp(table, drainStreams) : true;

  await stop();
  process.exit(apiProblems.length || !allocationOk || !followUpOk ? 1 : 0);
}

/**
 * What follows the registrations from the table's stream (the stand-in's consumer runs beside the surge): how long
 * it took to catch up after the last answer, then every registration linked to a farmer and the dashboard's
 * running count equal to the registrations stored.
 */
async function checkFollowUp(table: { endpoint: string; name: string }, drainStreams: () => Promise<void>): Promise<boolean> {
  const t0 = performance.now();
  await drainStreams();
  const caughtUp = performance.now() - t0;
  const items = await scanTable(table.endpoint, table.name);
  const regs = items.filter((i) => i.type === 'registration');
  const unlinked = regs.filter((r) => !r.farmerID).length;
  const counted = items
    .filter((i) => /^STAT#registrations#ALL(#\d+)?$/.test(String(i.pk)))
    .reduce((s, i) => s + Number(i.count ?? 0), 0);
  const ok = unlinked === 0 && counted === regs.length;
  console.log(
    `stream consumer: caught up ${ms(caughtUp)} after the last answer; ${regs.length - unlinked} of ${regs.length} registrations linked to a farmer, dashboard count ${counted}: ${ok ? 'PASS' : 'FAIL'}`,
  );
  return ok;
}

function skipped(): boolean {
  console.log('invariant 7 on the stored data: not checked (no table access against BASE_URL)');
  return true;
}

/** Invariant 7 per crop and year on the whole table (bench/lib/allocation-check.ts); prints PASS or FAIL. */
async function checkStoredAllocation(table: { endpoint: string; name: string }, runs: Run[]): Promise<boolean> {
  const failedByCrop = new Map<number, number>();
  for (const { result } of runs)
    result.samples.forEach((s, i) => {
      if (s.status === 200 || s.status === 201) return;
      const cropId = cropIdOf(String(result.farmers[i].cropName));
      if (cropId !== undefined) failedByCrop.set(cropId, (failedByCrop.get(cropId) ?? 0) + 1);
    });
  const names = new Map<number, string>();
  for (const { result } of runs)
    for (const f of result.farmers) names.set(cropIdOf(String(f.cropName)) ?? -1, String(f.cropName));
  const check = checkAllocation({
    ...allocationItems(await scanTable(table.endpoint, table.name)),
    failedByCrop,
    acknowledged: runs.flatMap((r) => r.result.acked),
  });
  console.log('\nstored allocation, per crop and year (kg):');
  for (const c of check.crops)
    console.log(
      `  ${names.get(c.cropId) ?? `crop ${c.cropId}`}, ${c.year}: stock ${c.stockGrams / 1000}, promised ${c.promisedGrams / 1000} (registrations: ${c.promisedByRegistrations / 1000}), sold ${c.soldGrams / 1000}; confirmed ${c.confirmed}, waitlisted ${c.waitlisted} (positions 1..${c.queueTail}, ${c.gaps} unheld)`,
    );
  console.log(
    `invariant 7 on the stored data (promised + sold ≤ stock on the pool and from the registrations; positions 1..n): ${check.ok ? 'PASS' : `FAIL\n  ${check.problems.slice(0, 20).join('\n  ')}`}`,
  );
  return check.ok;
}

/** The English half of a bilingual message ("हिंदी / English"), shortened for the table. */
const english = (message = '') => (message.split(' / ').at(-1) ?? '').slice(0, 60);

function printFigures(runs: Run[]): void {
  const rows: [string, ...string[]][] = [['', ...runs.map((r) => r.label)]];
  const row = (name: string, of: (r: SurgeResult) => string) => rows.push([name, ...runs.map((r) => of(r.result))]);
  const ok = (r: SurgeResult) => r.samples.filter((s) => s.status === 200 || s.status === 201);
  const pcts = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? `${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 95))} / ${ms(percentile(sorted, 99))}` : '–';
  };
  row('farmers', () => String(N));
  row('acknowledged', (r) => String(ok(r).length));
  row('confirmed / waitlisted', (r) => {
    const n = (s: string) => r.acked.filter((a) => a.status === s).length;
    return `${n('confirmed')} / ${n('waitlisted')}`;
  });
  row('wall time', (r) => `${r.elapsed.toFixed(1)} s`);
  row('registrations/s', (r) => (ok(r).length / r.elapsed).toFixed(1));
  row('whole path p50 / p95 / p99', (r) => pcts(r.samples.map((s) => s.ms)));
  row('submit p50 / p95 / p99', (r) => pcts(ok(r).map((s) => s.submitMs)));
  row('  answered confirmed', (r) =>
    pcts(
      ok(r)
        .filter((s) => s.allocation === 'confirmed')
        .map((s) => s.submitMs),
    ),
  );
  row('  answered waitlisted', (r) =>
    pcts(
      ok(r)
        .filter((s) => s.allocation === 'waitlisted')
        .map((s) => s.submitMs),
    ),
  );
  row('whole path max', (r) => ms(Math.max(...r.samples.map((s) => s.ms))));
  // As the app does (frontend/src/lib/retry.ts): a submit answered 429 or 503 is waited out and sent again.
  row('submits refused (429 / 503 answers)', (r) => {
    const n = (st: number) => r.refused.get(st) ?? 0;
    return `${n(429) + n(503)} (429: ${n(429)}, 503: ${n(503)})`;
  });
  row('submits resent after a refusal', (r) => String(r.resent));
  row('double taps (one told "being processed")', (r) => `~${Math.round(N * DOUBLE_TAP)} (${r.doubleTapBusy})`);
  row('changed resubmissions refused', (r) => {
    const n = (st: number) => r.resubmitStatuses.filter((s) => s === st).length;
    return `${n(409) + n(429)} of ${r.resubmitStatuses.length} (409: ${n(409)}, 429 rate limit: ${n(429)})`;
  });
  row('errors', (r) => {
    const errors = new Map<string, number>();
    for (const s of r.samples)
      if (!(s.status === 200 || s.status === 201))
        errors.set(`${s.status} ${english(s.message)}`, (errors.get(`${s.status} ${english(s.message)}`) ?? 0) + 1);
    return errors.size ? [...errors.entries()].map(([k, v]) => `${v} × ${k}`).join('; ') : 'none';
  });
  const widths = rows[0].map((_, col) => Math.max(...rows.map((r) => r[col].length)));
  console.log('');
  for (const r of rows)
    console.log(
      r
        .map((cell, col) => cell.padEnd(widths[col]))
        .join('   ')
        .trimEnd(),
    );
}

main().catch((e) => {
  console.error(`surge failed: ${(e as Error).stack ?? e}`);
  process.exit(2);
});
