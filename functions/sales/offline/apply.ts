import {
  parseCounterInvoiceNumber,
  type OfflineActionResult,
  type OfflineBatchInput,
  type OfflineBatchReply,
  type OfflineSaleAction,
} from '@shared/schemas/offline-counter';
import type { AuditTrail } from '../../lib/audit-log';
import { docClient, tableName } from '../../lib/aws';
import type { Caller } from '../../lib/caller';
import { TransactWriteCommand } from '../../lib/dynamo-commands';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { takeTurns } from '../../lib/in-process-turns';
import { log } from '../../lib/log';
import { countMetric } from '../../lib/metrics';
import { cancellationReasons, sleep, withRetry } from '../../lib/retry';
import { gramsToKg } from '../../lib/units';
import { lotKey } from '../../lots/lot-entity';
import { getInvoice } from '../invoice-entity';
import { SALE_TX, saleItems } from '../repository';
import { saleFailure } from '../sale-cancellation';
import { saleClock } from '../sale-clock';
import { draftOfflineBill, sourceOfAction, type Drafted, type OfflineSource } from './offline-bill';
import * as store from './store';

/**
 * The offline batch (docs/decisions/0048-offline-counter.md): the counter's stored sales, applied in order, each
 * as the online sale's transaction with two items changed in place: the number is marked used on the
 * preparation (only if its block holds it and it is not used yet, which makes a repeat change nothing), and
 * the grams come out of the lot's float (used already holds them) instead of its remaining stock. A sale that
 * cannot be applied is set aside as a conflict in its own transaction that marks the number used the same way,
 * so every number of the block ends as exactly one bill, one conflict, or unused
 * (docs/invariants.md#19-offline-counter-numbers-and-floats).
 */

export const offlineRetryLimits = { attempts: 30 };

type Result = OfflineActionResult;
const applied = (a: OfflineSaleAction, repeat: boolean): Result => ({
  key: a.key,
  invoiceNumber: a.invoiceNumber,
  outcome: 'applied',
  repeat,
});
const setAside = (a: OfflineSaleAction, repeat: boolean, kind: string, message: string): Result => ({
  key: a.key,
  invoiceNumber: a.invoiceNumber,
  outcome: 'conflict',
  repeat,
  conflictKind: kind,
  message,
});

/** Every action names a number of this preparation's block, and no key or number twice. */
function checkBatch(prep: store.PrepItem, actions: OfflineSaleAction[]): void {
  const keys = new Set<string>();
  const numbers = new Set<string>();
  for (const a of actions) {
    const n = parseCounterInvoiceNumber(a.invoiceNumber);
    if (!n || n.code !== prep.code || n.fyStart !== prep.fyStart || n.seq < prep.fromSeq || n.seq > prep.toSeq)
      throw badRequest(`Bill number ${a.invoiceNumber} is not of this counter's block`, { invoiceNumber: 'Not of the block' });
    if (keys.has(a.key) || numbers.has(a.invoiceNumber))
      throw badRequest(`Bill ${a.invoiceNumber} appears twice in the batch`, { actions: 'A repeated key or number' });
    keys.add(a.key);
    numbers.add(a.invoiceNumber);
  }
}

/** POST /api/counters/{code}/offline-batch. */
export async function applyBatch(
  code: string,
  input: OfflineBatchInput,
  caller: Caller,
  audit: AuditTrail,
): Promise<OfflineBatchReply> {
  const prep = await withRetry(() => store.getPrep(input.prepId));
  if (!prep || prep.code !== code) throw notFound(`Preparation ${input.prepId} of counter ${code} not found`);
  checkBatch(prep, input.actions);
  // One batch of a preparation at a time in this process (a repeat sent at once waits and finds it applied);
  // across processes the preparation's conditions decide alone.
  return takeTurns(`offline#${prep.prepId}`, async () => {
    const results: Result[] = [];
    for (const a of input.actions) results.push(await applyOne(prep.prepId, a, caller, audit));
    log.info('offline batch', {
      prepId: prep.prepId,
      applied: results.filter((r) => r.outcome === 'applied' && !r.repeat).length,
      conflicts: results.filter((r) => r.outcome === 'conflict' && !r.repeat).length,
      repeats: results.filter((r) => r.repeat).length,
    });
    return { results };
  });
}

