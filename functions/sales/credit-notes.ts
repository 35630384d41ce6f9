import { randomUUID } from 'node:crypto';
import {
  formatCreditNoteNumber,
  type CancelBillInput,
  type CancelBillReply,
  type CancelRequestInput,
  type CancelRequestListQuery,
  type CancelRequestListReply,
  type CancelRequestView,
  type RefuseCancelRequestInput,
} from '@shared/schemas/credit-notes';
import { financialYearOf } from '@shared/schemas/sales';
import type { AuditTrail } from '../lib/audit-log';
import type { Caller } from '../lib/caller';
import { AppError, conflict, notFound } from '../lib/errors';
import { takeTurns } from '../lib/in-process-turns';
import { log } from '../lib/log';
import { billDelta, reportCounterUpdate } from '../lib/report-counters';
import { cancellationReasons, isAmbiguous, isTransient, sleep, withRetry } from '../lib/retry';
import { kolkataDay } from '../lib/stats';
import { getLot } from '../lots/lot-entity';
import { gramsToKg, paiseToRupees } from '../lib/units';
import { getRegistration } from '../registrations/registration-entity';
import { reasonAttr } from './sale-cancellation';
import type { CancelRequestItem, CreditNoteItem } from './credit-note-entity';
import * as cn from './credit-notes-repository';
import { type InvoiceItem, getInvoice, invoiceNumberOfId } from './invoice-entity';
import { getSellerDay } from './seller-day';
import { newBillToken } from './bill-tokens';

/**
 * Cancelling a bill by credit note (docs/decisions/0023-records.md, section 1; docs/invariants.md#8-bills-cancelled-once-by-credit-note).
 * The cancel reads the bill, its registration and lot, then commits one transaction (cancelItems) whose
 * conditions are the real guard: the bill is cancelled once, the credit-note counter moves by one per
 * committed cancellation (gapless per financial year, as bills: a lost race on the counter alone is tried
 * again with the value the failure returns).
 */

let clock: () => Date = () => new Date();
export function setCreditNoteClockForTests(fn?: () => Date): void {
  clock = fn ?? (() => new Date());
}

export const cancelRetryLimits = { deadlineMs: 8_000, maxAttempts: 400 };

/** Cancellations of one process take turns per financial year (as sales do; across processes the counter decides). */
const inProcessTurn = <T>(fy: number, fn: () => Promise<T>): Promise<T> => takeTurns(`credit-note#${fy}`, fn);
const lastKnownSeq = new Map<number, number>();
const noteSeq = (fy: number, seq: number) => {
  if ((lastKnownSeq.get(fy) ?? 0) < seq) lastKnownSeq.set(fy, seq);
};

export const alreadyCancelled = (invoiceNumber: string, creditNoteNumber: string | undefined) =>
  conflict(`Bill ${invoiceNumber} is already cancelled by credit note ${creditNoteNumber ?? ''}`.trim(), {
    creditNoteNumber: creditNoteNumber ?? null,
  });

const busy = () => new AppError('UNAVAILABLE', 'Cancellations are busy right now. Nothing was cancelled; please try again.');

/** The bill of a staff id (fyStart * 10^7 + sequence). */
async function billById(invoiceID: number, consistent = false): Promise<InvoiceItem> {
  const number = invoiceNumberOfId(invoiceID);
  const inv = number ? await withRetry(() => getInvoice(number, consistent)) : undefined;
  if (!inv) throw notFound(`Bill ${invoiceID} not found`);
  return inv;
}

