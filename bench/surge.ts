/**
 * Registration-day surge, end to end over HTTP: each simulated farmer asks for an upload URL, PUTs the scan
 * to S3, and submits the form. Afterwards the invariants are checked through the API:
 *   1. no appointment day or shift holds more than its capacity;
 *   2. one registration per Aadhaar and crop (a share of the farmers double-submit, some resubmit changed forms);
 *   6. every acknowledged registration is readable (letter by code) and its scan is present.
 *
 *   npx tsx bench/surge.ts                       # starts the local stand-in on free ports (temporary data)
 *   N=5000 C=100 PER_DAY_LIMIT=300 npx tsx bench/surge.ts
 *   BASE_URL=http://localhost:3000 ADMIN_EMAIL=... ADMIN_PASSWORD=... npx tsx bench/surge.ts
 *
 * Not a test: it prints figures (see docs/performance.md).
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'warn';

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../test/support/ports';
import { newAadhaar, postJson, SAMPLE_PDF, SAMPLE_PNG, uploadScan, validFields, type Http } from '../test/fixtures/registration-helpers';

const N = Number(process.env.N ?? 2000);
const C = Number(process.env.C ?? 50);
const PER_DAY_LIMIT = Number(process.env.PER_DAY_LIMIT ?? 150);
/** Share of farmers who tap Submit twice (same request, same idempotency key, at the same time). */
const DOUBLE_TAP = Number(process.env.DOUBLE_TAP ?? 0.05);
/** Share of farmers who later submit a changed form for the same Aadhaar and crop (must get 409). */
const RESUBMIT = Number(process.env.RESUBMIT ?? 0.02);