/** What became of a number already used: its bill (made by this action or not) or its conflict. */
async function priorOutcome(a: OfflineSaleAction): Promise<Result | undefined> {
  const [inv, c] = await Promise.all([
    withRetry(() => getInvoice(a.invoiceNumber, true)),
    withRetry(() => store.getConflict(a.invoiceNumber)),
  ]);
  if (c) {
    if (c.key !== a.key) return setAside(a, true, 'refused', `Number ${a.invoiceNumber} was used by another offline bill`);
    return setAside(a, true, c.kind, c.message);
  }
  if (inv) {
    if (inv.saleId !== a.key) return setAside(a, true, 'refused', `Number ${a.invoiceNumber} is another bill's`);
    return applied(a, true);
  }
  return undefined;
}

async function applyOne(prepId: string, a: OfflineSaleAction, caller: Caller, audit: AuditTrail): Promise<Result> {
  const src = sourceOfAction(a);
  for (let attempt = 0; attempt < offlineRetryLimits.attempts; attempt++) {
    if (attempt > 0) await sleep(Math.random() * Math.min(200, 8 * 2 ** Math.min(attempt, 5)) + 2);
    const prep = await withRetry(() => store.getPrep(prepId));
    if (!prep) throw notFound(`Preparation ${prepId} not found`);
    if (prep.used?.has(a.invoiceNumber)) {
      const prior = await priorOutcome(a);
      if (prior) return prior;
      continue; // used a moment ago by a commit not yet readable: read again
    }
    const now = saleClock();
    const d = await draftOfflineBill(src, caller, audit, { prep, now, summary: 'offline sale' });
    if (prep.closedAt) {
      // Reconciled before this bill arrived: its kg went back to the lot and its number was listed unused. It is
      // set aside for an admin, and its number leaves the unused list in the same write.
      const late = {
        kind: 'after-reconciliation' as const,
        message: `The counter's preparation was reconciled at ${prep.closedAt}, before this bill arrived`,
      };
      const r = await commitConflict(prep, src, { ...d, refusal: late }, caller, audit, now);
      if (r) return r;
      continue;
    }
    if (d.refusal) {
      const r = await commitConflict(prep, src, d, caller, audit, now);
      if (r) return r;
      continue;
    }
    try {
      await commitOfflineSale(prep, d, now);
      countMetric('sales', 'SaleCompleted');
      return applied(a, false);
    } catch (e) {
      const reasons = cancellationReasons(e);
      if (!reasons.length) {
        if (e instanceof AppError) throw e;
        log.warn('offline sale retried', { name: (e as Error).name, attempt });
        continue;
      }
      const why = saleFailure(e, { saleId: a.key, cropID: d.write!.cropID });
      // The preparation's item decides first: the number used meanwhile (a repeat) or the float gone.
      if (reasons[SALE_TX.counter]?.Code === 'ConditionalCheckFailed' || why.kind === 'committed-earlier') continue;
      const kind =
        why.kind === 'already-billed'
          ? 'billed-elsewhere'
          : why.kind === 'not-billable' || why.kind === 'registration-missing'
            ? 'registration-not-billable'
            : why.kind === 'day-closed'
              ? 'day-closed'
              : why.kind === 'not-enough-stock'
                ? 'float-exceeded'
                : why.kind === 'transient' || why.kind === 'invoice-exists'
                  ? undefined
                  : 'refused';
      if (!kind) continue;
      const message =
        why.kind === 'already-billed'
          ? `Registration ${a.registrationID} was billed meanwhile by ${why.invoiceNumber ?? 'another bill'}`
          : kind === 'day-closed'
            ? 'The seller day of the bill was closed before it arrived'
            : kind === 'float-exceeded'
              ? "The lot's float no longer holds the bill's kg"
              : `Not applied: ${why.kind}`;
      const other = why.kind === 'already-billed' ? (why.invoiceNumber ?? undefined) : undefined;
      const r = await commitConflict(
        prep,
        src,
        { ...d, refusal: { kind, message, ...(other ? { otherInvoiceNumber: other } : {}) } },
        caller,
        audit,
        now,
      );
      if (r) return r;
    }
  }
  throw new AppError('UNAVAILABLE', `Bill ${a.invoiceNumber} could not be recorded now; nothing of it was lost. Send again.`);
}

