/**
 * What one registration (confirmed; waitlisted for a crop without stock; by a returning farmer for another crop), one sale and one bill view cost in AWS, counted on the local stand-in:
 * DynamoDB read and write request units, S3 requests, Lambda invocations and their duration, API Gateway and
 * CloudFront requests, turned into US dollars at on-demand prices for ap-south-1 (Mumbai).
 *
 *   npx tsx bench/cost.ts            # K=10 measured repetitions of each, after one warm-up
 *   K=20 npx tsx bench/cost.ts
 *
 * Counting (bench/lib/meter.ts, in this process only): every DynamoDB command asks for ReturnConsumedCapacity
 * TOTAL; transactions and failed conditional writes are costed from their items (DynamoDB Local gets them
 * wrong, shown by the calibration printed first); S3 requests are counted by a middleware on the server's
 * S3 client, plus the phone's presigned PUT; each API call is one Lambda invocation, timed in-process.
 * Caches warm (as on a Lambda instance that has served a request in the last few seconds).
 * Not a test: it prints figures (docs/performance.md, "Cost per registration and per bill").
 */
import './lib/bench-env';
import { randomUUID } from 'node:crypto';
import { TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { newAadhaar, SAMPLE_PDF, validFields } from '../test/fixtures/registration-helpers';
import { login, must, setConfig, type Http } from './lib/common';
import { meterDynamo, meterLambdas, meterS3, takeTally } from './lib/meter';
import { startBenchStandIn } from './lib/stand-in';
import { dollars, PRICES, sum, type Call, type Sum } from './lib/cost-sums';

const K = Number(process.env.K ?? 10);
/** Response headers CloudFront sends besides the body (estimate, for data transfer). */
const HEADER_BYTES = 400;
/** Aadhaar scan size for storage: the largest file the form accepts. */
const SCAN_BYTES = 500 * 1024;

async function api(
  h: Http,
  method: string,
  path: string,
  o: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(new URL(path, h.url), {
    method,
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...o.headers,
    },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  const buf = Buffer.from(await res.arrayBuffer());
  let json: any;
  try {
    json = JSON.parse(buf.toString('utf8'));
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text: buf.toString('utf8').slice(0, 300), bytes: buf.length + HEADER_BYTES };
}

/** One API call, metered on its own. */
async function metered<R extends { status: number; bytes: number; text: string }>(
  name: string,
  fn: () => Promise<R>,
  expect: number[],
): Promise<{ call: Call; reply: R }> {
  takeTally();
  const reply = await fn();
  if (!expect.includes(reply.status)) throw new Error(`${name}: ${reply.status} ${reply.text}`);
  return { call: { name, tally: takeTally(), clientS3: {}, api: 1, bytesOut: reply.bytes }, reply };
}

// ---- DynamoDB Local's transaction figures, on raw calls ----

async function calibrate(endpoint: string, table: string): Promise<string[]> {
  const { localDynamoClient } = await import('../infra/local/dynamo');
  const { transactionalWriteUnits } = await import('./lib/meter');
  const c = localDynamoClient(endpoint);
  const lines: string[] = [];
  const item = (kb: number) => ({ pk: `CAL#${randomUUID()}`, sk: 'CAL', v: 'x'.repeat(kb * 1024 - 80) });
  for (const sizes of [[1], [1, 1], [3, 1], [2, 2, 2, 2], [1, 1, 1, 1, 1, 1, 1, 1], [1, 2, 3]]) {
    const items = sizes.map(item);
    const out = await c.send(
      new TransactWriteItemsCommand({
        TransactItems: items.map((i) => ({
          Put: { TableName: table, Item: { pk: { S: i.pk }, sk: { S: i.sk }, v: { S: i.v } } },
        })),
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    const real = items.reduce((a, i) => a + transactionalWriteUnits(i), 0);
    lines.push(
      `  items of ${sizes.join(', ').padEnd(22)} KB: DynamoDB rule ${String(real).padStart(3)} WCU, DynamoDB Local reports ${out.ConsumedCapacity?.[0]?.CapacityUnits}`,
    );
  }
  c.destroy();
  return lines;
}

function opsOf(c: Call): string {
  const d = c.tally.dynamo.map((o) => `${o.op} ${o.units}${o.kind === 'read' ? 'R' : 'W'}${o.note ? ` (${o.note})` : ''}`);
  const s3 = Object.entries({ ...c.tally.s3, ...c.clientS3 }).map(([k, v]) => `S3 ${k}${v > 1 ? ` ×${v}` : ''}`);
  return [...d, ...s3].join(', ') || 'none';
}

async function main() {
  const adminEmail = 'cost-admin@bench.local';
  const adminPassword = 'cost-bench-password';
  meterLambdas();
  // No allocation sweep: its reads and writes would be counted into whichever request it ran beside.
  const standIn = await startBenchStandIn({
    name: 'cost',
    adminEmail,
    adminPassword,
    allocationSweeps: false,
    stream: 'none',
  });
  // The stream's consumer (farmer link, dashboard counters) run right after each submit, so that what it costs is
  // metered as its own step; its position is kept in memory (the cloud's mapping keeps it for free).
  const { startStreamConsumer } = await import('@infra/local/streams');
  const streams = startStreamConsumer({
    endpoint: standIn.dynamoEndpoint,
    tableName: standIn.tableName,
    intervalMs: 0,
    keepPosition: false,
  });
  const h: Http = { url: standIn.url };
  try {
    const cal = await calibrate(standIn.dynamoEndpoint, standIn.tableName);
    const root = await login(h, adminEmail, adminPassword);
    await setConfig(h, root, { PerDayLimit: '1000', Is_SVS_Form_On: 'true' });
    const producer = must(
      await api(h, 'POST', '/api/producers', {
        token: root,
        body: { name: 'Cost Producer', aadhaarNumber: newAadhaar(7), contactNumber: '9876543210', address: 'Kanpur' },
      }),
      'producer',
    ).json;
    const wheat = must(
      await api(h, 'POST', '/api/crops', { token: root, body: { cropName: 'Wheat', description: 'bench' } }),
      'crop',
    ).json;
    // A crop with no lot: every registration for it is waitlisted (docs/decisions/0022-allocation.md, section 2).
    const mustard = must(
      await api(h, 'POST', '/api/crops', { token: root, body: { cropName: 'Mustard', description: 'bench, no stock' } }),
      'crop',
    ).json;
    // A second crop with stock, for a farmer registered before (the farmer exists: no farmer is created).
    const chickpea = must(
      await api(h, 'POST', '/api/crops', { token: root, body: { cropName: 'Chickpea', description: 'bench, returning farmer' } }),
      'crop',
    ).json;
    must(
      await api(h, 'POST', '/api/lots', {
        token: root,
        body: { producerID: producer.producerID, cropID: chickpea.cropID, quantityAvailable: 100_000, pricePerUnit: 60 },
      }),
      'lot',
    );
    const lot = must(
      await api(h, 'POST', '/api/lots', {
        token: root,
        body: { producerID: producer.producerID, cropID: wheat.cropID, quantityAvailable: 100_000, pricePerUnit: 31.75 },
      }),
      'lot',
    ).json;
    must(
      await api(h, 'POST', '/api/admin/users', {
        token: root,
        body: {
          fullName: 'Cost Counter',
          email: 'counter@bench.local',
          password: 'counter-password-1',
          isActive: true,
          roleIds: [3],
        },
      }),
      'seller',
    );
    const seller = await login(h, 'counter@bench.local', 'counter-password-1');

    meterDynamo(standIn.dynamoEndpoint);
    meterS3();

    const registration = async (
      crop: { cropID: number; cropName: string } = wheat,
      adharNumber = newAadhaar(2),
    ): Promise<{ calls: Call[]; id: number; year: number; adharNumber: string }> => {
      const file = SAMPLE_PDF;
      const u = await metered(
        'upload-url',
        () =>
          api(h, 'POST', '/svsregistration/upload-url', {
            body: { fileName: 'aadhaar.pdf', contentType: 'application/pdf', size: file.length },
          }),
        [201],
      );
      const put = await fetch(u.reply.json.uploadUrl, {
        method: 'PUT',
        headers: u.reply.json.headers,
        body: new Uint8Array(file),
      });
      if (!put.ok) throw new Error(`PUT ${put.status}`);
      const upload: Call = {
        name: 'PUT scan (phone to S3)',
        tally: takeTally(),
        clientS3: { PutObject: 1 },
        api: 0,
        bytesOut: 0,
      };
      const fields = validFields({ adharNumber, cropName: crop.cropName, cropId: crop.cropID, bagsRequested: 2 });
      const sub = await metered(
        'submit',
        () =>
          api(h, 'POST', '/svsregistration', {
            body: { ...fields, fileKey: u.reply.json.key },
            headers: { 'idempotency-key': randomUUID() },
          }),
        [201],
      );
      // A batch of one registration: its link, and the batch's counters (a surge shares those among up to 100).
      takeTally();
      await streams.drain();
      const followUp: Call = { name: 'stream consumer', tally: takeTally(), clientS3: {}, api: 0, bytesOut: 0 };
      const letter = await metered(
        'letter',
        () => api(h, 'GET', `/svsregistration/AppointmentList/${sub.reply.json.data.uniqeCode}`),
        [200],
      );
      return {
        calls: [u.call, upload, sub.call, followUp, letter.call],
        id: sub.reply.json.data.id,
        year: sub.reply.json.data.year,
        adharNumber,
      };
    };
    const sale = async (reg: { id: number; year: number }) =>
      metered(
        'sale',
        () =>
          api(h, 'POST', '/api/sales/make', {
            token: seller,
            body: { lotID: lot.lotID, registrationID: reg.id, year: reg.year, bags: 1, bagSizeKg: 40, paymentMode: 'Cash' },
          }),
        [201],
      );
    const billView = async (invoiceNumber: string): Promise<Call[]> => [
      (await metered('bill (public page)', () => api(h, 'GET', `/api/invoices/by-number/${invoiceNumber}`), [200])).call,
      (await metered('bill QR image', () => api(h, 'GET', `/api/invoices/by-number/${invoiceNumber}/qrcode.png?size=256`), [200]))
        .call,
    ];

    // Warm-up (first invocation of each function, caches filled): not counted.
    const warm = await registration();
    const warmSale = await sale(warm);
    await billView(warmSale.reply.json.invoiceNumber);
    await registration(mustard);
    await registration(chickpea, warm.adharNumber);

    const regCalls: Call[][] = [];
    const returningCalls: Call[][] = [];
    const waitCalls: Call[][] = [];
    const saleCalls: Call[] = [];
    const billCalls: Call[][] = [];
    for (let k = 0; k < K; k++) {
      const r = await registration();
      regCalls.push(r.calls);
      const s = await sale(r);
      saleCalls.push(s.call);
      billCalls.push(await billView(s.reply.json.invoiceNumber));
      waitCalls.push((await registration(mustard)).calls);
      returningCalls.push((await registration(chickpea, r.adharNumber)).calls);
    }

    const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
    console.log(`Cost bench, ${date} UTC, K=${K} of each (means), local stand-in in this process`);
    console.log('\nDynamoDB Local on TransactWriteItems (raw calls, ReturnConsumedCapacity TOTAL):');
    for (const l of cal) console.log(l);

    console.log('\nOne of each, step by step (the last repetition; R/W = read/write units as charged here):');
    const waitlisted = [2, 3].map((k) => ({ ...waitCalls[K - 1][k], name: `${waitCalls[K - 1][k].name} (waitlisted)` }));
    const returning = [2, 3].map((k) => ({ ...returningCalls[K - 1][k], name: `${returningCalls[K - 1][k].name} (returning)` }));
    for (const c of [...regCalls[K - 1], ...waitlisted, ...returning, saleCalls[K - 1], ...billCalls[K - 1]]) {
      const ms = c.tally.lambda.map((l) => `${l.ms.toFixed(0)} ms`).join(', ');
      console.log(`  ${c.name.padEnd(24)} ${opsOf(c)}${ms ? `; Lambda ${ms}` : ''}`);
    }

    const rows: [string, Sum, number][] = [
      ['registration', sum(regCalls.flat(), K), 10_000],
      ['waitlisted', sum(waitCalls.flat(), K), 10_000],
      ['returning', sum(returningCalls.flat(), K), 10_000],
      ['sale', sum(saleCalls, K), 1000],
      ['bill view', sum(billCalls.flat(), K), 1000],
      ['returning', sum(returningCalls.flat(), K), 10_000],
    ];
    console.log('\nPer operation (mean of K):');
    console.log(
      '  operation      RRU    WRU   (Local reported R/W)   S3 requests                          Lambda  ms total  API calls  bytes out',
    );
    for (const [name, s] of rows) {
      const s3 =
        Object.entries(s.s3)
          .map(([k, v]) => `${k.replace('Object', '')} ${v}`)
          .join(', ') || '-';
      console.log(
        `  ${name.padEnd(13)} ${s.rru.toFixed(1).padStart(5)} ${s.wru.toFixed(1).padStart(6)}   (${s.localRru.toFixed(1)} / ${s.localWru.toFixed(1)})`.padEnd(
          56,
        ) +
          `${s3.padEnd(37)} ${String(s.invocations).padStart(6)}  ${s.lambdaMs.toFixed(0).padStart(8)}  ${String(s.api).padStart(9)}  ${s.bytesOut.toFixed(0).padStart(9)}`,
      );
    }

    console.log('\nUSD at on-demand prices, ap-south-1 (as published in January 2025; see PRICES in bench/cost.ts):');
    const parts = Object.keys(dollars(rows[0][1]));
    const per = (_name: string, s: Sum, n: number) => Object.values(dollars(s)).map((v) => v * n);
    const reg10k = per('registration', rows[0][1], 10_000);
    const wait10k = per('waitlisted', rows[1][1], 10_000);
    const bill1k = per('sale', rows[3][1], 1000).map((v, i) => v + per('bill view', rows[4][1], 1000)[i]);
    console.log(
      `  ${'item'.padEnd(22)} ${'10,000 registrations'.padStart(21)} ${'10,000 waitlisted'.padStart(18)} ${'1,000 bills (sale + view)'.padStart(26)}`,
    );
    parts.forEach((p, i) =>
      console.log(
        `  ${p.padEnd(22)} ${reg10k[i].toFixed(4).padStart(21)} ${wait10k[i].toFixed(4).padStart(18)} ${bill1k[i].toFixed(4).padStart(26)}`,
      ),
    );
    const total = (a: number[]) => a.reduce((x, y) => x + y, 0);
    console.log(
      `  ${'total'.padEnd(22)} ${total(reg10k).toFixed(4).padStart(21)} ${total(wait10k).toFixed(4).padStart(18)} ${total(bill1k).toFixed(4).padStart(26)}`,
    );
    const storage = ((10_000 * SCAN_BYTES) / 1024 ** 3) * PRICES.s3StorageGbMonth;
    console.log(`  plus S3 storage of 10,000 scans at ${SCAN_BYTES / 1024} KB each: ${storage.toFixed(4)} USD per month kept`);
  } finally {
    await streams.stop();
    await standIn.stop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`cost bench failed: ${(e as Error).stack ?? e}`);
    process.exit(1);
  },
);
