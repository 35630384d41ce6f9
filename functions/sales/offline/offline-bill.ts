import { rulesOfCrop, saleLimit, saleQuantityKg } from '@shared/crop-rules';
import { statusOf } from '@shared/allocation-status';
import { parseCounterInvoiceNumber, type ConflictKind, type OfflineSaleAction } from '@shared/schemas/offline-counter';
import type { AuditTrail } from '../../lib/audit-log';
import type { TransactItem } from '../../lib/audited-write';
import type { Caller } from '../../lib/caller';
import { withRetry } from '../../lib/retry';
import { billDelta, reportCounterUpdate } from '../../lib/report-counters';
import { kolkataDay } from '../../lib/stats';
import { gramsToKg, kgToGrams } from '../../lib/units';
import { getCrop, type CropItem } from '../../crops/crop-entity';
import { getLot, type LotItem } from '../../lots/lot-entity';
import { getRegistration, isForCrop, type RegistrationItem } from '../../registrations/registration-entity';
import { counterInvoiceIdOf, type InvoiceItem } from '../invoice-entity';
import { billedGoods, supplierNow, totalPaiseOf } from '../make-sale';
import type { SaleWrite } from '../repository';
import { saleDayUpdate } from '../seller-day';
import type { ConflictItem, PrepItem } from './store';

/**
 * What an offline bill is made of, read fresh from the table: the bill as the online sale would write it (the
 * number from the counter's block, the time it was printed), or why it cannot be applied now (a conflict).
 */

export interface OfflineSource {
  number: string;
  key: string;
  printedAt: string;
  verifyToken: string;
  offlineToken?: string;
  registrationID: number;
  year: number;
  lotID: number;
  bags: number;
  paymentMode: OfflineSaleAction['paymentMode'];
  upiRef?: string;
}

export const sourceOfAction = (a: OfflineSaleAction): OfflineSource => ({
  number: a.invoiceNumber,
  key: a.key,
  printedAt: a.printedAt,
  verifyToken: a.verifyToken,
  ...(a.token ? { offlineToken: a.token } : {}),
  registrationID: a.registrationID,
  year: a.year,
  lotID: a.lotID,
  bags: a.bags,
  paymentMode: a.paymentMode,
  ...(a.upiRef ? { upiRef: a.upiRef } : {}),
});

export const sourceOfConflict = (c: ConflictItem): OfflineSource => ({
  number: c.invoiceNumber,
  key: c.key,
  printedAt: c.printedAt,
  verifyToken: c.verifyToken,
  ...(c.offlineToken ? { offlineToken: c.offlineToken } : {}),
  registrationID: c.registrationID,
  year: c.year,
  lotID: c.lotID,
  bags: c.bags,
  paymentMode: c.paymentMode,
  ...(c.upiRef ? { upiRef: c.upiRef } : {}),
});

export interface Drafted {
  reg?: RegistrationItem;
  lot?: LotItem;
  crop?: CropItem;
  /** Grams and paise the printed bill says (best known when the lot or crop is missing). */
  grams: number;
  totalPaise: number;
  /** Why it cannot be applied, when it cannot. */
  refusal?: { kind: ConflictKind; message: string; otherInvoiceNumber?: string };
  /** The sale's write (without the number's and the stock's items, which the caller sets). */
  write?: SaleWrite;
}

const refuse = (kind: ConflictKind, message: string, otherInvoiceNumber?: string) => ({
  kind,
  message,
  ...(otherInvoiceNumber ? { otherInvoiceNumber } : {}),
});

/**
 * The bill of `src` as the online sale would write it, with the same checks (registration billable, lot of its
 * crop, quantity within the request), or the refusal that makes it a conflict. `prep` given: the grams must be
 * within the counter's float of the lot.
 */
