import { hsnOfCrop } from '@shared/hsn';
import { rulesOfCrop, saleLimit } from '@shared/crop-rules';
import {
  COUNTER_SEQ_MAX,
  formatCounterInvoiceNumber,
  PREPARE_LOTS_MAX,
  type CounterSettingsInput,
  type CounterView,
  type PreparedReply,
  type PreparedRow,
  type PrepareInput,
} from '@shared/schemas/offline-counter';
import type { PreparationView } from '@shared/schemas/replies/offline-counter';
import { financialYearOf } from '@shared/schemas/sales';
import type { AuditTrail } from '../../lib/audit-log';
import { docClient, tableName } from '../../lib/aws';
import type { Caller } from '../../lib/caller';
import { getSettings } from '../../lib/config-store';
import { TransactWriteCommand } from '../../lib/dynamo-commands';
import { AppError, conflict, notFound } from '../../lib/errors';
import { log } from '../../lib/log';
import { cancellationReasons, sleep, withRetry } from '../../lib/retry';
import { gramsToKg, paiseToRupees } from '../../lib/units';
import { getCrops } from '../../crops/crop-entity';
import { getLot, KEEP_POOL_BASE, lotKey, type LotItem } from '../../lots/lot-entity';
import { batchGetRegistrations, type RegistrationItem } from '../../registrations/registration-entity';
import { statusOf } from '@shared/allocation-status';
import { kolkataDay } from '../../lib/stats';
import { saleClock } from '../sale-clock';
import * as store from './store';

/**
 * Prepare for offline (docs/decisions/0048-offline-counter.md): one transaction reserves a block of the counter's
 * own series (compare-and-set on the series counter), opens the preparation on the counter (one open at a time),
 * and takes each lot's float from its remaining stock on the condition that that much remains, so two counters'
 * floats together never exceed a lot's stock (docs/invariants.md#19-offline-counter-numbers-and-floats).
 */

/** Today in India, by the sales clock (the day a bill made now falls on). */
const todayInIndia = () => kolkataDay(saleClock());

/**
 * The day's list for the counter's shifts: the confirmed registrations due that day (their due entries,
 * functions/allocation/entries.ts) that are not billed, read once with their letters' codes.
 */
async function dueOfDay(day: string, shifts: readonly number[]): Promise<RegistrationItem[]> {
  const due = await withRetry(() => store.dueOfDay(day));
  const regs = await withRetry(() => batchGetRegistrations(due));
  return regs
    .filter((r) => !r.isBilled && statusOf(r) === 'confirmed' && shifts.includes(r.appointmentShiftNumber ?? 0))
    .sort((a, b) => (a.appointmentShiftNumber ?? 9) - (b.appointmentShiftNumber ?? 9) || a.id - b.id);
}

const noCounter = (code: string) =>
  notFound(`Counter ${code} is not set up: an admin sets its float and block of numbers under Counters first`);

/** PUT /api/counters/{code}: an admin sets the counter's name, float and block size. */
export async function saveCounter(code: string, input: CounterSettingsInput, audit: AuditTrail): Promise<CounterView> {
  const existing = await withRetry(() => store.getCounter(code));
  const item = { code, ...input, updatedOn: saleClock().toISOString() };
  try {
    await store.putCounterSettings(
      item,
      existing,
      audit.put(
        { type: 'counter', id: code },
        {
          summary: `counter ${code} named ${input.name}: float ${input.floatKg} kg per lot, block of ${input.blockSize} numbers`,
        },
      ),
    );
  } catch (e) {
    if (cancellationReasons(e).some((r) => r?.Code === 'ConditionalCheckFailed'))
      throw conflict('The counter changed meanwhile (prepared or reconciled): try again');
    throw e;
  }
  return counterView({ ...store.counterKey(code), ...item, ...(existing?.openPrep ? { openPrep: existing.openPrep } : {}) });
}

export async function counterView(c: store.CounterItem): Promise<CounterView> {
  const open = c.openPrep ? await withRetry(() => store.getPrep(c.openPrep!)) : undefined;
  return {
    code: c.code,
    name: c.name,
    floatKg: c.floatKg,
    blockSize: c.blockSize,
    shifts: c.shifts,
    open: open ? await preparationView(open) : null,
    overdue: Boolean(open && open.day < todayInIndia()),
  };
}

/** GET /api/counters: every counter with what it holds; one prepared before today and not reconciled is overdue. */
export async function listCounterViews(): Promise<{ items: CounterView[] }> {
  const counters = await withRetry(() => store.listCounters());
  return { items: await Promise.all(counters.sort((a, b) => a.code.localeCompare(b.code)).map(counterView)) };
}

