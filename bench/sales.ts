/**
 * Counter day: C counters (each its own seller account) issue bills at once against a few lots, over HTTP,
 * as the Issue Seeds screen does. Some lots run out on purpose, and a share of the sales is tried a second
 * time at another counter (it must be refused). Afterwards the invariants (docs/invariants.md) are checked through the API:
 *   3. for every lot used + remaining = total, remaining never below zero, used = the bills' quantities;
 *   4. this financial year's invoice numbers are 1..n with no gap and no duplicate;
 *   5. no registration is billed twice.
 *
 *   npx tsx bench/sales.ts                       # starts the local stand-in on free ports (temporary data)
 *   N=600 C=20 LOTS=4 npx tsx bench/sales.ts
 *   TURNS=0 npx tsx bench/sales.ts               # no in-process turns: every sale races the counter
 *   BASE_URL=http://localhost:3000 ADMIN_EMAIL=... ADMIN_PASSWORD=... npx tsx bench/sales.ts
 *
 * Not a test: it prints figures (see docs/performance.md, "Sales").
 */
import './lib/bench-env';
import { newAadhaar, registerFarmer, useCrops, validFields } from '../test/fixtures/registration-helpers';
import { call, envNumbers, login, must, percentile, pool, setConfig, type Reply } from './lib/common';
import { benchTarget } from './lib/stand-in';

/**
 * STOCK_SHARE: stock of all lots together as a share of what the sales ask for (below 1: the last sales find no
 * stock); DOUBLE: share of sales tried again at another counter at the same moment (must get 409).
 */
const { N, C, LOTS, STOCK_SHARE, DOUBLE } = envNumbers({ N: 300, C: 5, LOTS: 3, STOCK_SHARE: 0.9, DOUBLE: 0.05 });
const BAG_KG = 40;

