import { randomUUID } from 'node:crypto';
import { quantityLabel, requestedKg, rulesOfCrop, saleLimit, saleQuantityKg, type CropRules } from '@shared/crop-rules';
import { financialYearOf, formatInvoiceNumber, type MakeSaleInput, type MakeSaleReply } from '@shared/schemas/sales';
import type { AuditTrail } from '../lib/audit-log';
import type { Caller } from '../lib/caller';
import { isAdmin } from '../lib/caller-roles';
import { AppError, badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { takeTurns } from '../lib/in-process-turns';
import { log } from '../lib/log';
import { countMetric, countRefusal } from '../lib/metrics';
import { billDelta, reportCounterUpdate } from '../lib/report-counters';
import { cancellationReasons, isAmbiguous, sleep, withRetry } from '../lib/retry';
import { kolkataDay } from '../lib/stats';
import { getSettings } from '../lib/config-store';
import { hsnOfCrop } from '@shared/hsn';
import { getCrop, type CropItem } from '../crops/crop-entity';
import { getLot, type LotItem } from '../lots/lot-entity';
import { gramsToKg, kgToGrams, paiseToRupees } from '../lib/units';
import { getRegistration, isForCrop, type RegistrationItem } from '../registrations/registration-entity';
import * as repo from './repository';
import { saleClock } from './sale-clock';
import { type InvoiceItem, type InvoiceSupplier, getInvoice, invoiceIdOf } from './invoice-entity';
import { saleFailure } from './sale-cancellation';
import { statusOf, type AllocationStatus } from '@shared/allocation-status';
import { readPool } from '../allocation/pool';
import { newBillToken } from './bill-tokens';
import { dayClosedError } from './day-close';
import { saleDayUpdate } from './seller-day';

/**
 * Sales and bills (docs/product-rules.md#issue-seeds, docs/product-rules.md#bill-contents). Invariants kept here:
 * docs/invariants.md#3-lot-stock, docs/invariants.md#4-gapless-invoice-numbers and docs/invariants.md#5-billed-once.
 *
 * A sale reads the registration, the lot, its crop and the year's invoice counter, checks the rules for a
 * clear message, then commits one transaction (repository.commitSale) whose conditions are the real guard.
 * When another sale took the number first the transaction is cancelled on the counter alone and is tried
 * again with the next number (with jittered backoff, up to a deadline); conflicts and throttling are tried
 * again the same way. Nothing is consumed by a transaction that does not commit, so the sequence has no gaps.
 */

/** Time a sale may spend retrying for its number (the function times out at 10 s), and at most how often. */
export const saleRetryLimits = { deadlineMs: 8_000, maxAttempts: 400, takeTurnsInProcess: true };

/**
 * Sales of one Lambda instance never overlap (it serves one request at a time), but the local gateway and
 * the tests run every request in one process: there, sales of the same year take turns for their attempt
 * instead of failing each other's transactions. Across processes the counter's condition decides alone.
 */
const inProcessTurn = <T>(fy: number, fn: () => Promise<T>): Promise<T> =>
  saleRetryLimits.takeTurnsInProcess ? takeTurns(`sale#${fy}`, fn) : fn();

/** The highest sequence number this process has seen per financial year (a hint; the condition decides). */
const lastKnownSeq = new Map<number, number>();
function noteSeq(fy: number, seq: number): void {
  if ((lastKnownSeq.get(fy) ?? 0) < seq) lastKnownSeq.set(fy, seq);
}

export const billedMessage = (invoiceNumber: string | null | undefined) =>
  `Bill already generated, Bill Number ${invoiceNumber ?? ''}`.trim();
const busyError = () => new AppError('UNAVAILABLE', 'Billing is busy right now. No bill was made; please try again.');

/** Total in paise of `grams` at `pricePaise` per kg, rounded half up, in exact integer arithmetic. */
export function totalPaiseOf(grams: number, pricePaise: number): number {
  const product = BigInt(Math.round(grams)) * BigInt(Math.round(pricePaise));
  return Number((product + 500n) / 1000n);
}

/**
 * A sale above the registration's request (or the crop's maximum): refused unless an admin asks for it
 * explicitly (overRequested); a seller may not ask. Undefined when within the limit.
 */
function aboveRequest(
  input: MakeSaleInput,
  caller: Caller,
  rules: CropRules | undefined,
  reg: RegistrationItem,
): InvoiceItem['aboveRequest'] {
  if (input.overRequested && !isAdmin(caller)) {
    throw forbidden('Only an admin may sell more than the registration asked for. Sell at most the requested quantity.');
  }
  const limit = saleLimit(rules, reg);
  if (input.bags <= limit) return undefined;
  const unit = rules?.unit === 'bag' ? 'bag' : 'kg';
  if (!input.overRequested) {
    throw badRequest(
      `Quantity above the registration: at most ${quantityLabel(limit, unit, 'en')} without an admin's approval ` +
        `(requested ${quantityLabel(reg.bagsRequested, reg.unit, 'en')}, asked ${quantityLabel(input.bags, unit, 'en')}).`,
      { bags: `At most ${limit}` },
    );
  }
  return {
    requestedKg: requestedKg(rules, reg) ?? 0,
    limitKg: saleQuantityKg(rules, limit).quantityKg,
    byUserId: caller.userID,
    byName: caller.name,
  };
}

export function addressOf(r: RegistrationItem): string {
  return [r.village, r.blockName, r.subDistrict, r.district]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * What a bill says of the farmer, the seed, the quantity, the payment and the seller: the same for a sale at the
 * counter and a bill made offline (offline/offline-bill.ts); each adds its number, times and token.
 */
export function billedGoods(o: {
  reg: RegistrationItem;
  lot: LotItem;
  crop: CropItem;
  quantity: Pick<InvoiceItem, 'bags' | 'bagSizeKg'>;
  grams: number;
  totalPaise: number;
  payment: { paymentMode: InvoiceItem['paymentMode']; upiRef?: string };
  caller: Caller;
  supplier: InvoiceSupplier | undefined;
}) {
  const { reg, lot, crop } = o;
  return {
    farmerID: reg.farmerID ?? null,
    farmerName: reg.name,
    farmerAadhaarLast4: reg.aadhaarLast4 ?? '',
    farmerContact: reg.mobileNumber ?? '',
    farmerAddress: addressOf(reg),
    registrationID: reg.id,
    year: reg.year,
    lotID: lot.lotID,
    lotCode: lot.lotCode,
    cropID: lot.cropID,
    cropName: crop.cropName,
    ...(crop.cropNameHi ? { cropNameHi: crop.cropNameHi } : {}),
    bags: o.quantity.bags,
    bagSizeKg: o.quantity.bagSizeKg,
    quantityGrams: o.grams,
    pricePaise: lot.pricePaise,
    totalPaise: o.totalPaise,
    paymentMode: o.payment.paymentMode,
    ...(o.payment.upiRef ? { upiRef: o.payment.upiRef } : {}),
    createdByUserId: o.caller.userID,
    createdByName: o.caller.name,
    supplier: o.supplier,
    hsnCode: hsnOfCrop(crop),
  };
}

function notEnoughStock(lotCode: string, remainingGrams: number, grams: number): AppError {
  return conflict(`Not enough stock in lot ${lotCode}: ${gramsToKg(remainingGrams)} kg left, ${gramsToKg(grams)} kg asked`, {
    remaining: gramsToKg(remainingGrams),
  });
}

const cropMismatch = (regCrop: string, lotCode: string, lotCrop: string) =>
  badRequest(`Crop mismatch: the registration is for ${regCrop} but lot ${lotCode} is ${lotCrop}`, {
    lotID: 'Lot of another crop',
  });

/** Only a confirmed registration (or one stored before allocation) has seed promised to it to be billed. */
export function notBillable(status: Exclude<AllocationStatus, 'confirmed'>, waitlistPosition?: number): AppError {
  const at = waitlistPosition ? ` (स्थान ${waitlistPosition})` : '';
  const atEn = waitlistPosition ? ` (position ${waitlistPosition})` : '';
  const messages: Record<typeof status, string> = {
    waitlisted:
      `यह पंजीकरण प्रतीक्षा सूची में है${at}: इसे अभी बीज का वादा नहीं है, इसलिए इसका बिल नहीं बन सकता / ` +
      `This registration is on the waiting list${atEn}: no seed is promised to it yet, so it cannot be billed`,
    applied:
      'यह पंजीकरण ड्रॉ की प्रतीक्षा में है: इसे अभी बीज का वादा नहीं है, इसलिए इसका बिल नहीं बन सकता / ' +
      'This registration is waiting for the draw: no seed is promised to it yet, so it cannot be billed',
    expired:
      'यह पंजीकरण समाप्त हो चुका है (अंतिम दिन तक बीज नहीं लिया गया), इसलिए इसका बिल नहीं बन सकता / ' +
      'This registration expired (the seed was not collected by its last day), so it cannot be billed',
    cancelled: 'यह पंजीकरण रद्द हो चुका है, इसलिए इसका बिल नहीं बन सकता / This registration was cancelled, so it cannot be billed',
  };
  return conflict(messages[status], { status });
}

/** Grams beyond the registration's promise would come from stock promised to other farmers. */
async function promisedToOthers(cropID: number, lotYear: number, beyondGrams: number): Promise<AppError> {
  const free = await readPool(cropID, lotYear)
    .then((p) => gramsToKg(Math.max(0, p.freeGrams)))
    .catch(() => undefined);
  const beyondKg = gramsToKg(beyondGrams);
  const left = free === undefined ? '' : `; ${free} kg are free`;
  const leftHi = free === undefined ? '' : `; ${free} किलो खाली है`;
  return conflict(
    `इस फसल का बाकी स्टॉक दूसरे किसानों को देने का वादा हो चुका है: इस पंजीकरण के वादे से ${beyondKg} किलो अधिक नहीं दिया जा सकता${leftHi} / ` +
      `The rest of this crop's stock is promised to other farmers: ${beyondKg} kg beyond this registration's promise cannot be sold${left}`,
  );
}

/** The supplier block of a bill of supply, from the settings as they are now (read through, never a default in place of a failed read). */
export async function supplierNow(): Promise<InvoiceSupplier> {
  const s = await getSettings(['InstituteName', 'InstituteAddress', 'InstituteGSTIN']);
  return { name: s.InstituteName, address: s.InstituteAddress, gstin: s.InstituteGSTIN };
}

const inactiveLot = (lotCode: string) => badRequest(`Lot ${lotCode} is inactive`, { lotID: 'Lot is inactive' });

export const makeSale = (input: MakeSaleInput, caller: Caller, audit: AuditTrail) =>
  countRefusal('sales', 'SaleRefused', () => makeSaleOnce(input, caller, audit));
async function makeSaleOnce(input: MakeSaleInput, caller: Caller, audit: AuditTrail): Promise<MakeSaleReply> {
  const read = <T>(fn: () => Promise<T>) => withRetry(fn, { attempts: 5 });
  const [reg, lot] = await Promise.all([
    read(() => getRegistration(input.year, input.registrationID, true)),
    read(() => getLot(input.lotID, true)),
  ]);
  if (!reg) throw notFound(`Registration ${input.registrationID} of ${input.year} not found`);
  if (reg.isBilled) throw conflict(billedMessage(reg.invoiceNumber), { invoiceNumber: reg.invoiceNumber });
  const status = statusOf(reg);
  if (status !== 'confirmed') throw notBillable(status, reg.waitlistPosition);
  if (!lot) throw notFound(`Lot ${input.lotID} not found`);
  if ((lot as { isActive?: boolean }).isActive === false) throw inactiveLot(lot.lotCode);
  // The bill names the registration's farmer only; a farmerID sent for a registration without one names nobody.
  if (input.farmerID && input.farmerID !== reg.farmerID) {
    throw badRequest(`Farmer ${input.farmerID} is not the farmer of registration ${reg.id}`, {
      farmerID: 'Does not match the registration',
    });
  }
  const [crop, supplier] = await Promise.all([read(() => getCrop(lot.cropID)), read(supplierNow)]);
  if (!crop) throw badRequest(`The crop of lot ${lot.lotCode} no longer exists`, { lotID: 'Crop missing' });
  if (!isForCrop(reg, crop)) throw cropMismatch(reg.cropName, lot.lotCode, crop.cropName);

  const rules = rulesOfCrop(crop);
  const above = aboveRequest(input, caller, rules, reg);
  const q = saleQuantityKg(rules, input.bags, rules?.bagSizeKg);
  const grams = kgToGrams(q.quantityKg);
  if (lot.remainingGrams < grams) throw notEnoughStock(lot.lotCode, lot.remainingGrams, grams);
  // Registrations stored before allocation have no status and hold no promise (docs/decisions/0022-allocation.md, section 11).
  const promise = {
    grams: reg.status ? (reg.promisedGrams ?? 0) : 0,
    ...(reg.appointmentDate && reg.cropId !== undefined ? { dueDay: reg.appointmentDate } : {}),
  };
  const totalPaise = totalPaiseOf(grams, lot.pricePaise);

  const started = Date.now();
  // Marks this request's writes, so that a commit whose answer was lost is recognised as ours.
  const saleId = randomUUID();
  const verifyToken = newBillToken();
  const ok = (invoiceNumber: string, invoiceID: number, attempts: number): MakeSaleReply => {
    log.info('sale', { invoiceNumber, lotID: lot.lotID, registrationID: reg.id, year: reg.year, attempts });
    countMetric('sales', 'SaleCompleted');
    return { success: true, invoiceNumber, invoiceID, totalAmount: paiseToRupees(totalPaise), quantityKg: q.quantityKg };
  };
  let seen: number | undefined;
  for (let attempt = 0; attempt < saleRetryLimits.maxAttempts; attempt++) {
    if (attempt > 0) {
      if (Date.now() - started > saleRetryLimits.deadlineMs) break;
      // Full-jitter exponential backoff spreads the losers out so that most retries find the counter free.
      await sleep(Math.random() * Math.min(250, 8 * 2 ** Math.min(attempt, 6)) + 2);
    }
    const now = saleClock();
    const day = kolkataDay(now);
    const fy = financialYearOf(day);
    const outcome = await inProcessTurn(fy, async (): Promise<{ done?: MakeSaleReply; retry?: true }> => {
      // The freshest value this process knows (its own last commit), else a consistent read.
      const known = lastKnownSeq.get(fy);
      if (known !== undefined && (seen === undefined || known > seen)) seen = known;
      if (seen === undefined) seen = await read(() => repo.currentInvoiceSeq(fy));
      const seq = seen + 1;
      const invoiceNumber = formatInvoiceNumber(fy, seq);
      const generatedOn = now.toISOString();
      const invoice: InvoiceItem = {
        invoiceID: invoiceIdOf(fy, seq),
        invoiceNumber,
        fyStart: fy,
        seq,
        saleId,
        generatedOn,
        day,
        ...billedGoods({ reg, lot, crop, quantity: q, grams, totalPaise, payment: input, caller, supplier }),
        createdOn: generatedOn,
        verifyToken,
        ...(above ? { aboveRequest: above } : {}),
      };
      try {
        await repo.commitSale({
          invoice,
          seen,
          registrationYear: reg.year,
          grams,
          cropID: lot.cropID,
          at: now,
          lotYear: lot.year,
          lotPooled: lot.pooled === true,
          promise,
          scan: reg,
          report: reportCounterUpdate(reg, billDelta(invoice, 1), now),
          sellerDay: saleDayUpdate(
            day,
            { userID: caller.userID, name: caller.name },
            {
              bills: 1,
              grams,
              paise: totalPaise,
              paymentMode: input.paymentMode,
              invoiceNumber,
              ...(input.upiRef ? { upiRef: input.upiRef } : {}),
              cropID: lot.cropID,
              cropName: crop.cropName,
              ...(crop.cropNameHi ? { cropNameHi: crop.cropNameHi } : {}),
            },
          ),
          entry: audit.put(
            // By the bill's number, as its cancellation and requests are: one record filter finds them all.
            { type: 'invoice', id: invoiceNumber, year: reg.year },
            {
              // Words between numbers: a bill number next to a count would read as one 12-digit run and be redacted.
              summary: `bill ${invoiceNumber} of ${gramsToKg(grams)} kg from lot ${lot.lotCode} for registration ${reg.id} of ${reg.year}`,
              fields: [
                { field: `lot ${lot.lotCode} remainingGrams`, before: lot.remainingGrams, after: lot.remainingGrams - grams },
              ],
            },
          ),
        });
        noteSeq(fy, seq);
        return { done: ok(invoiceNumber, invoice.invoiceID, attempt + 1) };
      } catch (e) {
        const why = saleFailure(e, { saleId, cropID: lot.cropID });
        switch (why.kind) {
          case 'committed-earlier':
            return { done: await committedEarlier(why.invoiceNumber, attempt) };
          case 'registration-missing':
            throw notFound(`Registration ${reg.id} of ${reg.year} not found`);
          case 'day-closed':
            throw dayClosedError();
          case 'already-billed':
            throw conflict(billedMessage(why.invoiceNumber), { invoiceNumber: why.invoiceNumber });
          case 'not-billable':
            throw notBillable(why.status);
          case 'promised-to-others':
            throw await promisedToOthers(lot.cropID, lot.year, grams - (lot.year === reg.year ? promise.grams : 0));
          case 'lot-missing':
            throw notFound(`Lot ${lot.lotID} not found`);
          case 'lot-inactive':
            throw inactiveLot(lot.lotCode);
          case 'lot-moved':
            throw badRequest(`Lot ${lot.lotCode} was moved to another crop; reload and choose again`);
          case 'not-enough-stock':
            throw notEnoughStock(lot.lotCode, why.remainingGrams, grams);
          case 'number-taken':
            // Go on from the counter's current value (returned with the failure).
            seen = why.counter;
            if (seen !== undefined) noteSeq(fy, seen);
            return { retry: true };
          case 'invoice-exists':
            seen = seq;
            return { retry: true };
          case 'transient': {
            if (isAmbiguous(e)) {
              // The answer was lost: the transaction may have committed. The registration tells.
              const after = await read(() => getRegistration(reg.year, reg.id, true)).catch(() => undefined);
              if (after?.isBilled && (after as { billedSaleId?: string }).billedSaleId === saleId && after.invoiceNumber) {
                noteSeq(fy, seq);
                return { done: await committedEarlier(after.invoiceNumber, attempt) };
              }
            }
            const reasons = cancellationReasons(e).map((r) => r.Code);
            log.debug('sale retried', { name: (e as Error).name, reasons, attempt });
            seen = undefined;
            return { retry: true };
          }
          case 'unknown':
            throw e;
        }
      }
    });
    if (outcome.done) return outcome.done;
  }
  log.warn('sale refused: counter busy', { lotID: lot.lotID, registrationID: reg.id });
  throw busyError();

  async function committedEarlier(invoiceNumber: string, attempt: number): Promise<MakeSaleReply> {
    const inv = await read(() => getInvoice(invoiceNumber, true));
    return ok(invoiceNumber, inv?.invoiceID ?? 0, attempt + 1);
  }
}