interface Sample {
  ms: number;
  submitMs: number;
  status: number;
  message?: string;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function login(h: Http, email: string, password: string): Promise<string> {
  const r = await postJson(h, '/auth/login', { email, password });
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${r.text}`);
  return r.json.token;
}

async function getJson(h: Http, path: string, token?: string) {
  const res = await fetch(new URL(path, h.url), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

async function pool<T>(n: number, limit: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, n) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

async function main() {
  let stop: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  let base = process.env.BASE_URL;
  let adminEmail = process.env.ADMIN_EMAIL ?? 'surge-admin@bench.local';
  let adminPassword = process.env.ADMIN_PASSWORD ?? 'surge-bench-password';
  if (!base) {
    const { startLocalStack } = await import('../infra/local/stack');
    const { startDynamo } = await import('../infra/local/dynamo');
    dataDir = mkdtempSync(join(tmpdir(), 'seed-surge-'));
    const [port, dynamoPort, s3Port] = await Promise.all([freePort(), freePort(), freePort()]);
    // DynamoDB Local in memory (no dbPath); s3rver under the temporary data directory.
    const dynamo = await startDynamo({ port: dynamoPort });
    const stack = await startLocalStack({
      port,
      dataDir,
      dynamoPort,
      dynamoEndpoint: dynamo.endpoint,
      s3Port,
      tableName: 'surge',
      uploadsBucket: 'seed-uploads',
      staticDir: 'frontend/dist',
      adminEmail,
      adminPassword,
    });
    base = stack.url;
    stop = async () => {
      await stack.stop();
      await dynamo.stop();
    };
  }
  const h: Http = { url: base };
  const token = await login(h, adminEmail, adminPassword);
  // Capacity and the form switch for the run (super_admin; PUT /api/settings works for admin too).
  for (const [key, value] of [
    ['PerDayLimit', String(PER_DAY_LIMIT)],
    ['Is_SVS_Form_On', 'true'],
  ]) {
    const r = await fetch(new URL('/api/config', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ key, value }),
    });
    if (!r.ok) throw new Error(`could not set ${key}: ${r.status} ${await r.text()}`);
  }
  console.log(`Surge: N=${N} farmers, C=${C} concurrent clients, PerDayLimit=${PER_DAY_LIMIT}, target ${base}${stop ? ' (local stand-in)' : ''}`);

  const farmers = Array.from({ length: N }, (_, i) =>
    validFields({ adharNumber: newAadhaar(2 + (i % 8)), cropName: ['Wheat', 'Chickpea', 'Mustard'][i % 3], bagsRequested: 1 + (i % 3) }),
  );
  const acked: { i: number; id: number; year: number; code: string }[] = [];
  const doubleTapMismatch: number[] = [];
  const started = Date.now();
  const samples = await pool(N, C, async (i): Promise<Sample> => {
    const t0 = performance.now();
    try {
      const file = i % 2 ? SAMPLE_PNG : SAMPLE_PDF;
      const { key } = await uploadScan(h, file, { contentType: i % 2 ? 'image/png' : 'application/pdf' });
      const t1 = performance.now();
      const idem = randomUUID();
      const body = { ...farmers[i], fileKey: key };
      const send = () => postJson(h, '/svsregistration', body, { 'idempotency-key': idem });
      const replies = Math.random() < DOUBLE_TAP ? await Promise.all([send(), send()]) : [await send()];
      const r = replies[0];
      if (replies.length === 2 && JSON.stringify(replies[0].json?.data) !== JSON.stringify(replies[1].json?.data)) doubleTapMismatch.push(i);
      const t2 = performance.now();
      if (r.status === 200 || r.status === 201) acked.push({ i, id: r.json.data.id, year: r.json.data.year, code: r.json.data.uniqeCode });
      return { ms: t2 - t0, submitMs: t2 - t1, status: r.status, message: r.status >= 300 ? r.json?.message ?? r.text : undefined };
    } catch (e) {
      return { ms: performance.now() - t0, submitMs: 0, status: 0, message: (e as Error).message };
    }
  });
  const elapsed = (Date.now() - started) / 1000;

  // Changed forms for the same Aadhaar and crop: each must be refused with 409.
  const resubmits = Math.floor(acked.length * RESUBMIT);
  const resubmitStatuses = await pool(resubmits, C, async (k) => {
    const a = acked[k];
    const { key } = await uploadScan(h, SAMPLE_PDF);
    const r = await postJson(h, '/svsregistration', { ...farmers[a.i], mobile: '9000000000', fileKey: key }, { 'idempotency-key': randomUUID() });
    return r.status;
  });

  // ---- invariants, through the API ----
  const problems: string[] = [];
  const letters = await pool(acked.length, C, (k) => getJson(h, `/svsregistration/AppointmentList/${acked[k].code}`));
  const perShift = new Map<string, number>();
  const perDay = new Map<string, number>();
  letters.forEach((l, k) => {
    if (l.status !== 200) return problems.push(`inv 6: letter of ${acked[k].id} answered ${l.status}`);
    const a = l.json.data[0];
    if (a.name !== farmers[acked[k].i].Name) problems.push(`inv 6: letter ${acked[k].id} has another name`);
    perShift.set(`${a.appointmentDate}#${a.appointmentShiftNumber}`, (perShift.get(`${a.appointmentDate}#${a.appointmentShiftNumber}`) ?? 0) + 1);
    perDay.set(a.appointmentDate, (perDay.get(a.appointmentDate) ?? 0) + 1);
  });
  const cap1 = Math.ceil(PER_DAY_LIMIT / 2);
  if (PER_DAY_LIMIT > 0) {
    for (const [k, n] of perShift) if (n > (k.endsWith('#1') ? cap1 : PER_DAY_LIMIT - cap1)) problems.push(`inv 1: shift ${k} holds ${n}`);
    for (const [d, n] of perDay) if (n > PER_DAY_LIMIT) problems.push(`inv 1: day ${d} holds ${n}`);
  }
  // Invariant 2: each Aadhaar has exactly one registration per crop (checked for a sample of 200, all when fewer).
  const sample = acked.filter((_, k) => k % Math.max(1, Math.floor(acked.length / 200)) === 0);
  await pool(sample.length, Math.min(C, 20), async (k) => {
    const f = farmers[sample[k].i];
    const r = await getJson(h, `/api/registrations?aadhaar=${f.adharNumber}`, token);
    const same = (r.json?.items ?? []).filter((x: { cropName: string }) => x.cropName === f.cropName);
    if (same.length !== 1) problems.push(`inv 2: Aadhaar …${String(f.adharNumber).slice(-4)} has ${same.length} registrations for ${f.cropName}`);
    const file = await getJson(h, `/api/registrations/${sample[k].id}/aadhaar-file?year=${sample[k].year}`, token);
    const got = file.status === 200 ? await fetch(file.json.url) : undefined;
    if (!got?.ok) problems.push(`inv 6: scan of ${sample[k].id} not readable`);
    else await got.arrayBuffer();
  });
  for (const s of resubmitStatuses) if (s !== 409) problems.push(`inv 2: changed resubmission answered ${s}`);
  for (const i of doubleTapMismatch) problems.push(`inv 2: double tap of farmer ${i} got two different answers`);
  const ids = new Set(acked.map((a) => `${a.year}/${a.id}`));
  if (ids.size !== acked.length) problems.push(`inv 2: ${acked.length - ids.size} duplicate registration numbers acknowledged`);

  // ---- figures ----
  const ok = samples.filter((s) => s.status === 200 || s.status === 201);
  const errors = new Map<string, number>();
  for (const s of samples) if (!(s.status === 200 || s.status === 201)) errors.set(`${s.status} ${s.message}`, (errors.get(`${s.status} ${s.message}`) ?? 0) + 1);
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  const sub = ok.map((s) => s.submitMs).sort((a, b) => a - b);
  const f = (n: number) => `${n.toFixed(0)} ms`;
  console.log('');
  console.log(`registrations acknowledged: ${ok.length} / ${N} in ${elapsed.toFixed(1)} s  ->  ${(ok.length / elapsed).toFixed(1)} registrations/s`);
  console.log(`whole farmer path (upload-url + PUT + submit): p50 ${f(percentile(all, 50))}  p95 ${f(percentile(all, 95))}  p99 ${f(percentile(all, 99))}  max ${f(all[all.length - 1])}`);
  console.log(`submit alone:                                  p50 ${f(percentile(sub, 50))}  p95 ${f(percentile(sub, 95))}  p99 ${f(percentile(sub, 99))}`);
  console.log(`appointment days used: ${perDay.size} (${[...perDay.entries()].sort().slice(0, 3).map(([d, n]) => `${d}: ${n}`).join(', ')}${perDay.size > 3 ? ', …' : ''})`);
  console.log(`double taps: ~${Math.round(N * DOUBLE_TAP)}, changed resubmissions: ${resubmits} (all 409: ${resubmitStatuses.every((s) => s === 409)})`);
  console.log(`errors: ${errors.size ? [...errors.entries()].map(([k, v]) => `${v} × ${k}`).join('; ') : 'none'}`);
  console.log(`invariants 1, 2, 6: ${problems.length ? `VIOLATED\n  ${problems.slice(0, 20).join('\n  ')}` : 'hold'}`);

  await stop?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(problems.length ? 1 : 0);
}

main().catch((e) => {
  console.error(`surge failed: ${(e as Error).stack ?? e}`);
  process.exit(2);
});