export async function draftOfflineBill(
  src: OfflineSource,
  caller: Caller,
  audit: AuditTrail,
  o: { prep?: PrepItem; now: Date; summary: string; forCancel?: boolean },
): Promise<Drafted> {
  const read = <T>(fn: () => Promise<T>) => withRetry(fn, { attempts: 5 });
  const [reg, lot] = await Promise.all([
    read(() => getRegistration(src.year, src.registrationID, true)),
    read(() => getLot(src.lotID, true)),
  ]);
  const crop = lot ? await read(() => getCrop(lot.cropID)) : undefined;
  const rules = crop ? rulesOfCrop(crop) : undefined;
  const q = saleQuantityKg(rules, src.bags, rules?.bagSizeKg);
  const grams = kgToGrams(q.quantityKg);
  const totalPaise = lot ? totalPaiseOf(grams, lot.pricePaise) : 0;
  const base = { reg, lot, crop, grams, totalPaise };
  if (!reg)
    return {
      ...base,
      refusal: refuse('registration-not-billable', `Registration ${src.registrationID} of ${src.year} not found`),
    };
  if (reg.isBilled && !o.forCancel)
    return {
      ...base,
      refusal: refuse(
        'billed-elsewhere',
        `Registration ${reg.id} was billed meanwhile by ${reg.invoiceNumber ?? 'another bill'}`,
        reg.invoiceNumber ?? undefined,
      ),
    };
  const status = statusOf(reg);
  if (status !== 'confirmed' && !o.forCancel)
    return { ...base, refusal: refuse('registration-not-billable', `Registration ${reg.id} is ${status}: it cannot be billed`) };
  if (!lot || !crop) return { ...base, refusal: refuse('refused', `Lot ${src.lotID} or its crop no longer exists`) };
  if (!isForCrop(reg, crop))
    return {
      ...base,
      refusal: refuse('refused', `The registration is for ${reg.cropName} but lot ${lot.lotCode} is ${crop.cropName}`),
    };
  const limit = saleLimit(rules, reg);
  if (src.bags > limit && !o.forCancel)
    return {
      ...base,
      refusal: refuse('refused', `Quantity above the registration: at most ${limit} without an admin's approval`),
    };
  if (o.prep && !o.prep.closedAt) {
    const f = o.prep.floats?.[`L${lot.lotID}`];
    if (!f || f.left < grams)
      return {
        ...base,
        refusal: refuse(
          'float-exceeded',
          `The counter's float of lot ${lot.lotCode} holds ${gramsToKg(f?.left ?? 0)} kg; the bill is for ${gramsToKg(grams)} kg`,
        ),
      };
  }
  const parsed = parseCounterInvoiceNumber(src.number)!;
  const supplier = await read(supplierNow);
  // The time printed, but never before the preparation nor after now (a counter's clock may be wrong).
  const printed = Date.parse(src.printedAt);
  const floor = o.prep ? Date.parse(o.prep.preparedAt) : 0;
  const generated = new Date(Math.min(o.now.getTime(), Math.max(floor, Number.isNaN(printed) ? o.now.getTime() : printed)));
  const generatedOn = generated.toISOString();
  const day = kolkataDay(generated);
  const invoice: InvoiceItem = {
    invoiceID: counterInvoiceIdOf(parsed.fyStart, parsed.code, parsed.seq),
    invoiceNumber: src.number,
    fyStart: parsed.fyStart,
    seq: parsed.seq,
    saleId: src.key,
    generatedOn,
    day,
    ...billedGoods({ reg, lot, crop, quantity: q, grams, totalPaise, payment: src, caller, supplier }),
    createdOn: o.now.toISOString(),
    verifyToken: src.verifyToken,
    series: parsed.code,
    ...(o.prep ? { offlinePrepId: o.prep.prepId } : {}),
    ...(src.offlineToken ? { offlineToken: src.offlineToken } : {}),
  };
  const promise = {
    grams: reg.status ? (reg.promisedGrams ?? 0) : 0,
    ...(reg.appointmentDate && reg.cropId !== undefined ? { dueDay: reg.appointmentDate } : {}),
  };
  const entry: TransactItem = audit.put(
    { type: 'invoice', id: src.number, year: reg.year },
    {
      summary: `${o.summary}: bill ${src.number} of ${gramsToKg(grams)} kg from lot ${lot.lotCode} for registration ${reg.id} of ${reg.year}`,
    },
  );
  const write: SaleWrite = {
    invoice,
    seen: 0,
    registrationYear: reg.year,
    grams,
    cropID: lot.cropID,
    at: generated,
    lotYear: lot.year,
    lotPooled: lot.pooled === true,
    promise,
    scan: reg,
    report: reportCounterUpdate(reg, billDelta(invoice, 1), generated),
    sellerDay: saleDayUpdate(
      day,
      { userID: caller.userID, name: caller.name },
      {
        bills: 1,
        grams,
        paise: totalPaise,
        paymentMode: src.paymentMode,
        invoiceNumber: src.number,
        ...(src.upiRef ? { upiRef: src.upiRef } : {}),
        cropID: lot.cropID,
        cropName: crop.cropName,
        ...(crop.cropNameHi ? { cropNameHi: crop.cropNameHi } : {}),
      },
    ),
    entry,
  };
  return { ...base, write };
}