export async function cancelBill(
  invoiceID: number,
  input: CancelBillInput,
  caller: Caller,
  audit: AuditTrail,
): Promise<CancelBillReply> {
  const read = <T>(fn: () => Promise<T>) => withRetry(fn, { attempts: 5 });
  const inv = await billById(invoiceID, true);
  if (inv.status === 'cancelled') throw alreadyCancelled(inv.invoiceNumber, inv.creditNoteNumber);
  const [reg, lot] = await Promise.all([
    read(() => getRegistration(inv.year, inv.registrationID, true)),
    read(() => getLot(inv.lotID, true)),
  ]);
  if (!reg || !reg.isBilled || reg.invoiceNumber !== inv.invoiceNumber) {
    // A cancellation that committed between the two reads: the bill tells.
    const now = await billById(invoiceID, true);
    if (now.status === 'cancelled') throw alreadyCancelled(now.invoiceNumber, now.creditNoteNumber);
    throw conflict(`Registration ${inv.registrationID} is not billed by ${inv.invoiceNumber}; the bill cannot be cancelled`);
  }
  if (!lot) throw conflict(`Lot ${inv.lotCode} of the bill no longer exists; the bill cannot be cancelled`);
  const promisedGrams = reg.status ? (reg.promisedGrams ?? 0) : 0;
  const dueDay = reg.appointmentDate && reg.cropId !== undefined ? reg.appointmentDate : undefined;

  const cancelId = randomUUID();
  const verifyToken = newBillToken();
  const started = Date.now();
  let seen: number | undefined;
  for (let attempt = 0; attempt < cancelRetryLimits.maxAttempts; attempt++) {
    if (attempt > 0) {
      if (Date.now() - started > cancelRetryLimits.deadlineMs) break;
      await sleep(Math.random() * Math.min(250, 8 * 2 ** Math.min(attempt, 6)) + 2);
    }
    const now = clock();
    const fy = financialYearOf(kolkataDay(now));
    const outcome = await inProcessTurn(fy, async (): Promise<{ done?: CancelBillReply; retry?: true }> => {
      const known = lastKnownSeq.get(fy);
      if (known !== undefined && (seen === undefined || known > seen)) seen = known;
      if (seen === undefined) seen = await read(() => cn.currentCreditNoteSeq(fy));
      const openRequestId = await read(() => cn.openRequestOf(inv.invoiceNumber));
      if (input.requestId && input.requestId !== openRequestId)
        throw conflict(`Request ${input.requestId} is not an open request to cancel bill ${inv.invoiceNumber}`);
      // The bill's seller-day goes down by the bill only while open; a closed day's figures stay as closed.
      const billDay = await read(() => getSellerDay(inv.day, inv.createdByUserId));
      const deductFromDay = Boolean(billDay && !billDay.closedAt);
      const seq = seen + 1;
      const note: CreditNoteItem = {
        creditNoteNumber: formatCreditNoteNumber(fy, seq),
        fyStart: fy,
        seq,
        issuedOn: now.toISOString(),
        day: kolkataDay(now),
        invoiceNumber: inv.invoiceNumber,
        invoiceID: inv.invoiceID,
        invoiceDate: inv.generatedOn,
        farmerName: inv.farmerName,
        farmerAddress: inv.farmerAddress ?? '',
        registrationID: inv.registrationID,
        year: inv.year,
        lotID: inv.lotID,
        lotCode: inv.lotCode,
        cropID: inv.cropID,
        cropName: inv.cropName,
        ...(inv.cropNameHi ? { cropNameHi: inv.cropNameHi } : {}),
        bags: inv.bags,
        bagSizeKg: inv.bagSizeKg,
        quantityGrams: inv.quantityGrams,
        pricePaise: inv.pricePaise,
        totalPaise: inv.totalPaise,
        paymentMode: inv.paymentMode,
        promisedGrams,
        reason: input.reason,
        issuedByUserId: caller.userID,
        issuedByName: caller.name,
        ...(openRequestId ? { requestId: openRequestId } : {}),
        verifyToken,
        billSellerUserId: inv.createdByUserId,
        deductedFromDay: deductFromDay,
      };
      const { items, at } = cn.cancelItems({
        note,
        invoice: inv,
        seen,
        cancelId,
        lotYear: lot.year,
        lotPooled: lot.pooled === true,
        lotGrams: { used: lot.usedGrams, remaining: lot.remainingGrams },
        ...(dueDay ? { dueDay, cropIdOfRegistration: reg.cropId } : {}),
        ...(openRequestId ? { openRequestId } : {}),
        deductFromDay,
        at: now,
        report: reportCounterUpdate(reg, billDelta(inv, -1), now),
        audit,
      });
      try {
        await cn.commitCancel(items);
        noteSeq(fy, seq);
        log.info('bill cancelled', {
          invoiceNumber: inv.invoiceNumber,
          creditNoteNumber: note.creditNoteNumber,
          attempts: attempt + 1,
        });
        return { done: replyOf(note) };
      } catch (e) {
        const reasons = cancellationReasons(e);
        const failed = (i: number) => reasons[i]?.Code === 'ConditionalCheckFailed';
        const old = (i: number, name: string) => reasonAttr((reasons[i] as { Item?: unknown } | undefined)?.Item, name);
        if (failed(at.bill)) {
          if (old(at.bill, 'pk') === undefined) throw notFound(`Bill ${inv.invoiceNumber} not found`);
          if (old(at.bill, 'cancelId') === cancelId) return { done: await committedEarlier() };
          throw alreadyCancelled(inv.invoiceNumber, old(at.bill, 'creditNoteNumber') as string | undefined);
        }
        if (failed(at.registration))
          throw conflict(`Registration ${inv.registrationID} is no longer billed by ${inv.invoiceNumber}; nothing was cancelled`);
        if (failed(at.lot)) throw conflict(`Lot ${inv.lotCode} cannot take the bill's grams back; nothing was cancelled`);
        if (at.pools.some(failed))
          throw conflict(
            `The registration's promise cannot be held again: the crop's free stock is promised to other farmers; nothing was cancelled`,
          );
        if (at.request.some(failed)) {
          // A request was opened or decided meanwhile: read it again.
          if (input.requestId) throw conflict(`Request ${input.requestId} was decided meanwhile; nothing was cancelled`);
          return { retry: true };
        }
        // The bill's day was closed meanwhile: read it again (the credit note then leaves it as closed).
        if (at.sellerDay !== undefined && failed(at.sellerDay)) return { retry: true };
        if (failed(at.counter)) {
          const v = old(at.counter, 'value');
          seen = v === undefined || v === null ? undefined : Number(v);
          if (seen !== undefined) noteSeq(fy, seen);
          return { retry: true };
        }
        if (failed(at.creditNote)) {
          seen = seq;
          return { retry: true };
        }
        if (isTransient(e) || isAmbiguous(e) || reasons.length) {
          if (isAmbiguous(e)) {
            const after = await read(() => getInvoice(inv.invoiceNumber, true)).catch(() => undefined);
            if (after?.cancelId === cancelId) return { done: await committedEarlier() };
          }
          seen = undefined;
          return { retry: true };
        }
        throw e;
      }
    });
    if (outcome.done) return outcome.done;
  }
  log.warn('cancellation refused: counter busy', { invoiceNumber: inv.invoiceNumber });
  throw busy();

  async function committedEarlier(): Promise<CancelBillReply> {
    const after = await read(() => getInvoice(inv.invoiceNumber, true));
    const note = after?.creditNoteNumber ? await read(() => cn.getCreditNote(after.creditNoteNumber!, true)) : undefined;
    if (!note) throw busy();
    return replyOf(note);
  }
}

