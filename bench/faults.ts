/**
 * Fault injection on the local stand-in: a registration surge (bench/lib/surge-client.ts, as bench/surge.ts)
 * with counters billing at the same time, during which one part is killed with SIGKILL and started again:
 *   - gateway: the local gateway (the Lambdas' stand-in), run as its own process (bench/lib/gateway-process.ts);
 *   - dynamo:  DynamoDB Local, running with its data on disk (dbPath), restarted on the same files.
 * Phones retry after a connection error or a 5xx with the same idempotency key and the same uploaded file;
 * counters retry a sale the same way (a sale that went through before its answer was lost answers
 * "Bill already generated" on the retry). Afterwards the table and the bucket are read directly and
 * invariants 1-6 of docs/invariants.md are checked (bench/lib/table-check.ts); then, with EXPIRE_NOW=1, the
 * local lifecycle rule is run with age 0 to show that uploads that never became a registration are removed
 * and the accepted scans are not.
 *
 *   npx tsx bench/faults.ts                           # both faults, one after the other, fresh data each
 *   FAULT=gateway N=400 C=20 npx tsx bench/faults.ts
 *   FAULT=dynamo EXPIRE_NOW=1 npx tsx bench/faults.ts
 *
 * Not a test: it prints what happened (docs/reliability.md). Exit code 1 when an invariant is broken.
 */
import './lib/bench-env';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startDynamo, type LocalDynamo } from '../infra/local/dynamo';
import { expireUploads, localS3Client } from '../infra/local/lifecycle';
import { resetEnvCache } from '../functions/lib/env';
import { sweepOrphanScans } from '../functions/registrations/orphan-scans';
import { startS3 } from '../infra/local/s3';
import { freePort } from '../test/support/ports';
import { newAadhaar, SAMPLE_PDF, SAMPLE_PNG } from '../test/fixtures/registration-helpers';
import { call, envNumbers, login, must, setConfig, sleep, type Http } from './lib/common';
import { ensureSurgeCrops, runSurge, type Acked } from './lib/surge-client';
import { checkTable, listKeys } from './lib/table-check';

/** KILL_AT: share of the farmers done when the fault is injected; DOWN_MS: how long the killed part stays down. */
const { N, C, PER_DAY_LIMIT, KILL_AT, DOWN_MS, COUNTERS } = envNumbers({
  N: 400,
  C: 20,
  PER_DAY_LIMIT: 60,
  KILL_AT: 0.4,
  DOWN_MS: 3000,
  COUNTERS: 3,
});
const EXPIRE_NOW = process.env.EXPIRE_NOW === '1';
const RETRY_FOR_MS = 150_000;
const ROOT = resolve(import.meta.dirname, '..');

type Fault = 'gateway' | 'dynamo';

interface Gateway {
  child: ChildProcess;
  url: string;
}

function startGateway(env: Record<string, string>): Promise<Gateway> {
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/gateway-process.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => rej(new Error(`gateway did not start in 60 s\n${err}`)), 60_000);
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /READY (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        res({ child, url: m[1] });
      }
    });
    child.stderr!.on('data', (d) => (err = (err + String(d)).slice(-4000)));
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!/READY/.test(out)) rej(new Error(`gateway exited (${code}) before it served\n${err}`));
    });
  });
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((r) => {
    if (child.exitCode !== null || child.signalCode !== null) return r();
    child.once('exit', () => r());
    child.kill('SIGKILL');
  });
}

