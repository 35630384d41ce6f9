/**
 * The emulator's own ceiling, for comparison with bench/surge.ts and bench/sales.ts: the same number of
 * TransactWriteItems calls those benches cause, with items of the same shape and size, at the same
 * concurrency, sent straight to DynamoDB Local (in memory, fresh, in its own Java process as in the benches)
 * with no gateway, no handlers, no other reads or writes.
 *   surge: one transaction per registration: the registration (≈ 1.2 KB, Devanagari names, in gsi1/2/3),
 *          its claim and its letter code (all Put, attribute_not_exists);
 *   sales: one transaction per bill: invoice counter, bill (in gsi1/2/3), lot (remaining >= g), registration
 *          (isBilled = false), four stat items.
 *
 *   npx tsx bench/baseline-transact.ts                  # surge N=2000 C=50, then sales N=250 at C=5 and C=20
 *   MODE=surge N=2000 C=50 npx tsx bench/baseline-transact.ts
 *
 * Not a test: it prints figures (docs/performance.md, "Product against the emulator's own capacity").
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import { randomBytes } from 'node:crypto';
import { DynamoDBDocumentClient, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTable, localDynamoClient, startDynamo } from '../infra/local/dynamo';
import { freePort } from '../test/support/ports';
import { ms, percentile, pool } from './lib/common';
import { itemSize } from './lib/meter';

const TABLE = 'baseline';
const pad = (n: number) => String(n).padStart(10, '0');

/** A registration item as functions/registrations/submit.ts writes it (same attributes, similar values). */
function registration(id: number, year: number) {
  const created = new Date().toISOString();
  const name = 'रामेश्वर प्रसाद';
  const father = 'शिव प्रसाद';
  const village = 'सरैया';
  return {
    pk: `REG#${year}#${pad(id)}`,
    sk: 'REG',
    type: 'registration',
    id,
    year,
    name,
    nameLc: name,
    fatherName: father,
    fatherLc: father,
    aadhaarEnc: randomBytes(60).toString('base64'),
    aadhaarHash: randomBytes(32).toString('base64url'),
    aadhaarLast4: '1234',
    mobileNumber: '9876543210',
    category: 'OBC',
    gender: 'पुरुष',
    village,
    villageLc: village,
    block: 'चिनहट | उप जिला - लखनऊ सदर',
    blockName: 'चिनहट',
    subDistrict: 'लखनऊ सदर',
    district: 'Lucknow',
    districtLc: 'lucknow',
    cropName: 'Wheat',
    cropId: 1,
    cropKey: 'CROP#1',
    bagsRequested: 2,
    unit: 'bag',
    appointmentDate: '2026-11-23',
    appointmentDateTime: '2026-11-23T00:00:00+05:30',
    appointmentShift: 'सुबह 10 बजे से 1 बजे तक',
    appointmentShiftNumber: 1,
    slotCounted: true,
    created,
    adharFilePath: `aadhaar/${year}/${pad(id)}-${randomBytes(6).toString('base64url')}.pdf`,
    adharFileType: 'application/pdf',
    adharFileSize: 48213,
    uniqeCode: randomBytes(16).toString('base64url'),
    isBilled: false,
    invoiceNumber: null,
    farmerID: id,
    isAdmin: false,
    idempotencyKey: randomBytes(16).toString('hex'),
    gsi1pk: `REGS#${year}#${id % 10}`,
    gsi1sk: `${created}#${pad(id)}`,
    gsi2pk: `FARMER#${id}`,
    gsi2sk: `${year}#${pad(id)}`,
    gsi3pk: `REGID#${id}`,
    gsi3sk: String(year),
  };
}

interface Run {
  label: string;
  n: number;
  c: number;
  wall: number;
  lat: number[];
  failed: number;
}

async function timed(label: string, n: number, c: number, send: (i: number) => Promise<void>): Promise<Run> {
  const lat: number[] = [];
  let failed = 0;
  const t0 = performance.now();
  await pool(n, c, async (i) => {
    const s = performance.now();
    try {
      await send(i);
    } catch {
      failed++;
    }
    lat.push(performance.now() - s);
  });
  return { label, n, c, wall: (performance.now() - t0) / 1000, lat: lat.sort((a, b) => a - b), failed };
}

