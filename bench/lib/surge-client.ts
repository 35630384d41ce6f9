/**
 * The registration surge as farmers' phones do it, over HTTP: ask for an upload URL, PUT the scan to S3,
 * submit the form with an idempotency key (bench/surge.ts, bench/faults.ts). With `retry`, a phone whose
 * connection fails (or that gets a 5xx, or "being processed") tries the same step again with the same
 * idempotency key and the same uploaded file, until the deadline.
 */
import { randomUUID } from 'node:crypto';
import {
  newAadhaar,
  postJson,
  SAMPLE_PDF,
  SAMPLE_PNG,
  uploadScan,
  useCrops,
  validFields,
  type Http,
  type Reply,
} from '@test/fixtures/registration-helpers';
import { pool, sleep } from './common';
import { retryDelayMs } from '../../frontend/src/lib/retry';

export interface SurgeOptions {
  n: number;
  c: number;
  /** Share of farmers who tap Submit twice (same request, same idempotency key, at the same time). */
  doubleTap: number;
  /** Share of farmers who later submit a changed form for the same Aadhaar and crop (must get 409). */
  resubmit: number;
  /** Phones retry failed steps (connection errors, 5xx, "being processed") for up to this long. */
  retryForMs?: number;
  /**
   * Phones resend a submit answered 429 or 503 as the app does (frontend/src/lib/retry.ts: the same waits, at most
   * MAX_RETRIES resends; the idempotency key makes it safe). Counted in `refused` and `resent`.
   */
  resendBusy?: boolean;
  /** Called after each farmer finishes (for fault injection at a point of the run). */
  onDone?: (done: number) => void;
  /** Called for each acknowledged registration as it comes. */
  onAck?: (a: Acked) => void;
  /** The farmers to register (default: `surgeFarmers(n)`). */
  farmers?: Record<string, unknown>[];
}

export interface SurgeSample {
  ms: number;
  submitMs: number;
  status: number;
  message?: string;
  /** Attempts of the submit step (1 without retries). */
  attempts: number;
  /** The place the registration was given (acknowledged ones). */
  allocation?: AllocationAnswer;
}

/** What a registration's answer says of its place in the crop's stock. */
export type AllocationAnswer = 'confirmed' | 'waitlisted' | 'applied';

export interface Acked {
  i: number;
  id: number;
  year: number;
  code: string;
  fileKey: string;
  status: AllocationAnswer;
  waitlistPosition?: number;
}

export interface SurgeResult {
  farmers: Record<string, unknown>[];
  samples: SurgeSample[];
  acked: Acked[];
  elapsed: number;
  doubleTapMismatch: number[];
  /** Double taps where one tap was told "being processed, submit again" (no second registration). */
  doubleTapBusy: number;
  resubmitStatuses: number[];
  /** Connection errors and 5xx answers that phones retried. */
  retried: Map<string, number>;
  /** Submits answered 429 or 503 (each answer counted), by status. */
  refused: Map<number, number>;
  /** Submits sent again after a 429 or 503 (resendBusy). */
  resent: number;
}

const IN_PROGRESS = /being processed/i;

/**
 * The surge's crops (Wheat, Chickpea, Mustard) in the target's catalogue, made with the admin's token when
 * missing: a registration names its crop by catalogue id. A crop it makes gets a lot of 1,000,000 kg for the
 * current year, so that registrations for it are confirmed (docs/decisions/0022-allocation.md, section 12).
 */
export async function ensureSurgeCrops(h: Http, adminToken: string): Promise<void> {
  const known = ((await getJson(h, '/api/crops/dropdown')).json ?? []) as { id: number; name: string; isActive?: boolean }[];
  const ids: Record<string, number> = {};
  for (const cropName of ['Wheat', 'Chickpea', 'Mustard']) {
    const found = known.find((c) => c.name.toLowerCase() === cropName.toLowerCase() && c.isActive !== false);
    if (found) ids[cropName] = found.id;
    else {
      const r = await postJson(h, '/api/crops', { cropName, description: 'bench' }, { authorization: `Bearer ${adminToken}` });
      if (r.status !== 201) throw new Error(`crop ${cropName}: ${r.status} ${r.text}`);
      ids[cropName] = r.json.cropID;
      await stockCrop(h, adminToken, r.json.cropID);
    }
  }
  useCrops(ids);
}