async function scenario(fault: Fault): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), `seed-faults-${fault}-`));
  const bucket = 'seed-uploads';
  const tableName = `faults-${fault}`;
  const adminEmail = 'faults-admin@bench.local';
  const adminPassword = 'faults-bench-password';
  const [gatewayPort, dynamoPort, s3Port] = await Promise.all([freePort(), freePort(), freePort()]);
  const dbPath = join(dataDir, 'dynamodb');
  rmSync(dbPath, { recursive: true, force: true });
  (await import('node:fs')).mkdirSync(dbPath, { recursive: true });
  let dynamo: LocalDynamo = await startDynamo({ port: dynamoPort, dbPath });
  const s3Server = await startS3({ port: s3Port, directory: join(dataDir, 's3'), buckets: [bucket] });
  const gatewayEnv = {
    BENCH_PORT: String(gatewayPort),
    BENCH_DATA_DIR: dataDir,
    BENCH_DYNAMO_ENDPOINT: dynamo.endpoint,
    BENCH_S3_ENDPOINT: s3Server.endpoint,
    BENCH_TABLE: tableName,
    BENCH_BUCKET: bucket,
    BENCH_ADMIN_EMAIL: adminEmail,
    BENCH_ADMIN_PASSWORD: adminPassword,
  };
  let gateway = await startGateway(gatewayEnv);
  const h: Http = { url: gateway.url };
  const s3 = localS3Client(s3Server.endpoint);
  const events: string[] = [];
  const t0 = Date.now();
  const at = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
  try {
    const root = await login(h, adminEmail, adminPassword);
    await setConfig(h, root, { PerDayLimit: String(PER_DAY_LIMIT), Is_SVS_Form_On: 'true' });
    const producer = must(
      await call(h, 'POST', '/api/producers', root, {
        name: 'Faults Producer',
        aadhaarNumber: newAadhaar(7),
        contactNumber: '9876543210',
        address: 'Kanpur',
      }),
      'producer',
    ).json;
    const wheat = must(await call(h, 'POST', '/api/crops', root, { cropName: 'Wheat', description: 'bench' }), 'crop').json;
    // Stock for about half of the wheat registrations (one 40 kg bag each): the last sales are refused.
    const lot = must(
      await call(h, 'POST', '/api/lots', root, {
        producerID: producer.producerID,
        cropID: wheat.cropID,
        quantityAvailable: Math.ceil(N / 6) * 40,
        pricePerUnit: 31.75,
      }),
      'lot',
    ).json;
    const sellers: string[] = [];
    for (let k = 0; k < COUNTERS; k++) {
      must(
        await call(h, 'POST', '/api/admin/users', root, {
          fullName: `Counter ${k + 1}`,
          email: `counter-${k}@bench.local`,
          password: 'counter-password-1',
          isActive: true,
          roleIds: [3],
        }),
        'seller',
      );
      sellers.push(await login(h, `counter-${k}@bench.local`, 'counter-password-1'));
    }
    console.log(
      `\nFault "${fault}": N=${N} farmers, C=${C} phones, ${COUNTERS} counters billing wheat registrations, PerDayLimit=${PER_DAY_LIMIT}; kill at ${Math.round(KILL_AT * 100)}% of the farmers, down ${DOWN_MS} ms`,
    );

    // ---- the fault, injected from the surge's progress ----
    let injected: Promise<void> | undefined;
    const inject = async () => {
      events.push(
        `${at()}: SIGKILL ${fault === 'gateway' ? `gateway (pid ${gateway.child.pid})` : `DynamoDB Local (pid ${dynamo.process.pid})`}`,
      );
      if (fault === 'gateway') await killHard(gateway.child);
      else await killHard(dynamo.process);
      await sleep(DOWN_MS);
      if (fault === 'gateway') {
        gateway = await startGateway(gatewayEnv);
        events.push(`${at()}: gateway serving again (pid ${gateway.child.pid})`);
      } else {
        dynamo = await startDynamo({ port: dynamoPort, dbPath });
        events.push(`${at()}: DynamoDB Local serving again on the same files (pid ${dynamo.process.pid})`);
      }
    };

    // ---- counters bill wheat registrations as they are acknowledged ----
    const queue: Acked[] = [];
    let surgeDone = false;
    const bills: string[] = [];
    const saleOutcomes = new Map<string, number>();
    const noteSale = (k: string) => saleOutcomes.set(k, (saleOutcomes.get(k) ?? 0) + 1);
    const counters = sellers.map(async (token) => {
      for (;;) {
        const a = queue.shift();
        if (!a) {
          if (surgeDone) return;
          await sleep(50);
          continue;
        }
        const body = { lotID: lot.lotID, registrationID: a.id, year: a.year, bags: 1, bagSizeKg: 40, paymentMode: 'Cash' };
        const deadline = Date.now() + RETRY_FOR_MS;
        for (let attempt = 1; ; attempt++) {
          let status: number | string;
          let r: Awaited<ReturnType<typeof call>> | undefined;
          try {
            r = await call(h, 'POST', '/api/sales/make', token, body);
            status = r.status;
          } catch (e) {
            status = (e as Error & { cause?: { code?: string } }).cause?.code ?? 'connection error';
          }
          if (r && r.status === 201) {
            bills.push(r.json.invoiceNumber);
            noteSale(attempt > 1 ? '201 bill (after a retry)' : '201 bill');
            break;
          }
          if (r && r.status === 409 && /already generated/.test(r.json?.message ?? '')) {
            // The first attempt went through but its answer was lost: the retry names the bill.
            bills.push(r.json.data?.invoiceNumber ?? String(r.json.message).split(' ').pop());
            noteSale('409 already billed (answer of an earlier attempt lost)');
            break;
          }
          if (r && r.status < 500) {
            noteSale(`${r.status} ${String(r.json?.message ?? '').replace(/INV\S+|lot \S+|\d+(\.\d+)? kg/g, '…')}`);
            break;
          }
          if (Date.now() > deadline) {
            noteSale(`gave up after ${status}`);
            break;
          }
          noteSale(`retried after ${status}`);
          await sleep(300 + Math.random() * 700);
        }
      }
    });

    await ensureSurgeCrops(h, root);
    const run = await runSurge(h, {
      n: N,
      c: C,
      doubleTap: 0.05,
      resubmit: 0.02,
      retryForMs: RETRY_FOR_MS,
      onDone: (done) => {
        if (!injected && done >= Math.floor(N * KILL_AT)) injected = inject();
      },
      onAck: (a) => {
        if (a.i % 3 === 0) queue.push(a); // wheat
      },
    });
    await injected;
    surgeDone = true;
    await Promise.all(counters);
    events.push(`${at()}: surge and sales finished`);

    // ---- what the clients saw ----
    const ok = run.samples.filter((s) => s.status === 200 || s.status === 201);
    const byStatus = new Map<string, number>();
    for (const s of run.samples)
      byStatus.set(
        `${s.status}${s.status >= 300 || s.status === 0 ? ` ${s.message}` : ''}`,
        (byStatus.get(`${s.status}${s.status >= 300 || s.status === 0 ? ` ${s.message}` : ''}`) ?? 0) + 1,
      );
    for (const e of events) console.log(`  ${e}`);
    console.log(
      `  registrations: ${ok.length} / ${N} acknowledged in ${run.elapsed.toFixed(1)} s; submit attempts > 1 for ${run.samples.filter((s) => s.attempts > 1).length} farmers`,
    );
    for (const [k, v] of [...byStatus].sort()) console.log(`    ${String(v).padStart(5)} × ${k}`);
    console.log(`  retried by phones: ${[...run.retried].map(([k, v]) => `${v} × ${k}`).join('; ') || 'none'}`);
    console.log(
      `  changed resubmissions: ${run.resubmitStatuses.length} (all 409: ${run.resubmitStatuses.every((s) => s === 409)}); double taps with two different answers: ${run.doubleTapMismatch.length}`,
    );
    console.log(
      `  sales: ${[...saleOutcomes]
        .sort()
        .map(([k, v]) => `${v} × ${k}`)
        .join('; ')}`,
    );

    // ---- invariants, from the table and the bucket ----
    const acked = run.acked.map((a) => ({ id: a.id, year: a.year, code: a.code, file: a.i % 2 ? SAMPLE_PNG : SAMPLE_PDF }));
    const checkInvariants = () =>
      checkTable({ dynamoEndpoint: dynamo.endpoint, tableName, s3, bucket, perDayLimit: PER_DAY_LIMIT, acked, bills });
    const check = await checkInvariants();
    console.log('  invariants (read from the table and the bucket):');
    for (const r of check.results) console.log(`    ${r.ok ? 'hold  ' : 'BROKEN'} ${r.invariant}: ${r.detail}`);
    console.log(
      `  left over: ${check.counts.pendingUploads} uploads under pending/ (no registration took them), ${check.orphanScans.length} scans under aadhaar/ that no registration names`,
    );
    let ok2 = check.results.every((r) => r.ok);
    if (EXPIRE_NOW) {
      const expired = await expireUploads({ s3, bucket, maxAgeMs: 0, now: new Date(Date.now() + 1000) });
      const after = await listKeys(s3, bucket, 'pending/');
      // The orphan-scan sweep as the stand-in runs it, in this process, against the same table and bucket.
      Object.assign(process.env, {
        TABLE_NAME: tableName,
        DYNAMODB_ENDPOINT: dynamo.endpoint,
        S3_ENDPOINT: s3Server.endpoint,
        UPLOADS_BUCKET: bucket,
        JWT_SECRET: process.env.JWT_SECRET ?? 'x'.repeat(32), // parsed by the shared configuration, not used
      });
      resetEnvCache();
      const swept = await sweepOrphanScans({ graceMs: 0, now: new Date(Date.now() + 1000) });
      const again = await checkInvariants();
      const six = again.results.find((r) => r.invariant.startsWith('6'))!;
      console.log(
        `  lifecycle rule run with age 0: ${expired.deleted.length} of ${expired.examined} pending uploads deleted, ${after.length} left`,
      );
      console.log(
        `  orphan-scan sweep with grace 0: ${swept.deleted.length} of ${swept.examined} scans deleted, ${swept.kept} kept, ${again.orphanScans.length} orphans left; invariant 6 afterwards: ${six.ok ? 'holds' : `BROKEN: ${six.detail}`}`,
      );
      ok2 &&= six.ok && after.length === 0 && again.orphanScans.length === 0;
    }
    return ok2;
  } finally {
    await new Promise<void>((r) => {
      if (gateway.child.exitCode !== null) return r();
      gateway.child.once('exit', () => r());
      gateway.child.kill('SIGTERM');
      setTimeout(() => gateway.child.kill('SIGKILL'), 5000).unref();
    });
    s3.destroy();
    await Promise.all([dynamo.stop(), s3Server.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const faults: Fault[] = process.env.FAULT ? [process.env.FAULT as Fault] : ['gateway', 'dynamo'];
  console.log(`Fault injection, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  let ok = true;
  for (const f of faults) ok = (await scenario(f)) && ok;
  process.exit(ok ? 0 : 1);
}

main().catch((e) => {
  console.error(`faults bench failed: ${(e as Error).stack ?? e}`);
  process.exit(2);
});