function print(r: Run) {
  console.log(
    `  ${r.label}: ${r.n} transactions at C=${r.c} in ${r.wall.toFixed(1)} s -> ${(r.n / r.wall).toFixed(1)} transactions/s; ` +
      `latency p50 ${ms(percentile(r.lat, 50))} p95 ${ms(percentile(r.lat, 95))} p99 ${ms(percentile(r.lat, 99))}${r.failed ? `; ${r.failed} failed` : ''}`,
  );
}

async function main() {
  const mode = process.env.MODE ?? 'both';
  const port = await freePort();
  const dynamo = await startDynamo({ port });
  const db = DynamoDBDocumentClient.from(localDynamoClient(dynamo.endpoint), {
    marshallOptions: { removeUndefinedValues: true },
  });
  try {
    await ensureTable(dynamo.endpoint, TABLE);
    console.log(
      `Baseline: raw TransactWriteItems on DynamoDB Local (in memory), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    );
    const year = 2026;
    if (mode === 'both' || mode === 'surge') {
      const n = Number(process.env.N ?? 2000);
      const c = Number(process.env.C ?? 50);
      console.log(`  registration item ≈ ${itemSize(registration(1, year))} bytes`);
      print(
        await timed('surge-shaped (3 Puts: registration, claim, code)', n, c, async (i) => {
          const reg = registration(i + 1, year);
          await db.send(
            new TransactWriteCommand({
              ClientRequestToken: randomBytes(16).toString('hex'),
              TransactItems: [
                { Put: { TableName: TABLE, Item: reg, ConditionExpression: 'attribute_not_exists(pk)' } },
                {
                  Put: {
                    TableName: TABLE,
                    Item: {
                      pk: `REGCLAIM#${reg.aadhaarHash}`,
                      sk: `${year}#wheat`,
                      year,
                      id: reg.id,
                      uniqeCode: reg.uniqeCode,
                      idempotencyKey: reg.idempotencyKey,
                      fingerprint: randomBytes(32).toString('base64url'),
                      created: reg.created,
                    },
                    ConditionExpression: 'attribute_not_exists(pk)',
                  },
                },
                {
                  Put: {
                    TableName: TABLE,
                    Item: { pk: `REGCODE#${reg.uniqeCode}`, sk: 'REGCODE', year, id: reg.id },
                    ConditionExpression: 'attribute_not_exists(pk)',
                  },
                },
              ],
            }),
          );
        }),
      );
    }
    if (mode === 'both' || mode === 'sales') {
      const n = Number(process.env.N_SALES ?? 250);
      // Registrations and a lot to bill against (not timed).
      const lotKey = { pk: 'LOT#1', sk: 'LOT' };
      const concurrencies = (process.env.C_SALES ?? '5,20').split(',').map(Number);
      for (const c of concurrencies) {
        await db.send(
          new PutCommand({
            TableName: TABLE,
            Item: {
              ...lotKey,
              lotID: 1,
              lotCode: 'W26A0001',
              cropID: 1,
              totalGrams: 1e12,
              usedGrams: 0,
              remainingGrams: 1e12,
              isActive: true,
              gsi1pk: 'LOTS',
              gsi1sk: '2026#0000000001',
              gsi2pk: 'CROPLOTS#1',
              gsi2sk: '2026#0000000001',
              gsi3pk: 'PRODUCERLOTS#1',
              gsi3sk: '2026#0000000001',
            },
          }),
        );
        const base = 100_000 * c;
        await pool(
          n,
          20,
          async (i) => void (await db.send(new PutCommand({ TableName: TABLE, Item: registration(base + i, year) }))),
        );
        let seq = 0;
        print(
          await timed(`sales-shaped (8 items: counter, bill, lot, registration, 4 stats)`, n, c, async (i) => {
            const number = `INV2627-${String(base + i).padStart(7, '0')}`;
            const now = new Date().toISOString();
            const g = 40_000;
            seq++;
            await db.send(
              new TransactWriteCommand({
                TransactItems: [
                  // The product's counter is a compare-and-set taken in turns; here a plain ADD (no turns, no cancellations).
                  {
                    Update: {
                      TableName: TABLE,
                      Key: { pk: `COUNTER#invoices#2026#${c}`, sk: 'COUNTER' },
                      UpdateExpression: 'ADD #v :one',
                      ExpressionAttributeNames: { '#v': 'value' },
                      ExpressionAttributeValues: { ':one': 1 },
                    },
                  },
                  {
                    Put: {
                      TableName: TABLE,
                      Item: {
                        pk: `INVOICE#${number}`,
                        sk: 'INVOICE',
                        invoiceID: 2026e7 + seq,
                        invoiceNumber: number,
                        fyStart: 2026,
                        seq,
                        saleId: randomBytes(16).toString('hex'),
                        generatedOn: now,
                        day: now.slice(0, 10),
                        farmerID: i,
                        farmerName: 'रामेश्वर प्रसाद',
                        farmerAadhaarLast4: '1234',
                        farmerContact: '9876543210',
                        farmerAddress: 'सरैया, चिनहट, लखनऊ सदर, Lucknow',
                        registrationID: base + i,
                        year,
                        lotID: 1,
                        lotCode: 'W26A0001',
                        cropID: 1,
                        cropName: 'Wheat',
                        bags: 1,
                        bagSizeKg: 40,
                        quantityGrams: g,
                        pricePaise: 3175,
                        totalPaise: 127000,
                        paymentMode: 'Cash',
                        createdByUserId: 2,
                        createdByName: 'Counter 1',
                        createdOn: now,
                        gsi1pk: 'INVOICES#2026',
                        gsi1sk: `${now}#${number}`,
                        gsi2pk: 'INVSELLER#2',
                        gsi2sk: `${now}#${number}`,
                        gsi3pk: 'INVLOT#W26A0001',
                        gsi3sk: `${now}#${number}`,
                      },
                      ConditionExpression: 'attribute_not_exists(pk)',
                    },
                  },
                  {
                    Update: {
                      TableName: TABLE,
                      Key: lotKey,
                      UpdateExpression: 'SET remainingGrams = remainingGrams - :g, usedGrams = usedGrams + :g, lastSaleOn = :now',
                      ConditionExpression: 'remainingGrams >= :g AND cropID = :crop',
                      ExpressionAttributeValues: { ':g': g, ':crop': 1, ':now': now },
                    },
                  },
                  {
                    Update: {
                      TableName: TABLE,
                      Key: { pk: `REG#${year}#${pad(base + i)}`, sk: 'REG' },
                      UpdateExpression:
                        'SET isBilled = :t, invoiceNumber = :n, billedOn = :now, billedByUserId = :u, billedSaleId = :s',
                      ConditionExpression: 'isBilled = :f',
                      ExpressionAttributeValues: { ':t': true, ':f': false, ':n': number, ':now': now, ':u': 2, ':s': 'x' },
                    },
                  },
                  ...[
                    `STAT#sales#${now.slice(0, 10)}`,
                    'STAT#sales#ALL',
                    `STAT#sales#U2#${now.slice(0, 10)}`,
                    'STAT#sales#U2#ALL',
                  ].map((pk) => ({
                    Update: {
                      TableName: TABLE,
                      Key: { pk, sk: 'STAT' },
                      UpdateExpression: 'ADD #c :one, #a :amt',
                      ExpressionAttributeNames: { '#c': 'count', '#a': 'amountPaise' },
                      ExpressionAttributeValues: { ':one': 1, ':amt': 127000 },
                    },
                  })),
                ],
              }),
            );
          }),
        );
      }
    }
  } finally {
    db.destroy();
    await dynamo.stop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`baseline failed: ${(e as Error).stack ?? e}`);
    process.exit(1);
  },
);
