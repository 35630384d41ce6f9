import { randomUUID } from 'node:crypto';
import type { ConflictListReply, ConflictView, ResolveConflictInput } from '@shared/schemas/offline-counter';
import { formatCreditNoteNumber } from '@shared/schemas/credit-notes';
import { financialYearOf } from '@shared/schemas/sales';
import type { AuditTrail } from '../../lib/audit-log';
import { docClient, tableName } from '../../lib/aws';
import type { Caller } from '../../lib/caller';
import { TransactWriteCommand } from '../../lib/dynamo-commands';
import { AppError, conflict, notFound } from '../../lib/errors';
import { takeTurns } from '../../lib/in-process-turns';
import { log } from '../../lib/log';
import { cancellationReasons, sleep, withRetry } from '../../lib/retry';
import { billDelta, reportCounterUpdate } from '../../lib/report-counters';
import { kolkataDay } from '../../lib/stats';
import { gramsToKg, paiseToRupees } from '../../lib/units';
import { saleClock } from '../sale-clock';
import { newBillToken } from '../bill-tokens';
import { creditNoteCounterKey, creditNoteEntity, type CreditNoteItem } from '../credit-note-entity';
import { currentCreditNoteSeq } from '../credit-notes-repository';
import { invoiceEntity } from '../invoice-entity';
import { dayClosedError } from '../day-close';
import { SALE_TX, saleItems } from '../repository';
import { saleFailure } from '../sale-cancellation';
import { draftOfflineBill, sourceOfConflict } from './offline-bill';
import * as store from './store';

/**
 * The admins' conflicts list (docs/decisions/0048-offline-counter.md, "Conflicts"): an offline bill that could not
 * be applied keeps its printed number here until an admin resolves it, audited, in one of two ways:
 *  - keep: the bill is made as printed, its kg taken from the lot's remaining stock, in the online sale's
 *    transaction (the conflict's status is that transaction's first item). Only while its registration can
 *    still be billed: a registration is billed at most once (docs/invariants.md#5-billed-once);
 *  - cancel: the bill is recorded as printed and cancelled at once by a credit note of the year's series, in
 *    one transaction, with no stock moved (the seed came back, or never left).
 * Either way the printed number ends as a bill, so the counter's series stays gapless.
 */

export function conflictView(c: store.ConflictItem): ConflictView {
  return {
    invoiceNumber: c.invoiceNumber,
    kind: c.kind,
    message: c.message,
    status: c.status,
    code: c.code,
    prepId: c.prepId,
    printedAt: c.printedAt,
    sellerName: c.sellerName,
    registrationID: c.registrationID,
    year: c.year,
    farmerName: c.farmerName,
    lotID: c.lotID,
    lotCode: c.lotCode,
    kg: gramsToKg(c.quantityGrams),
    amount: paiseToRupees(c.totalPaise),
    otherInvoiceNumber: c.otherInvoiceNumber ?? null,
    resolvedAt: c.resolvedAt ?? null,
    resolvedByName: c.resolvedByName ?? null,
    resolutionReason: c.resolutionReason ?? null,
    creditNoteNumber: c.creditNoteNumber ?? null,
  };
}

/** GET /api/offline-conflicts. */
export async function listConflictViews(status: store.ConflictStatus | 'all' | 'resolved'): Promise<ConflictListReply> {
  const items =
    status === 'resolved'
      ? [...(await store.listConflicts('kept')), ...(await store.listConflicts('cancelled'))]
      : await withRetry(() => store.listConflicts(status));
  return { items: items.map(conflictView) };
}

const resolvedAlready = (c: store.ConflictItem) =>
  conflict(`Conflict ${c.invoiceNumber} is already resolved (${c.status}${c.resolvedByName ? ` by ${c.resolvedByName}` : ''})`, {
    status: c.status,
  });

