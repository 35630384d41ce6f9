/**
 * Invariants 1-6 (docs/invariants.md), checked by reading the whole table and the uploads bucket directly
 * (a bench may scan; no request path does). Used by bench/faults.ts after a run with crashes.
 */
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { INVOICE_NUMBER_RE } from '@shared/schemas/sales';
import { MAX_FILE_BYTES } from '@shared/schemas/registration';
import { localDynamoClient } from '@infra/local/dynamo';
import { sniff } from '@functions/registrations/uploads';

type Item = Record<string, any>;

export interface TableCheckInput {
  dynamoEndpoint: string;
  tableName: string;
  s3: S3Client;
  bucket: string;
  perDayLimit: number;
  /** Registrations that were acknowledged (2xx) to a client, with the bytes that client uploaded. */
  acked: { id: number; year: number; code: string; file: Buffer }[];
  /** Bills acknowledged (201) to a client. */
  bills: string[];
}

export interface TableCheck {
  results: { invariant: string; ok: boolean; detail: string }[];
  counts: Record<string, number>;
  pendingKeys: string[];
  orphanScans: string[];
}

export async function scanTable(endpoint: string, tableName: string): Promise<Item[]> {
  const db = DynamoDBDocumentClient.from(localDynamoClient(endpoint));
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start, ConsistentRead: true }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  db.destroy();
  return items;
}

export async function listKeys(s3: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const out = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    for (const o of out.Contents ?? []) keys.push(o.Key!);
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

async function readObject(s3: S3Client, bucket: string, key: string): Promise<Buffer | undefined> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from(await out.Body!.transformToByteArray());
  } catch {
    return undefined;
  }
}