/** One lot of `kg` (default 1,000,000) of the crop for the current year, from a "Test stock" producer (made when missing). */
export async function stockCrop(h: Http, adminToken: string, cropID: number, kg = 1_000_000): Promise<void> {
  const auth = { authorization: `Bearer ${adminToken}` };
  const producer = await postJson(h, '/api/producers', { name: 'Test stock', aadhaarNumber: '299990000014' }, auth);
  const producerID =
    producer.status === 201 ? Number(producer.json.producerID) : Number(/\(ID (\d+)\)/.exec(String(producer.json?.message))?.[1]);
  if (!(producerID > 0)) throw new Error(`stock producer: ${producer.status} ${producer.text}`);
  const lot = await postJson(h, '/api/lots', { producerID, cropID, quantityAvailable: kg, pricePerUnit: 1 }, auth);
  if (lot.status !== 201) throw new Error(`stock of crop ${cropID}: ${lot.status} ${lot.text}`);
}

export const SURGE_CROPS = ['Wheat', 'Chickpea', 'Mustard'] as const;

/**
 * The surge's farmers: farmer i registers for crop `i mod 3` of `crops` and asks for `1 + i mod 3` (bags or
 * kg), so every request for a crop is the same size (wheat 1 bag, chickpea 2 kg, mustard 3 kg). The crops
 * must be known to the helpers (`useCrops`) before.
 */
export function surgeFarmers(n: number, crops: readonly string[] = SURGE_CROPS): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) =>
    validFields({
      adharNumber: newAadhaar(2 + (i % 8)),
      cropName: crops[i % crops.length],
      bagsRequested: 1 + (i % 3),
    }),
  );
}

