/**
 * Registration-day surge, end to end over HTTP: each simulated farmer asks for an upload URL, PUTs the scan
 * to S3, and submits the form. Afterwards the invariants (docs/invariants.md) are checked through the API:
 *   1. no appointment day or shift holds more than its capacity;
 *   2. one registration per Aadhaar and crop (a share of the farmers double-submit, some resubmit changed forms);
 *   6. every acknowledged registration is readable (letter by code) and its scan is present.
 *
 *   npx tsx bench/surge.ts                       # starts the local stand-in on free ports (temporary data)
 *   N=5000 C=100 PER_DAY_LIMIT=300 npx tsx bench/surge.ts
 *   BASE_URL=http://localhost:3000 ADMIN_EMAIL=... ADMIN_PASSWORD=... npx tsx bench/surge.ts
 *
 * Not a test: it prints figures (see docs/performance.md). The client and the checks are in
 * bench/lib/surge-client.ts (shared with bench/faults.ts).
 */
import './lib/bench-env';
import { envNumbers, ms, percentile, setConfig } from './lib/common';
import { benchTarget } from './lib/stand-in';
import { checkSurgeThroughApi, ensureSurgeCrops, runSurge } from './lib/surge-client';

const { N, C, PER_DAY_LIMIT, DOUBLE_TAP, RESUBMIT } = envNumbers({
  N: 2000,
  C: 50,
  PER_DAY_LIMIT: 150,
  DOUBLE_TAP: 0.05,
  RESUBMIT: 0.02,
});

async function main() {
  const { h, token, local, stop } = await benchTarget('surge');
  // Capacity and the form switch for the run (super_admin; PUT /api/settings works for admin too).
  await setConfig(h, token, { PerDayLimit: String(PER_DAY_LIMIT), Is_SVS_Form_On: 'true' });
  await ensureSurgeCrops(h, token);
  console.log(
    `Surge: N=${N} farmers, C=${C} concurrent clients, PerDayLimit=${PER_DAY_LIMIT}, target ${h.url}${local ? ' (local stand-in)' : ''}`,
  );

  const run = await runSurge(h, { n: N, c: C, doubleTap: DOUBLE_TAP, resubmit: RESUBMIT });
  const { problems, perDay } = await checkSurgeThroughApi(h, token, run, { perDayLimit: PER_DAY_LIMIT, c: C });

  // ---- figures ----
  const ok = run.samples.filter((s) => s.status === 200 || s.status === 201);
  const errors = new Map<string, number>();
  for (const s of run.samples)
    if (!(s.status === 200 || s.status === 201))
      errors.set(`${s.status} ${s.message}`, (errors.get(`${s.status} ${s.message}`) ?? 0) + 1);
  const all = run.samples.map((s) => s.ms).sort((a, b) => a - b);
  const sub = ok.map((s) => s.submitMs).sort((a, b) => a - b);
  console.log('');
  console.log(
    `registrations acknowledged: ${ok.length} / ${N} in ${run.elapsed.toFixed(1)} s  ->  ${(ok.length / run.elapsed).toFixed(1)} registrations/s`,
  );
  console.log(
    `whole farmer path (upload-url + PUT + submit): p50 ${ms(percentile(all, 50))}  p95 ${ms(percentile(all, 95))}  p99 ${ms(percentile(all, 99))}  max ${ms(all[all.length - 1])}`,
  );
  console.log(
    `submit alone:                                  p50 ${ms(percentile(sub, 50))}  p95 ${ms(percentile(sub, 95))}  p99 ${ms(percentile(sub, 99))}`,
  );
  console.log(
    `appointment days used: ${perDay.size} (${[...perDay.entries()]
      .sort()
      .slice(0, 3)
      .map(([d, n]) => `${d}: ${n}`)
      .join(', ')}${perDay.size > 3 ? ', …' : ''})`,
  );
  console.log(
    `double taps: ~${Math.round(N * DOUBLE_TAP)}, changed resubmissions: ${run.resubmitStatuses.length} (all 409: ${run.resubmitStatuses.every((s) => s === 409)})`,
  );
  console.log(`errors: ${errors.size ? [...errors.entries()].map(([k, v]) => `${v} × ${k}`).join('; ') : 'none'}`);
  console.log(`invariants 1, 2, 6: ${problems.length ? `VIOLATED\n  ${problems.slice(0, 20).join('\n  ')}` : 'hold'}`);

  await stop();
  process.exit(problems.length ? 1 : 0);
}

main().catch((e) => {
  console.error(`surge failed: ${(e as Error).stack ?? e}`);
  process.exit(2);
});