async function main() {
  if (!process.env.BASE_URL && process.env.TURNS === '0') {
    // Every request races the counter on its own, like separate Lambda instances (see functions/sales/make-sale.ts).
    (await import('../functions/sales/make-sale')).saleRetryLimits.takeTurnsInProcess = false;
  }
  const { h, token: root, local, stop } = await benchTarget('sales');
  console.log(
    `Sales: N=${N} sales, C=${C} counters, ${LOTS} lots holding ${Math.round(STOCK_SHARE * 100)}% of the stock asked for, target ${h.url}${local ? ' (local stand-in)' : ''}${process.env.TURNS === '0' ? ', no in-process turns' : ''}`,
  );

  // ---- catalogue, counters and registrations (not timed) ----
  const stamp = Date.now().toString(36);
  const producer = must(
    await call(h, 'POST', '/api/producers', root, {
      name: `Bench Producer ${stamp}`,
      aadhaarNumber: newAadhaar(7),
      contactNumber: '9876543210',
      address: 'Kanpur',
    }),
    'producer',
  ).json;
  let wheat = (await call(h, 'POST', '/api/crops', root, { cropName: 'Wheat', description: 'bench' })).json;
  if (!wheat?.cropID)
    wheat = (await call(h, 'GET', '/api/crops/dropdown', root)).json
      .map((c: { id: number; name: string }) => ({ cropID: c.id, cropName: c.name }))
      .find((c: { cropName: string }) => c.cropName === 'Wheat');
  useCrops({ Wheat: wheat.cropID });
  const bags = (i: number) => 1 + (i % 3);
  const askedKg = Array.from({ length: N }, (_, i) => bags(i) * BAG_KG).reduce((a, b) => a + b, 0);
  const perLotKg = Math.floor((askedKg * STOCK_SHARE) / LOTS / BAG_KG) * BAG_KG;
  const lots: { lotID: number; lotCode: string }[] = [];
  for (let i = 0; i < LOTS; i++) {
    lots.push(
      must(
        await call(h, 'POST', '/api/lots', root, {
          producerID: producer.producerID,
          cropID: wheat.cropID,
          quantityAvailable: perLotKg,
          pricePerUnit: 31.75 + i,
        }),
        'lot',
      ).json,
    );
  }
  // Stock for every registration in the crop's pool, so that each is confirmed and can be billed
  // (docs/decisions/0022-allocation.md, section 12); the sales still race for the small lots above only.
  must(
    await call(h, 'POST', '/api/lots', root, {
      producerID: producer.producerID,
      cropID: wheat.cropID,
      quantityAvailable: askedKg,
      pricePerUnit: 30,
    }),
    'stock lot',
  );
  const counters: string[] = [];
  for (let i = 0; i < C; i++) {
    const email = `counter-${i}-${stamp}@bench.local`;
    must(
      await call(h, 'POST', '/api/admin/users', root, {
        fullName: `Counter ${i + 1}`,
        email,
        password: 'counter-password-1',
        isActive: true,
        roleIds: [3],
      }),
      'seller',
    );
    counters.push(await login(h, email, 'counter-password-1'));
  }
  // A fresh install has registrations closed: opened as an admin does once the catalogue is there.
  await setConfig(h, root, { Is_SVS_Form_On: 'true' });
  const t0 = performance.now();
  const regs = await pool(N, 20, async (i) => {
    const r = await registerFarmer(
      h,
      validFields({ adharNumber: newAadhaar(2 + (i % 8)), cropName: 'Wheat', bagsRequested: bags(i) }),
    );
    if (r.status !== 201) throw new Error(`registration ${i}: ${r.status} ${r.text}`);
    if (r.json.data.status !== 'confirmed') throw new Error(`registration ${i}: ${r.json.data.status}, not confirmed`);
    return { id: r.json.data.id as number, year: r.json.data.year as number, bags: bags(i) };
  });
  console.log(`  setup: ${N} registrations in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // ---- the counter day (timed) ----
  const samples: { ms: number; status: number; message?: string; number?: string; reg: number; kg: number; lot: number }[] = [];
  const doubles: Reply[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    counters.map(async (token, c) => {
      while (next < N) {
        const i = next++;
        const reg = regs[i];
        const lot = lots[i % LOTS];
        const body = {
          lotID: lot.lotID,
          registrationID: reg.id,
          year: reg.year,
          bags: reg.bags,
          bagSizeKg: BAG_KG,
          paymentMode: i % 4 ? 'Cash' : 'Online',
        };
        const s0 = performance.now();
        const sale = call(h, 'POST', '/api/sales/make', token, body);
        // The same registration at another counter at the same moment.
        const again =
          Math.random() < DOUBLE ? call(h, 'POST', '/api/sales/make', counters[(c + 1) % counters.length], body) : undefined;
        const r = await sale;
        samples.push({
          ms: performance.now() - s0,
          status: r.status,
          message: r.json?.message,
          number: r.json?.invoiceNumber,
          reg: i,
          kg: reg.bags * BAG_KG,
          lot: lot.lotID,
        });
        if (again) doubles.push(await again);
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;

  // ---- invariants ----
  const ok = samples.filter((s) => s.status === 201);
  const doublesOk = doubles.filter((d) => d.status === 201);
  const byStatus = new Map<string, number>();
  for (const s of [...samples, ...doubles.map((d) => ({ status: d.status, message: d.json?.message }))]) {
    const key = `${s.status} ${s.status === 201 ? 'bill' : String(s.message ?? '').replace(/INV\S+|lot \S+|\d+(\.\d+)? kg/g, '…')}`;
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  const problems: string[] = [];
  // 5: each registration at most once (the first try and its double cannot both succeed).
  const billedRegs = new Map<number, number>();
  for (const s of ok) billedRegs.set(s.reg, (billedRegs.get(s.reg) ?? 0) + 1);
  const bills: { invoiceNumber: string; registrationID: number; year: number; quantityKg: number; lotID: number }[] = [];
  for (let skip = 0; ; skip += 100) {
    const r = must(await call(h, 'GET', `/api/invoices?skip=${skip}&take=100`, root), 'list', 200);
    bills.push(...r.json.items);
    if (r.json.items.length < 100) break;
  }
  const regKeys = new Set(bills.map((b) => `${b.year}#${b.registrationID}`));
  if (regKeys.size !== bills.length) problems.push(`invariant 5: ${bills.length - regKeys.size} registrations billed twice`);
  if (bills.length !== ok.length + doublesOk.length)
    problems.push(`acknowledged bills ${ok.length + doublesOk.length} but ${bills.length} listed`);
  // 4: numbers 1..n in this financial year.
  const byYear = new Map<string, number[]>();
  for (const b of bills) {
    const [prefix, seq] = b.invoiceNumber.split('-');
    byYear.set(prefix, [...(byYear.get(prefix) ?? []), Number(seq)]);
  }
  for (const [prefix, seqs] of byYear) {
    seqs.sort((a, b) => a - b);
    const gaps = seqs.filter((s, i) => s !== i + 1).length;
    if (gaps) problems.push(`invariant 4: ${prefix} numbers are not 1..${seqs.length} (${gaps} out of place)`);
  }
  // 3: stock.
  for (const l of lots) {
    const s = must(await call(h, 'GET', `/api/lots/${l.lotID}`, root), 'lot', 200).json;
    const billed = bills.filter((b) => b.lotID === l.lotID).reduce((a, b) => a + b.quantityKg, 0);
    if (Math.abs(s.quantityUsed + s.remaining - s.quantityAvailable) > 1e-9 || s.remaining < 0)
      problems.push(`invariant 3: lot ${l.lotCode} used ${s.quantityUsed} + remaining ${s.remaining} != ${s.quantityAvailable}`);
    if (Math.abs(s.quantityUsed - billed) > 1e-9)
      problems.push(`invariant 3: lot ${l.lotCode} used ${s.quantityUsed} kg but its bills hold ${billed} kg`);
  }

  const lat = samples.map((s) => s.ms).sort((a, b) => a - b);
  const okLat = ok.map((s) => s.ms).sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(0);
  console.log(
    `  ${samples.length} sales (+${doubles.length} doubles) in ${wall.toFixed(2)} s: ${(ok.length / wall).toFixed(1)} bills/s, ${(samples.length / wall).toFixed(1)} answers/s`,
  );
  console.log(
    `  latency all  ms: p50 ${f(percentile(lat, 50))}  p95 ${f(percentile(lat, 95))}  p99 ${f(percentile(lat, 99))}  max ${f(lat[lat.length - 1] ?? NaN)}`,
  );
  console.log(
    `  latency bill ms: p50 ${f(percentile(okLat, 50))}  p95 ${f(percentile(okLat, 95))}  p99 ${f(percentile(okLat, 99))}  max ${f(okLat[okLat.length - 1] ?? NaN)}`,
  );
  for (const [k, v] of [...byStatus].sort()) console.log(`  ${String(v).padStart(6)}  ${k}`);
  console.log(
    `  bills listed: ${bills.length} in ${[...byYear.keys()].join(', ')}; lots: ${lots.map((l) => l.lotCode).join(', ')}`,
  );
  console.log(problems.length ? `  INVARIANTS BROKEN:\n    ${problems.join('\n    ')}` : '  invariants 3, 4 and 5 hold');

  await stop();
  process.exit(problems.length ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