export async function preparationView(p: store.PrepItem): Promise<PreparationView> {
  const floats = Object.values(p.floats ?? {});
  const lots = await Promise.all(floats.map((f) => withRetry(() => getLot(f.lotID))));
  const crops = await withRetry(() => getCrops([...new Set(floats.map((f) => f.cropID))]));
  const used = p.used ? [...p.used] : [];
  return {
    prepId: p.prepId,
    code: p.code,
    day: p.day,
    preparedAt: p.preparedAt,
    preparedByName: p.preparedByName,
    blockFrom: formatCounterInvoiceNumber(p.fyStart, p.code, p.fromSeq),
    blockTo: formatCounterInvoiceNumber(p.fyStart, p.code, p.toSeq),
    blockSize: p.toSeq - p.fromSeq + 1,
    used: used.length,
    bills: p.bills,
    conflicts: p.conflicts,
    floats: floats.map((f, i) => {
      const crop = crops.get(f.cropID);
      const rules = crop ? rulesOfCrop(crop) : undefined;
      return {
        lotID: f.lotID,
        lotCode: f.lotCode,
        cropID: f.cropID,
        cropName: crop?.cropName ?? '',
        cropNameHi: crop?.cropNameHi ?? '',
        hsnCode: crop ? hsnOfCrop(crop) : '',
        price: paiseToRupees(lots[i]?.pricePaise ?? 0),
        bagSizeKg: rules?.unit === 'bag' ? rules.bagSizeKg : null,
        unit: rules?.unit === 'bag' ? 'bag' : 'kg',
        takenKg: gramsToKg(f.taken),
        leftKg: gramsToKg(f.left),
      };
    }),
    lastSyncAt: p.lastSyncAt ?? null,
    closedAt: p.closedAt ?? null,
    unused: p.unused ? [...p.unused].sort() : [],
  };
}

/** The lots to take floats from: those named, else the lots with stock of the crops on the prepared list. */
async function lotsToFloat(input: PrepareInput, cropIds: number[]): Promise<LotItem[]> {
  if (input.lotIDs) {
    const lots = await Promise.all([...new Set(input.lotIDs)].map((id) => withRetry(() => getLot(id, true))));
    const missing = input.lotIDs.find((id, i) => !lots[i]);
    if (missing !== undefined) throw notFound(`Lot ${missing} not found`);
    return lots as LotItem[];
  }
  const perCrop = await Promise.all(cropIds.map((c) => withRetry(() => store.lotsWithStock(c, PREPARE_LOTS_MAX))));
  // Oldest first within a crop (the fitting lot the online counter picks), at most PREPARE_LOTS_MAX in all.
  return perCrop.flatMap((lots) => [...lots].sort((a, b) => a.lotID - b.lotID)).slice(0, PREPARE_LOTS_MAX);
}