const replyOf = (n: CreditNoteItem): CancelBillReply => ({
  creditNoteNumber: n.creditNoteNumber,
  invoiceNumber: n.invoiceNumber,
  cancelledOn: n.issuedOn,
  creditNoteToken: n.verifyToken,
});

// ---- requests ----

const requestView = (r: CancelRequestItem): CancelRequestView => ({
  id: r.id,
  invoiceID: r.invoiceID,
  invoiceNumber: r.invoiceNumber,
  totalAmount: paiseToRupees(r.totalPaise),
  quantityKg: gramsToKg(r.quantityGrams),
  farmerName: r.farmerName,
  requestedByUserId: r.requestedByUserId,
  requestedByName: r.requestedByName,
  requestedOn: r.requestedOn,
  reason: r.reason,
  status: r.status,
  ...(r.decidedOn ? { decidedOn: r.decidedOn } : {}),
  ...(r.decidedByName ? { decidedByName: r.decidedByName } : {}),
  ...(r.note ? { note: r.note } : {}),
  ...(r.creditNoteNumber ? { creditNoteNumber: r.creditNoteNumber } : {}),
});

export async function requestCancel(
  invoiceID: number,
  input: CancelRequestInput,
  caller: Caller,
  audit: AuditTrail,
): Promise<CancelRequestView> {
  const inv = await billById(invoiceID, true);
  if (inv.status === 'cancelled') throw alreadyCancelled(inv.invoiceNumber, inv.creditNoteNumber);
  const r: CancelRequestItem = {
    id: randomUUID(),
    invoiceNumber: inv.invoiceNumber,
    invoiceID: inv.invoiceID,
    totalPaise: inv.totalPaise,
    quantityGrams: inv.quantityGrams,
    farmerName: inv.farmerName,
    requestedByUserId: caller.userID,
    requestedByName: caller.name,
    requestedOn: clock().toISOString(),
    reason: input.reason,
    status: 'open',
  };
  try {
    await withRetry(() => cn.commitCancelRequest(r, audit), { attempts: 5 });
  } catch (e) {
    const reasons = cancellationReasons(e);
    const failed = (i: number) => reasons[i]?.Code === 'ConditionalCheckFailed';
    const old = (i: number, name: string) => reasonAttr((reasons[i] as { Item?: unknown } | undefined)?.Item, name);
    if (failed(cn.REQUEST_TX.bill)) {
      if (old(cn.REQUEST_TX.bill, 'pk') === undefined) throw notFound(`Bill ${inv.invoiceNumber} not found`);
      throw alreadyCancelled(inv.invoiceNumber, old(cn.REQUEST_TX.bill, 'creditNoteNumber') as string | undefined);
    }
    if (failed(cn.REQUEST_TX.marker))
      throw conflict(`A request to cancel bill ${inv.invoiceNumber} is already open`, {
        requestId: (old(cn.REQUEST_TX.marker, 'requestId') as string | undefined) ?? null,
      });
    throw e;
  }
  return requestView(r);
}