/** The conflict's status moves from open to `to`, only if it is still open: the resolving transaction's first item. */
function resolveItem(c: store.ConflictItem, to: 'kept' | 'cancelled', caller: Caller, reason: string, at: string, cn?: string) {
  const idx = store.conflictIndex(to, c.printedAt, c.invoiceNumber);
  return {
    Update: {
      TableName: tableName(),
      Key: store.conflictKey(c.invoiceNumber),
      UpdateExpression: `SET #s = :to, resolvedAt = :at, resolvedByUserId = :uid, resolvedByName = :un, resolutionReason = :r, gsi1sk = :sk${cn ? ', creditNoteNumber = :cn' : ''}`,
      ConditionExpression: '#s = :open',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':to': to,
        ':open': 'open',
        ':at': at,
        ':uid': caller.userID,
        ':un': caller.name,
        ':r': reason,
        ':sk': idx.gsi1sk,
        ...(cn ? { ':cn': cn } : {}),
      },
    },
  };
}

/** POST /api/offline-conflicts/{number}/resolve. */
export async function resolveConflict(
  number: string,
  input: ResolveConflictInput,
  caller: Caller,
  audit: AuditTrail,
): Promise<ConflictView> {
  const c = await withRetry(() => store.getConflict(number));
  if (!c) throw notFound(`No offline conflict ${number}`);
  if (c.status !== 'open') throw resolvedAlready(c);
  if (input.resolution === 'keep') await keep(c, input.reason, caller, audit);
  else await cancelByCreditNote(c, input.reason, caller, audit);
  const after = await withRetry(() => store.getConflict(number));
  return conflictView(after ?? c);
}

/** The bill's seller is the one who printed it; the audit entry names the admin who resolved. */
const sellerOf = (c: store.ConflictItem, caller: Caller): Caller => ({ ...caller, userID: c.sellerUserId, name: c.sellerName });

async function keep(c: store.ConflictItem, reason: string, caller: Caller, audit: AuditTrail): Promise<void> {
  const now = saleClock();
  const d = await draftOfflineBill(sourceOfConflict(c), sellerOf(c, caller), audit, {
    now,
    summary: `offline conflict kept (${reason})`,
  });
  if (d.refusal)
    throw conflict(
      `The bill cannot be kept: ${d.refusal.message}. Cancel it by credit note${d.refusal.kind === 'billed-elsewhere' ? ', or cancel the other bill first' : ''}.`,
      { kind: d.refusal.kind },
    );
  const w = d.write!;
  const items = saleItems(w);
  items[SALE_TX.counter] = resolveItem(c, 'kept', caller, reason, now.toISOString());
  try {
    await docClient().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (!cancellationReasons(e).length) throw e;
    if (cancellationReasons(e)[SALE_TX.counter]?.Code === 'ConditionalCheckFailed') {
      const now2 = await withRetry(() => store.getConflict(c.invoiceNumber));
      throw resolvedAlready(now2 ?? c);
    }
    const why = saleFailure(e, { saleId: c.key, cropID: w.cropID });
    if (why.kind === 'day-closed') throw dayClosedError();
    if (why.kind === 'not-enough-stock')
      throw conflict(
        `Lot ${c.lotCode} has ${gramsToKg(why.remainingGrams)} kg left: the bill's ${gramsToKg(w.grams)} kg cannot be kept`,
      );
    if (why.kind === 'already-billed')
      throw conflict(`Registration ${c.registrationID} was billed meanwhile: cancel this bill by credit note`);
    throw new AppError('UNAVAILABLE', 'The conflict could not be resolved now; nothing changed. Try again.');
  }
  log.info('offline conflict kept', { number: c.invoiceNumber });
}

