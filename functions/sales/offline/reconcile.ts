import { formatCounterInvoiceNumber, type ReconcileReply } from '@shared/schemas/offline-counter';
import type { PreparationView } from '@shared/schemas/replies/offline-counter';
import type { AuditTrail } from '../../lib/audit-log';
import { docClient, tableName } from '../../lib/aws';
import type { Caller } from '../../lib/caller';
import { TransactWriteCommand } from '../../lib/dynamo-commands';
import { AppError, conflict, notFound } from '../../lib/errors';
import { log } from '../../lib/log';
import { cancellationReasons, withRetry } from '../../lib/retry';
import { gramsToKg } from '../../lib/units';
import { lotKey } from '../../lots/lot-entity';
import { saleClock } from '../sale-clock';
import { preparationView } from './prepare';
import * as store from './store';

/**
 * The reconciliation (docs/decisions/0048-offline-counter.md): once the counter's stored bills are sent, its
 * preparation closes. In one transaction: the counter lets go of it, the preparation records the block's unused
 * numbers (those neither a bill nor a conflict, on the condition that none was used since they were read) and the
 * counter's series remembers them, and
 * every float's unsold grams go back to its lot (used + remaining = total holds throughout).
 */

export async function reconcile(code: string, prepId: string, caller: Caller, audit: AuditTrail): Promise<ReconcileReply> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const [counter, prep] = await Promise.all([withRetry(() => store.getCounter(code)), withRetry(() => store.getPrep(prepId))]);
    if (!counter || !prep || prep.code !== code) throw notFound(`Preparation ${prepId} of counter ${code} not found`);
    if (prep.closedAt) return { preparation: await preparationView(prep), givenBackKg: 0 };
    if (counter.openPrep !== prepId) throw conflict(`Preparation ${prepId} is not the counter's open one`);
    const used = prep.used ?? new Set<string>();
    const unused: string[] = [];
    for (let s = prep.fromSeq; s <= prep.toSeq; s++) {
      const n = formatCounterInvoiceNumber(prep.fyStart, prep.code, s);
      if (!used.has(n)) unused.push(n);
    }
    const back = Object.values(prep.floats ?? {}).filter((f) => f.left > 0);
    const at = saleClock().toISOString();
    const T = tableName();
    try {
      await docClient().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: T,
                Key: store.counterKey(code),
                UpdateExpression: 'REMOVE openPrep',
                ConditionExpression: 'openPrep = :id',
                ExpressionAttributeValues: { ':id': prepId },
              },
            },
            {
              Update: {
                TableName: T,
                Key: { pk: prep.pk, sk: prep.sk },
                // The floats' unsold grams leave the preparation as they go back to their lots.
                UpdateExpression: `SET closedAt = :at, closedByName = :by${unused.length ? ', unused = :unused' : ''}${back
                  .map((_, i) => `, floats.#f${i}.#left = :zero`)
                  .join('')}`,
                ConditionExpression: `attribute_not_exists(closedAt) AND ${used.size ? 'size(#used) = :n' : 'attribute_not_exists(#used)'}`,
                ExpressionAttributeNames: {
                  '#used': 'used',
                  ...(back.length ? { '#left': 'left' } : {}),
                  ...Object.fromEntries(back.map((f, i) => [`#f${i}`, store.floatAttr(f.lotID)])),
                },
                ExpressionAttributeValues: {
                  ...(back.length ? { ':zero': 0 } : {}),
                  ':at': at,
                  ':by': caller.name,
                  ...(unused.length ? { ':unused': new Set(unused) } : {}),
                  ...(used.size ? { ':n': used.size } : {}),
                },
              },
            },
            // The series remembers its numbers that will never be a bill: the bill page stops saying "being recorded".
            ...(unused.length
              ? [
                  {
                    Update: {
                      TableName: T,
                      Key: store.seriesCounterKey(prep.fyStart, prep.code),
                      UpdateExpression: 'ADD unused :unused',
                      ExpressionAttributeValues: { ':unused': new Set(unused) },
                    },
                  },
                ]
              : []),
            ...back.map((f) => ({
              Update: {
                TableName: T,
                Key: lotKey(f.lotID),
                UpdateExpression:
                  'SET remainingGrams = remainingGrams + :g, usedGrams = usedGrams - :g, floatGrams = floatGrams - :g',
                ConditionExpression: 'attribute_exists(pk) AND floatGrams >= :g AND usedGrams >= :g',
                ExpressionAttributeValues: { ':g': f.left },
              },
            })),
            audit.put(
              { type: 'counter', id: code },
              {
                summary: `counter ${code} reconciled: ${prep.bills} bills, ${prep.conflicts} conflicts, ${unused.length} numbers unused; ${back
                  .map((f) => `${gramsToKg(f.left)} kg back to lot ${f.lotCode}`)
                  .join(', ')}`,
              },
            ),
          ],
        }),
      );
      log.info('counter reconciled', { code, prepId, unused: unused.length });
      const floats = Object.fromEntries(Object.entries(prep.floats ?? {}).map(([k, f]) => [k, { ...f, left: 0 }]));
      const closed = {
        ...prep,
        floats,
        closedAt: at,
        closedByName: caller.name,
        ...(unused.length ? { unused: new Set(unused) } : {}),
      };
      return {
        preparation: await preparationView(closed),
        givenBackKg: gramsToKg(back.reduce((s, f) => s + f.left, 0)),
      };
    } catch (e) {
      if (!cancellationReasons(e).length) throw e;
      // A bill landed or another reconciliation ran meanwhile: read again.
    }
  }
  throw new AppError('UNAVAILABLE', 'The counter could not be reconciled now; nothing changed. Try again.');
}

/** The day close's view of the offline counters of a day: each preparation with its bills and unused numbers. */
export async function offlineOfDay(day: string): Promise<PreparationView[]> {
  const preps = await withRetry(() => store.prepsOfDay(day));
  return Promise.all(preps.map(preparationView));
}