export async function refuseRequest(
  id: string,
  input: RefuseCancelRequestInput,
  caller: Caller,
  audit: AuditTrail,
): Promise<CancelRequestView> {
  const r = await withRetry(() => cn.getCancelRequest(id, true));
  if (!r) throw notFound(`Request ${id} not found`);
  if (r.status !== 'open') throw conflict(`Request ${id} is already ${r.status}`, { status: r.status });
  const decided = { on: clock().toISOString(), userID: caller.userID, name: caller.name, note: input.note };
  try {
    await withRetry(() => cn.commitRefusal(r, decided, audit), { attempts: 5 });
  } catch (e) {
    if (cancellationReasons(e).some((x) => x.Code === 'ConditionalCheckFailed')) {
      const now = await withRetry(() => cn.getCancelRequest(id, true));
      throw conflict(`Request ${id} is already ${now?.status ?? 'decided'}`, { status: now?.status ?? null });
    }
    throw e;
  }
  return requestView({
    ...r,
    status: 'refused',
    decidedOn: decided.on,
    decidedByUserId: decided.userID,
    decidedByName: decided.name,
    note: decided.note,
  });
}

/** Requests held at most (a season sees a handful; the list reads them all and filters). */
export const REQUEST_LIST_CAP = 2_000;

export async function listRequests(q: CancelRequestListQuery): Promise<CancelRequestListReply> {
  const { items } = await cn.listCancelRequests(REQUEST_LIST_CAP);
  const matches = items.filter((r) => !q.status || r.status === q.status).map(requestView);
  return { items: matches, total: matches.length };
}

// ---- reading credit notes ----