export async function checkTable(o: TableCheckInput): Promise<TableCheck> {
  const items = await scanTable(o.dynamoEndpoint, o.tableName);
  const by = (prefix: string) => items.filter((i) => String(i.pk).startsWith(prefix));
  const regs = items.filter((i) => i.type === 'registration');
  const slots = by('SLOT#');
  // A pending claim (no registration number) is a lease a killed request left: taken over later or removed by its TTL.
  const claims = by('REGCLAIM#').filter((c) => c.id !== undefined);
  const codes = by('REGCODE#');
  const lots = by('LOT#').filter((i) => i.sk === 'LOT');
  const invoices = by('INVOICE#').filter((i) => i.sk === 'INVOICE');
  const invoiceCounters = by('COUNTER#invoices#');
  const results: TableCheck['results'] = [];
  const add = (invariant: string, problems: string[], okDetail: string) =>
    results.push({
      invariant,
      ok: problems.length === 0,
      detail: problems.length
        ? problems.slice(0, 8).join('; ') + (problems.length > 8 ? `; … (${problems.length})` : '')
        : okDetail,
    });

  // 1. Capacity: registrations per shift within the shift's cap and within its counter; per day within PerDayLimit.
  {
    const problems: string[] = [];
    const perShift = new Map<string, number>();
    const perDay = new Map<string, number>();
    for (const r of regs) {
      if (!r.slotCounted) continue;
      perShift.set(
        `${r.appointmentDate}#${r.appointmentShiftNumber}`,
        (perShift.get(`${r.appointmentDate}#${r.appointmentShiftNumber}`) ?? 0) + 1,
      );
      perDay.set(r.appointmentDate, (perDay.get(r.appointmentDate) ?? 0) + 1);
    }
    let lost = 0;
    for (const s of slots) {
      const n = perShift.get(`${s.day}#${s.shift}`) ?? 0;
      if (n > Number(s.cap)) problems.push(`shift ${s.day}#${s.shift} holds ${n} > cap ${s.cap}`);
      if (n > Number(s.booked)) problems.push(`shift ${s.day}#${s.shift} holds ${n} > counter ${s.booked}`);
      lost += Math.max(0, Number(s.booked) - n);
    }
    for (const [k, n] of perShift)
      if (!slots.some((s) => `${s.day}#${s.shift}` === k)) problems.push(`shift ${k} holds ${n} without a counter`);
    for (const [d, n] of perDay)
      if (o.perDayLimit > 0 && n > o.perDayLimit) problems.push(`day ${d} holds ${n} > ${o.perDayLimit}`);
    add(
      '1 capacity',
      problems,
      `${perDay.size} days, ${perShift.size} shifts within capacity; counters ahead of registrations by ${lost} (slots taken by crashed requests, never overbooked)`,
    );
  }

  // 2. One registration per Aadhaar + crop + year; each holds exactly its claim and letter code.
  {
    const problems: string[] = [];
    const seen = new Map<string, number>();
    for (const r of regs) {
      const k = `${r.aadhaarHash}#${r.year}#${r.cropKey}`;
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    for (const [k, n] of seen) if (n > 1) problems.push(`${n} registrations for …${k.slice(-20)}`);
    const regById = new Map(regs.map((r) => [`${r.year}#${r.id}`, r]));
    for (const c of claims) {
      const r = regById.get(`${c.year}#${c.id}`);
      if (!r) problems.push(`claim ${c.sk} points to missing registration ${c.year}/${c.id}`);
      else if (`REGCLAIM#${r.aadhaarHash}` !== c.pk || `${r.year}#${r.cropKey}` !== c.sk)
        problems.push(`claim of ${c.year}/${c.id} is for another Aadhaar or crop`);
    }
    if (claims.length !== regs.length) problems.push(`${claims.length} claims for ${regs.length} registrations`);
    const codeOf = new Map(codes.map((c) => [String(c.pk).slice('REGCODE#'.length), c]));
    for (const r of regs) if (codeOf.get(r.uniqeCode)?.id !== r.id) problems.push(`letter code of ${r.year}/${r.id} missing`);
    add(
      '2 one per Aadhaar+crop',
      problems,
      `${regs.length} registrations, ${seen.size} distinct Aadhaar+crop+year, ${claims.length} claims, ${codes.length} letter codes, all matching`,
    );
  }

  // 3. Lots: used + remaining = total, remaining >= 0, used = the bills' grams.
  {
    const problems: string[] = [];
    for (const l of lots) {
      if (Number(l.usedGrams) + Number(l.remainingGrams) !== Number(l.totalGrams))
        problems.push(`lot ${l.lotCode}: ${l.usedGrams} + ${l.remainingGrams} != ${l.totalGrams}`);
      if (Number(l.remainingGrams) < 0) problems.push(`lot ${l.lotCode}: remaining ${l.remainingGrams}`);
      const billed = invoices.filter((i) => i.lotID === l.lotID).reduce((a, i) => a + Number(i.quantityGrams), 0);
      if (billed !== Number(l.usedGrams)) problems.push(`lot ${l.lotCode}: used ${l.usedGrams} g, bills hold ${billed} g`);
    }
    add('3 lot stock', problems, `${lots.length} lots: used + remaining = total, remaining >= 0, used = grams on their bills`);
  }

  // 4. Invoice numbers unique, consecutive from 1 per financial year, counter at the last, GST format.
  {
    const problems: string[] = [];
    const byFy = new Map<number, number[]>();
    for (const i of invoices) {
      if (!INVOICE_NUMBER_RE.test(i.invoiceNumber) || i.invoiceNumber.length > 16 || !/^[A-Za-z0-9-]+$/.test(i.invoiceNumber))
        problems.push(`bad number ${i.invoiceNumber}`);
      byFy.set(i.fyStart, [...(byFy.get(i.fyStart) ?? []), Number(i.seq)]);
    }
    for (const [fy, seqs] of byFy) {
      seqs.sort((a, b) => a - b);
      const off = seqs.filter((s, k) => s !== k + 1).length;
      if (off) problems.push(`FY ${fy}: ${seqs.length} bills not numbered 1..${seqs.length} (${off} out of place)`);
      const counter = invoiceCounters.find((c) => c.pk === `COUNTER#invoices#${fy}`);
      if (Number(counter?.value ?? 0) !== seqs.length)
        problems.push(`FY ${fy}: counter at ${counter?.value} with ${seqs.length} bills`);
    }
    for (const n of o.bills) if (!invoices.some((i) => i.invoiceNumber === n)) problems.push(`acknowledged bill ${n} missing`);
    add(
      '4 invoice numbers',
      problems,
      `${invoices.length} bills in ${byFy.size} financial year(s), numbered 1..n without gaps, counter = n; all ${o.bills.length} acknowledged bills present`,
    );
  }

  // 5. Billed at most once; a billed registration names its bill and the bill names it.
  {
    const problems: string[] = [];
    const perReg = new Map<string, number>();
    for (const i of invoices) perReg.set(`${i.year}#${i.registrationID}`, (perReg.get(`${i.year}#${i.registrationID}`) ?? 0) + 1);
    for (const [k, n] of perReg) if (n > 1) problems.push(`registration ${k} on ${n} bills`);
    for (const r of regs) {
      const inv = invoices.find((i) => i.year === r.year && i.registrationID === r.id);
      if (Boolean(r.isBilled) !== Boolean(inv))
        problems.push(`registration ${r.year}/${r.id}: isBilled ${r.isBilled}, bill ${inv?.invoiceNumber ?? 'none'}`);
      else if (inv && r.invoiceNumber !== inv.invoiceNumber)
        problems.push(`registration ${r.year}/${r.id} names ${r.invoiceNumber}, bill is ${inv.invoiceNumber}`);
    }
    add('5 billed once', problems, `${perReg.size} registrations billed, each on exactly one bill and marked with it`);
  }

  // 6. Every acknowledged registration present, with its scan present, valid and the bytes the phone sent.
  const regByKey = new Map(regs.map((r) => [`${r.year}#${r.id}`, r]));
  {
    const problems: string[] = [];
    let checked = 0;
    const queue = [...o.acked];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let a = queue.shift(); a; a = queue.shift()) {
          const r = regByKey.get(`${a.year}#${a.id}`);
          if (!r) {
            problems.push(`acknowledged ${a.year}/${a.id} missing`);
            continue;
          }
          if (r.uniqeCode !== a.code) problems.push(`acknowledged ${a.year}/${a.id} has another letter code`);
          const body = r.adharFilePath ? await readObject(o.s3, o.bucket, r.adharFilePath) : undefined;
          if (!body) problems.push(`scan of ${a.year}/${a.id} missing (${r.adharFilePath})`);
          else if (body.length > MAX_FILE_BYTES || !sniff(body.subarray(0, 16)) || !body.equals(a.file))
            problems.push(`scan of ${a.year}/${a.id} invalid or not the uploaded bytes`);
          else checked++;
        }
      }),
    );
    add(
      '6 acknowledged readable',
      problems,
      `all ${o.acked.length} acknowledged registrations present; ${checked} scans present, valid (size, magic bytes) and byte-identical to the upload`,
    );
  }

  const pendingKeys = await listKeys(o.s3, o.bucket, 'pending/');
  const scans = await listKeys(o.s3, o.bucket, 'aadhaar/');
  const referenced = new Set(regs.map((r) => r.adharFilePath));
  const orphanScans = scans.filter((k) => !referenced.has(k));
  return {
    results,
    counts: {
      registrations: regs.length,
      bills: invoices.length,
      lots: lots.length,
      slotCounters: slots.length,
      pendingUploads: pendingKeys.length,
      scans: scans.length,
      orphanScans: orphanScans.length,
    },
    pendingKeys,
    orphanScans,
  };
}