export async function runSurge(h: Http, o: SurgeOptions): Promise<SurgeResult> {
  const farmers = o.farmers ?? surgeFarmers(o.n);
  const acked: Acked[] = [];
  const doubleTapMismatch: number[] = [];
  let doubleTapBusy = 0;
  const retried = new Map<string, number>();
  const note = (what: string) => retried.set(what, (retried.get(what) ?? 0) + 1);
  const refused = new Map<number, number>();
  let resent = 0;
  /** One submit as the app sends it: a 429 or 503 waited out and sent again (resendBusy), each counted. */
  async function submitOnce(body: Record<string, unknown>, idem: string): Promise<Reply> {
    for (let retry = 1; ; retry++) {
      const r = await postJson(h, '/svsregistration', body, { 'idempotency-key': idem });
      if (r.status !== 429 && r.status !== 503) return r;
      refused.set(r.status, (refused.get(r.status) ?? 0) + 1);
      const wait = o.resendBusy ? retryDelayMs(retry, null) : undefined;
      if (wait === undefined) return r;
      resent++;
      await sleep(wait);
    }
  }

  /** One step, tried again like a phone would while the deadline allows. */
  async function step<T>(
    what: string,
    deadline: number,
    fn: () => Promise<T>,
    again: (v: T) => string | undefined,
  ): Promise<{ value: T; attempts: number }> {
    for (let attempt = 1; ; attempt++) {
      let why: string | undefined;
      try {
        const value = await fn();
        why = o.retryForMs ? again(value) : undefined;
        if (!why || Date.now() > deadline) return { value, attempts: attempt };
      } catch (e) {
        if (!o.retryForMs || Date.now() > deadline) throw e;
        why = `${(e as Error & { cause?: { code?: string } }).cause?.code ?? (e as Error).message}`;
      }
      note(`${what}: ${why}`);
      await sleep(300 + Math.random() * Math.min(3000, 250 * 2 ** Math.min(attempt, 4)));
    }
  }
  const retryable = (r: Reply) =>
    r.status >= 500
      ? String(r.status)
      : r.status === 409 && IN_PROGRESS.test(r.json?.message ?? '')
        ? '409 being processed'
        : undefined;

  let done = 0;
  const started = Date.now();
  const samples = await pool(o.n, o.c, async (i): Promise<SurgeSample> => {
    const t0 = performance.now();
    const deadline = Date.now() + (o.retryForMs ?? 0);
    try {
      const file = i % 2 ? SAMPLE_PNG : SAMPLE_PDF;
      const { value: key } = await step(
        'upload',
        deadline,
        async () => (await uploadScan(h, file, { contentType: i % 2 ? 'image/png' : 'application/pdf' })).key,
        () => undefined,
      );
      const t1 = performance.now();
      const idem = randomUUID();
      const body = { ...farmers[i], fileKey: key };
      const send = () => step('submit', deadline, () => submitOnce(body, idem), retryable);
      const replies = Math.random() < o.doubleTap ? await Promise.all([send(), send()]) : [await send()];
      const r = replies[0].value;
      // Two registrations would be two different 2xx answers; a tap told "being processed" (it waited too long
      // for the other tap's lease) made none, and a phone submits again.
      if (replies.length === 2 && replies.some((x) => IN_PROGRESS.test(x.value.json?.message ?? ''))) doubleTapBusy++;
      else if (
        replies.length === 2 &&
        JSON.stringify(replies[0].value.json?.data) !== JSON.stringify(replies[1].value.json?.data)
      )
        doubleTapMismatch.push(i);
      const t2 = performance.now();
      if (r.status === 200 || r.status === 201) {
        const a: Acked = {
          i,
          id: r.json.data.id,
          year: r.json.data.year,
          code: r.json.data.uniqeCode,
          fileKey: key,
          status: r.json.data.status,
          ...(r.json.data.waitlistPosition ? { waitlistPosition: r.json.data.waitlistPosition } : {}),
        };
        acked.push(a);
        o.onAck?.(a);
      }
      return {
        ms: t2 - t0,
        submitMs: t2 - t1,
        status: r.status,
        message: r.status >= 300 ? (r.json?.message ?? r.text) : undefined,
        attempts: replies[0].attempts,
        allocation: r.status < 300 ? r.json?.data?.status : undefined,
      };
    } catch (e) {
      return { ms: performance.now() - t0, submitMs: 0, status: 0, message: (e as Error).message, attempts: 0 };
    } finally {
      o.onDone?.(++done);
    }
  });
  const elapsed = (Date.now() - started) / 1000;

  // Changed forms for the same Aadhaar and crop: each must be refused, with 409, or with 429 once the client
  // address has used its find-letter attempts (a changed form counts against them, docs/product-rules.md).
  const resubmits = Math.floor(acked.length * o.resubmit);
  const resubmitStatuses = await pool(resubmits, o.c, async (k) => {
    const a = acked[k];
    const { key } = await uploadScan(h, SAMPLE_PDF);
    const r = await postJson(
      h,
      '/svsregistration',
      { ...farmers[a.i], mobile: '9000000000', fileKey: key },
      { 'idempotency-key': randomUUID() },
    );
    return r.status;
  });
  return { farmers, samples, acked, elapsed, doubleTapMismatch, doubleTapBusy, resubmitStatuses, retried, refused, resent };
}