/** The number marked used on the preparation, only while the block's preparation is open and the number unused. */
function markUsed(
  prep: store.PrepItem,
  number: string,
  counterAttr: 'bills' | 'conflicts',
  now: Date,
  float?: { lotID: number; grams: number },
) {
  if (prep.closedAt) {
    return {
      Update: {
        TableName: tableName(),
        Key: { pk: prep.pk, sk: prep.sk },
        UpdateExpression: 'SET #c = #c + :one, lastSyncAt = :now ADD #used :n DELETE unused :n',
        ConditionExpression: 'attribute_exists(closedAt) AND contains(unused, :num) AND NOT contains(#used, :num)',
        ExpressionAttributeNames: { '#c': counterAttr, '#used': 'used' },
        ExpressionAttributeValues: { ':one': 1, ':now': now.toISOString(), ':n': new Set([number]), ':num': number },
      },
    };
  }
  const floatSet = float ? ', floats.#l.#left = floats.#l.#left - :g' : '';
  const floatCond = float ? ' AND floats.#l.#left >= :g' : '';
  return {
    Update: {
      TableName: tableName(),
      Key: { pk: prep.pk, sk: prep.sk },
      UpdateExpression: `SET #c = #c + :one, lastSyncAt = :now${floatSet} ADD #used :n`,
      ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(closedAt) AND NOT contains(#used, :num)${floatCond}`,
      ExpressionAttributeNames: {
        '#c': counterAttr,
        '#used': 'used',
        ...(float ? { '#l': store.floatAttr(float.lotID), '#left': 'left' } : {}),
      },
      ExpressionAttributeValues: {
        ':one': 1,
        ':now': now.toISOString(),
        ':n': new Set([number]),
        ':num': number,
        ...(float ? { ':g': float.grams } : {}),
      },
    },
  };
}

/** The online sale's transaction, its number from the block and its grams from the float. */
async function commitOfflineSale(prep: store.PrepItem, d: Drafted, now: Date): Promise<void> {
  const w = d.write!;
  const items = saleItems(w);
  items[SALE_TX.counter] = markUsed(prep, w.invoice.invoiceNumber, 'bills', now, { lotID: w.invoice.lotID, grams: w.grams });
  items[SALE_TX.lot] = {
    Update: {
      TableName: tableName(),
      Key: lotKey(w.invoice.lotID),
      // usedGrams already holds the float's grams: they move from the float to the bill.
      UpdateExpression: 'SET floatGrams = floatGrams - :g, lastSaleOn = :now',
      ConditionExpression: 'attribute_exists(pk) AND floatGrams >= :g AND cropID = :crop',
      ExpressionAttributeValues: { ':g': w.grams, ':crop': w.cropID, ':now': w.invoice.generatedOn },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
  await docClient().send(new TransactWriteCommand({ TransactItems: items }));
}

/**
 * Sets the printed bill aside as a conflict (with everything it printed), marking its number used. Undefined when
 * the number was used meanwhile (the caller reads what became of it).
 */
async function commitConflict(
  prep: store.PrepItem,
  src: OfflineSource,
  d: Drafted,
  caller: Caller,
  audit: AuditTrail,
  now: Date,
): Promise<Result | undefined> {
  const r = d.refusal!;
  const item: store.ConflictItem = {
    ...store.conflictKey(src.number),
    ...store.conflictIndex('open', src.printedAt, src.number),
    invoiceNumber: src.number,
    key: src.key,
    kind: r.kind,
    message: r.message,
    status: 'open',
    code: prep.code,
    prepId: prep.prepId,
    printedAt: src.printedAt,
    sellerUserId: caller.userID,
    sellerName: caller.name,
    registrationID: src.registrationID,
    year: src.year,
    farmerName: d.reg?.name ?? '',
    lotID: src.lotID,
    lotCode: d.lot?.lotCode ?? '',
    bags: src.bags,
    quantityGrams: d.grams,
    totalPaise: d.totalPaise,
    paymentMode: src.paymentMode,
    ...(src.upiRef ? { upiRef: src.upiRef } : {}),
    verifyToken: src.verifyToken,
    ...(src.offlineToken ? { offlineToken: src.offlineToken } : {}),
    ...(r.otherInvoiceNumber ? { otherInvoiceNumber: r.otherInvoiceNumber } : {}),
  };
  try {
    await docClient().send(
      new TransactWriteCommand({
        TransactItems: [
          markUsed(prep, src.number, 'conflicts', now),
          { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
          audit.put(
            { type: 'invoice', id: src.number, year: src.year },
            {
              summary: `offline bill ${src.number} set aside as a conflict (${r.kind}) for registration ${src.registrationID} of ${src.year}, ${gramsToKg(d.grams)} kg`,
            },
          ),
        ],
      }),
    );
  } catch (e) {
    if (cancellationReasons(e).length) return undefined;
    throw e;
  }
  log.info('offline conflict', { number: src.number, kind: r.kind });
  return {
    key: src.key,
    invoiceNumber: src.number,
    outcome: 'conflict',
    repeat: false,
    conflictKind: r.kind,
    message: r.message,
  };
}