async function cancelByCreditNote(c: store.ConflictItem, reason: string, caller: Caller, audit: AuditTrail): Promise<void> {
  const now = saleClock();
  const d = await draftOfflineBill(sourceOfConflict(c), sellerOf(c, caller), audit, {
    now,
    summary: `offline conflict cancelled by credit note (${reason})`,
    forCancel: true,
  });
  if (!d.write) throw conflict(`The bill cannot be recorded: ${d.refusal?.message ?? 'its lot or registration is gone'}`);
  const inv = d.write.invoice;
  const reg = d.reg;
  const fy = financialYearOf(kolkataDay(now));
  // The reports count a bill on the day it was printed and its credit note on the day it was issued, as for a bill
  // cancelled online; on one day the two cancel out and nothing is written.
  const reportItems =
    reg && kolkataDay(new Date(inv.generatedOn)) !== kolkataDay(now)
      ? [reportCounterUpdate(reg, billDelta(inv, 1), inv.generatedOn), reportCounterUpdate(reg, billDelta(inv, -1), now)]
      : [];
  // Credit notes of a year take turns in this process, as the cancellations do (credit-notes.ts).
  for (let attempt = 0; attempt < 60; attempt++) {
    if (attempt > 0) await sleep(Math.random() * Math.min(200, 8 * 2 ** Math.min(attempt, 5)) + 2);
    const done = await takeTurns(`credit-note#${fy}`, async () => {
      const seen = await withRetry(() => currentCreditNoteSeq(fy));
      const seq = seen + 1;
      const creditNoteNumber = formatCreditNoteNumber(fy, seq);
      const at = now.toISOString();
      const note: CreditNoteItem = {
        creditNoteNumber,
        fyStart: fy,
        seq,
        issuedOn: at,
        day: kolkataDay(now),
        invoiceNumber: inv.invoiceNumber,
        invoiceID: inv.invoiceID,
        invoiceDate: inv.generatedOn,
        farmerName: inv.farmerName,
        farmerAddress: inv.farmerAddress,
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
        promisedGrams: 0,
        reason,
        issuedByUserId: caller.userID,
        issuedByName: caller.name,
        verifyToken: newBillToken(),
        billSellerUserId: inv.createdByUserId,
        deductedFromDay: false,
      };
      const bill = {
        ...inv,
        status: 'cancelled' as const,
        cancelledOn: at,
        cancelReason: reason,
        creditNoteNumber,
        cancelledByUserId: caller.userID,
        cancelledByName: caller.name,
        cancelId: randomUUID(),
      };
      const T = tableName();
      try {
        await docClient().send(
          new TransactWriteCommand({
            TransactItems: [
              resolveItem(c, 'cancelled', caller, reason, at, creditNoteNumber),
              {
                Update: {
                  TableName: T,
                  Key: creditNoteCounterKey(fy),
                  UpdateExpression: 'SET #v = :next',
                  ConditionExpression: seen === 0 ? 'attribute_not_exists(#v)' : '#v = :seen',
                  ExpressionAttributeNames: { '#v': 'value' },
                  ExpressionAttributeValues: { ':next': seq, ...(seen === 0 ? {} : { ':seen': seen }) },
                },
              },
              { Put: { TableName: T, Item: creditNoteEntity.toItem(note), ConditionExpression: 'attribute_not_exists(pk)' } },
              { Put: { TableName: T, Item: invoiceEntity.toItem(bill), ConditionExpression: 'attribute_not_exists(pk)' } },
              ...reportItems,
              audit.put(
                { type: 'invoice', id: inv.invoiceNumber, year: inv.year },
                {
                  summary: `offline bill ${inv.invoiceNumber} recorded and cancelled by credit note ${creditNoteNumber}: ${reason}`,
                },
              ),
            ],
          }),
        );
        return true;
      } catch (e) {
        const reasons = cancellationReasons(e);
        if (!reasons.length) throw e;
        if (reasons[0]?.Code === 'ConditionalCheckFailed') {
          const now2 = await withRetry(() => store.getConflict(c.invoiceNumber));
          throw resolvedAlready(now2 ?? c);
        }
        return false;
      }
    });
    if (done) {
      log.info('offline conflict cancelled', { number: c.invoiceNumber });
      return;
    }
  }
  throw new AppError('UNAVAILABLE', 'Credit notes are busy right now; nothing was cancelled. Try again.');
}