/** POST /api/counters/{code}/prepare. A counter already prepared today gets its open preparation again. */
export async function prepare(code: string, input: PrepareInput, caller: Caller, audit: AuditTrail): Promise<PreparedReply> {
  const counter = await withRetry(() => store.getCounter(code));
  if (!counter) throw noCounter(code);
  const day = todayInIndia();
  if (counter.openPrep) {
    const open = await withRetry(() => store.getPrep(counter.openPrep!));
    if (open && open.day === day) return preparedReply(open, counter);
    throw conflict(
      `Counter ${code} still holds the preparation of ${open?.day ?? 'an earlier day'}: send its bills and reconcile it before preparing again`,
      { prepId: counter.openPrep },
    );
  }
  const list = await dueOfDay(day, counter.shifts);
  const cropIds = [...new Set(list.flatMap((r) => (r.cropId ? [r.cropId] : [])))];
  const fy = financialYearOf(day);
  for (let attempt = 0; attempt < 20; attempt++) {
    if (attempt > 0) await sleep(Math.random() * 40 + 5);
    const lots = (await lotsToFloat(input, cropIds)).filter(
      (l) => (l as { isActive?: boolean }).isActive !== false && l.remainingGrams > 0,
    );
    const seen = await withRetry(() => store.seriesValue(fy, code));
    const fromSeq = seen + 1;
    const toSeq = seen + counter.blockSize;
    if (toSeq > COUNTER_SEQ_MAX) throw conflict(`Counter ${code}'s series for this year is used up`);
    const prepId = store.prepIdOf(day, code, fromSeq);
    const at = saleClock().toISOString();
    const floats: Record<string, store.FloatItem> = {};
    for (const l of lots) {
      const grams = Math.min(counter.floatKg * 1000, l.remainingGrams);
      floats[store.floatAttr(l.lotID)] = { lotID: l.lotID, lotCode: l.lotCode, cropID: l.cropID, taken: grams, left: grams };
    }
    const prep: store.PrepItem = {
      ...store.prepKeyOfId(prepId)!,
      prepId,
      code,
      day,
      fyStart: fy,
      fromSeq,
      toSeq,
      preparedAt: at,
      preparedByUserId: caller.userID,
      preparedByName: caller.name,
      floats,
      bills: 0,
      conflicts: 0,
    };
    const T = tableName();
    const floatList = Object.values(floats);
    try {
      await docClient().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: T,
                Key: store.seriesCounterKey(fy, code),
                UpdateExpression: 'SET #v = :next',
                ConditionExpression: seen === 0 ? 'attribute_not_exists(#v)' : '#v = :seen',
                ExpressionAttributeNames: { '#v': 'value' },
                ExpressionAttributeValues: { ':next': toSeq, ...(seen === 0 ? {} : { ':seen': seen }) },
              },
            },
            {
              Update: {
                TableName: T,
                Key: store.counterKey(code),
                UpdateExpression: 'SET openPrep = :id',
                ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(openPrep)',
                ExpressionAttributeValues: { ':id': prepId },
              },
            },
            { Put: { TableName: T, Item: prep, ConditionExpression: 'attribute_not_exists(pk)' } },
            ...floatList.map((f) => ({
              Update: {
                TableName: T,
                Key: lotKey(f.lotID),
                UpdateExpression: `SET remainingGrams = remainingGrams - :g, usedGrams = usedGrams + :g, floatGrams = if_not_exists(floatGrams, :zero) + :g${
                  lots.find((l) => l.lotID === f.lotID)?.pooled ? '' : `, ${KEEP_POOL_BASE}`
                }`,
                ConditionExpression:
                  'attribute_exists(pk) AND remainingGrams >= :g AND cropID = :crop AND (attribute_not_exists(isActive) OR isActive = :t)',
                ExpressionAttributeValues: { ':g': f.taken, ':zero': 0, ':crop': f.cropID, ':t': true },
              },
            })),
            audit.put(
              { type: 'counter', id: code },
              {
                summary: `counter ${code} prepared for offline: numbers ${formatCounterInvoiceNumber(fy, code, fromSeq)} to ${formatCounterInvoiceNumber(fy, code, toSeq)}, ${floatList
                  .map((f) => `${gramsToKg(f.taken)} kg of lot ${f.lotCode}`)
                  .join(', ')}`,
              },
            ),
          ],
        }),
      );
      log.info('counter prepared', { code, prepId, lots: floatList.length });
      return preparedReply(prep, counter);
    } catch (e) {
      const reasons = cancellationReasons(e);
      if (!reasons.length) throw e;
      if (reasons[1]?.Code === 'ConditionalCheckFailed') {
        // Another request prepared this counter meanwhile: its preparation is the one.
        const now = await withRetry(() => store.getCounter(code));
        const open = now?.openPrep ? await withRetry(() => store.getPrep(now.openPrep!)) : undefined;
        if (open && now && open.day === day) return preparedReply(open, now);
        throw conflict(`Counter ${code} changed meanwhile: try again`);
      }
      // The series moved (another counter cannot share it, but a repeat of this one can) or a lot's stock
      // changed: read again and try with what is there now.
      log.debug('prepare retried', { code, reasons: reasons.map((r) => r?.Code) });
    }
  }
  throw new AppError('UNAVAILABLE', 'Preparing is busy right now; nothing was reserved. Try again.');
}

/** The preparation with the day's list for the counter's shifts (with each letter's code) and the supplier block. */
async function preparedReply(prep: store.PrepItem, counter: store.CounterItem): Promise<PreparedReply> {
  const [regs, supplier] = await Promise.all([
    dueOfDay(prep.day, counter.shifts),
    getSettings(['InstituteName', 'InstituteAddress', 'InstituteGSTIN']),
  ]);
  const crops = await withRetry(() => getCrops([...new Set(regs.flatMap((r) => (r.cropId ? [r.cropId] : [])))]));
  const rows: PreparedRow[] = regs.map((r) => {
    const crop = r.cropId ? crops.get(r.cropId) : undefined;
    return {
      registrationID: r.id,
      year: r.year,
      code: r.uniqeCode,
      name: r.name,
      mobileLast4: (r.mobileNumber ?? '').slice(-4),
      aadhaarLast4: r.aadhaarLast4 ?? '',
      village: r.village ?? '',
      cropID: r.cropId ?? null,
      cropName: r.cropName,
      cropNameHi: r.cropNameHi ?? '',
      bagsRequested: r.bagsRequested,
      unit: r.unit,
      saleLimit: saleLimit(crop ? rulesOfCrop(crop) : undefined, r),
      shift: r.appointmentShiftNumber ?? null,
      status: 'expected',
      invoiceNumber: null,
    };
  });
  return {
    preparation: await preparationView(prep),
    rows,
    supplier: { name: supplier.InstituteName, address: supplier.InstituteAddress, gstin: supplier.InstituteGSTIN },
    tokenPrefix: `C${prep.code}-`,
    sellerName: prep.preparedByName,
  };
}