async function getJson(h: Http, path: string, token?: string) {
  const res = await fetch(new URL(path, h.url), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

/** Registrations per appointment day and shift (`<day>#<shift>`), as the letters read show them. */
export type ShiftCounts = Map<string, number>;

/**
 * Invariants 1, 2 and 6 (docs/invariants.md) through the API: every acknowledged letter readable, showing the
 * status the answer gave (a date only when confirmed), and each day and shift within capacity, counting the
 * letters of earlier runs on the same target too (`earlier`); one registration per Aadhaar and crop (a sample
 * of 200, with their scans).
 */
export async function checkSurgeThroughApi(
  h: Http,
  token: string,
  s: SurgeResult,
  o: { perDayLimit: number; c: number; earlier?: ShiftCounts },
): Promise<{ problems: string[]; perDay: Map<string, number>; perShift: ShiftCounts }> {
  const { acked, farmers } = s;
  const problems: string[] = [];
  const letters = await pool(acked.length, o.c, (k) => getJson(h, `/svsregistration/AppointmentList/${acked[k].code}`));
  const perShift: ShiftCounts = new Map(o.earlier);
  const perDay = new Map<string, number>();
  for (const [k, n] of perShift) perDay.set(k.split('#')[0], (perDay.get(k.split('#')[0]) ?? 0) + n);
  letters.forEach((l, k) => {
    if (l.status !== 200) return problems.push(`inv 6: letter of ${acked[k].id} answered ${l.status}`);
    const a = l.json.data[0];
    if (a.name !== farmers[acked[k].i].Name) problems.push(`inv 6: letter ${acked[k].id} has another name`);
    if (a.status !== acked[k].status)
      problems.push(`inv 7: letter ${acked[k].id} says ${a.status}, the answer ${acked[k].status}`);
    if (a.status !== 'confirmed') {
      if (a.appointmentDate) problems.push(`inv 7: ${a.status} letter ${acked[k].id} shows a date`);
      return;
    }
    perShift.set(
      `${a.appointmentDate}#${a.appointmentShiftNumber}`,
      (perShift.get(`${a.appointmentDate}#${a.appointmentShiftNumber}`) ?? 0) + 1,
    );
    perDay.set(a.appointmentDate, (perDay.get(a.appointmentDate) ?? 0) + 1);
  });
  const cap1 = Math.ceil(o.perDayLimit / 2);
  if (o.perDayLimit > 0) {
    for (const [k, n] of perShift)
      if (n > (k.endsWith('#1') ? cap1 : o.perDayLimit - cap1)) problems.push(`inv 1: shift ${k} holds ${n}`);
    for (const [d, n] of perDay) if (n > o.perDayLimit) problems.push(`inv 1: day ${d} holds ${n}`);
  }
  // Invariant 2: each Aadhaar has exactly one registration per crop (checked for a sample of 200, all when fewer).
  const sample = acked.filter((_, k) => k % Math.max(1, Math.floor(acked.length / 200)) === 0);
  await pool(sample.length, Math.min(o.c, 20), async (k) => {
    const f = farmers[sample[k].i];
    const r = await getJson(h, `/api/registrations?aadhaar=${String(f.adharNumber)}`, token);
    const same = (r.json?.items ?? []).filter((x: { cropName: string }) => x.cropName === f.cropName);
    if (same.length !== 1)
      problems.push(
        `inv 2: Aadhaar …${String(f.adharNumber).slice(-4)} has ${same.length} registrations for ${String(f.cropName)}`,
      );
    const file = await getJson(h, `/api/registrations/${sample[k].id}/aadhaar-file?year=${sample[k].year}`, token);
    const got = file.status === 200 ? await fetch(file.json.url) : undefined;
    if (!got?.ok) problems.push(`inv 6: scan of ${sample[k].id} not readable`);
    else await got.arrayBuffer();
  });
  for (const st of s.resubmitStatuses) if (st !== 409 && st !== 429) problems.push(`inv 2: changed resubmission answered ${st}`);
  for (const i of s.doubleTapMismatch) problems.push(`inv 2: double tap of farmer ${i} got two different answers`);
  const ids = new Set(acked.map((a) => `${a.year}/${a.id}`));
  if (ids.size !== acked.length) problems.push(`inv 2: ${acked.length - ids.size} duplicate registration numbers acknowledged`);
  return { problems, perDay, perShift };
}
