import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '../lib/dynamo-commands';
import type { TransactItem } from '../lib/audited-write';
import { docClient, tableName } from '../lib/aws';
import { cropKey } from '../crops/crop-entity';
import { producerKey } from '../producers/producer-entity';
import { conditionFailedAt, queryIndex, takeClaimItem, type Item } from '../lib/query';
import { stockUpdate } from '../allocation/pool';
import { formatLotCode } from './codes';
import {
  ALL_LOTS_PK,
  cropLotsPk,
  lotCodeKey,
  lotCounterKey,
  KEEP_POOL_BASE,
  getLot,
  lotEntity,
  lotKey,
  pooledStockOf,
  producerLotsPk,
  type LotItem,
} from './lot-entity';
import { isAmbiguous, isConditionalFailure, isTransient, withRetry } from '../lib/retry';

/**
 * Storage of lots; the item is defined in lot-entity.ts. Every write that touches stock keeps
 * docs/invariants.md#3-lot-stock inside one conditional write (the sales area decrements remainingGrams and
 * adds usedGrams with the condition remainingGrams >= :qty).
 */

export async function lotIdByCode(code: string): Promise<number | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: lotCodeKey(code) }));
  return out.Item ? Number(out.Item.lotID) : undefined;
}

/** Last sequence number used for this producer and year (0 when none). */
export async function currentSequence(producerID: number, year: number): Promise<number> {
  const out = await docClient().send(
    new GetCommand({ TableName: tableName(), Key: lotCounterKey(producerID, year), ConsistentRead: true }),
  );
  return Number(out.Item?.value ?? 0);
}

export async function listLots(o: { producerId?: number; cropId?: number; year?: number; take: number }): Promise<LotItem[]> {
  const skPrefix = o.year ? `${o.year}#` : undefined;
  let result;
  if (o.producerId) {
    result = await queryIndex<Item>({
      index: 'gsi3',
      pk: producerLotsPk(o.producerId),
      skPrefix,
      take: o.take,
      filter: o.cropId ? { expression: 'cropID = :crop', values: { ':crop': o.cropId } } : undefined,
    });
  } else if (o.cropId) {
    result = await queryIndex<Item>({ index: 'gsi2', pk: cropLotsPk(o.cropId), skPrefix, take: o.take });
  } else {
    result = await queryIndex<Item>({ index: 'gsi1', pk: ALL_LOTS_PK, skPrefix, take: o.take });
  }
  return lotEntity.fromItems(result.items);
}

/** Lots of a crop with stock left (the Issue Seeds form). */
export async function lotsWithStock(cropId: number, take: number): Promise<LotItem[]> {
  const { items } = await queryIndex<Item>({
    index: 'gsi2',
    pk: cropLotsPk(cropId),
    take,
    filter: { expression: 'remainingGrams > :zero', values: { ':zero': 0 } },
  });
  return lotEntity.fromItems(items);
}

export type CreateOutcome = { ok: true; lot: LotItem } | { ok: false; reason: 'producer' | 'crop' };

/**
 * Takes the next sequence number for this producer and year: one atomic UpdateItem (ADD) on the counter
 * item, never read-then-write, so concurrent creations get distinct consecutive numbers without retrying.
 */
async function reserveSequence(producerID: number, year: number): Promise<number> {
  const out = await docClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: lotCounterKey(producerID, year),
      UpdateExpression: 'ADD #v :one',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.value);
}

/** Gives a reserved number back when nobody has taken a later one (conditional); otherwise it stays unused. */
async function releaseSequence(producerID: number, year: number, seq: number): Promise<void> {
  try {
    await docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: lotCounterKey(producerID, year),
        UpdateExpression: 'SET #v = :prev',
        ConditionExpression: '#v = :seq',
        ExpressionAttributeNames: { '#v': 'value' },
        ExpressionAttributeValues: { ':prev': seq - 1, ':seq': seq },
      }),
    );
  } catch (e) {
    if (!isConditionalFailure(e)) throw e;
  }
}

/**
 * Creates a lot with the next code of its producer and year (docs/decisions/0007-lot-codes.md):
 *  1. reserve the number on the counter item (single-item atomic ADD: the counter is never part of a
 *     multi-item transaction, so concurrent creations neither conflict on it nor retry);
 *  2. one transaction puts the lot and its code claim (both attribute_not_exists) and checks that the
 *     producer and the crop exist and are active. Concurrent creations for one producer check the same
 *     producer item, which DynamoDB may answer with a conflict: the transaction is resent with the same
 *     client request token, so a resend of one that was applied (answer lost) is not applied twice;
 *  3. only when DynamoDB refused the transaction on a condition (so it certainly was not applied) is the
 *     number given back (conditional, only if still the latest). After any other failure the number stays
 *     unused: a gap in lot codes is harmless, a code handed out twice is not.
 */
export async function insertLotWithCode(
  draft: Omit<LotItem, 'lotCode'>,
  entryFor: (lot: LotItem) => TransactItem,
): Promise<CreateOutcome> {
  const seq = await withRetry(() => reserveSequence(draft.producerID, draft.year), {
    retryIf: (e) => isTransient(e) && !isAmbiguous(e),
  });
  // Its pool counts it whole from the start (docs/decisions/0022-allocation.md, section 11).
  const lot: LotItem = { ...draft, pooled: true, lotCode: formatLotCode({ ...draft, seq }) };
  const active = { ':t': true };
  const token = randomUUID();
  // Built once: a resend with the same token must carry the same parameters (the pool's updatedAt included).
  const poolUpdate = stockUpdate(draft.cropID, draft.year, draft.totalGrams);
  const entry = entryFor(lot);
  try {
    await withRetry(() =>
      docClient().send(
        new TransactWriteCommand({
          ClientRequestToken: token,
          TransactItems: [
            {
              Put: {
                TableName: tableName(),
                Item: lotEntity.toItem(lot),
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            takeClaimItem(lotCodeKey(lot.lotCode), 'lotID', lot.lotID),
            {
              ConditionCheck: {
                TableName: tableName(),
                Key: producerKey(draft.producerID),
                ConditionExpression: 'attribute_exists(pk) AND isActive = :t',
                ExpressionAttributeValues: active,
              },
            },
            {
              ConditionCheck: {
                TableName: tableName(),
                Key: cropKey(draft.cropID),
                ConditionExpression: 'attribute_exists(pk) AND isActive = :t',
                ExpressionAttributeValues: active,
              },
            },
            // The crop's stock pool of the lot's year grows by the lot (docs/decisions/0022-allocation.md, section 1).
            { Update: poolUpdate },
            entry,
          ],
        }),
      ),
    );
    return { ok: true, lot };
  } catch (e) {
    const failed = conditionFailedAt(e);
    if (failed.length === 0) throw e;
    await releaseSequence(draft.producerID, draft.year, seq).catch(() => undefined);
    if (failed.includes(2)) return { ok: false, reason: 'producer' };
    if (failed.includes(3)) return { ok: false, reason: 'crop' };
    throw e;
  }
}

export type UpdateStockOutcome =
  | { ok: true; lot: LotItem }
  | { ok: false; reason: 'below-used' | 'crop' | 'crop-used' | 'gone' }
  | { ok: false; reason: 'promised'; cropID: number };

/** A condition on the lot: it still holds what the edit was computed from. */
const UNCHANGED_LOT = 'attribute_exists(pk) AND cropID = :oldCrop AND totalGrams = :oldTotal';

/**
 * How a write to `lot` keeps its pool's share of it right: a pooled lot stays pooled; a lot not pooled yet
 * must still be unpooled when written (else the backfill counted it meanwhile and the write is made again)
 * and keeps its base (lot-entity.ts).
 */
function poolState(lot: LotItem): { condition: string; set: string } {
  return lot.pooled ? { condition: '', set: '' } : { condition: ' AND attribute_not_exists(pooled)', set: `, ${KEEP_POOL_BASE}` };
}

/**
 * The pool updates of a lot's stock going from `before` to `after` (docs/decisions/0022-allocation.md,
 * section 1): the difference in its own pool, or, when the lot moves to another crop (or year), what the old
 * pool counts of it out of that pool and all of it into the new one. A decrease carries
 * `freeGrams >= :decrease`.
 */
function poolMoves(before: LotItem, after: Pick<LotItem, 'cropID' | 'year' | 'totalGrams'>) {
  const move = (lot: Pick<LotItem, 'cropID' | 'year'>, grams: number) =>
    grams === 0 ? [] : [{ cropID: lot.cropID, update: stockUpdate(lot.cropID, lot.year, grams) }];
  // A lot that moves (nothing sold from it) is pooled whole in its new pool: that pool may be backfilled already.
  if (before.cropID !== after.cropID || before.year !== after.year)
    return [...move(before, -pooledStockOf(before)), ...move(after, after.totalGrams)];
  return move(before, after.totalGrams - before.totalGrams);
}

/**
 * Rewrites crop, total and price, in one transaction with the crop's stock pool (or both pools, when the
 * crop changes). remaining is recomputed inside the write from the stored usedGrams, so a sale landing at
 * the same moment cannot be lost; the total may not go below what is already used, nor the pool's stock
 * below what is promised and sold. The lot must still have the crop and total the edit was computed from
 * (another edit in between: 'gone', and the caller reads it again). The crop may change only while nothing
 * has been sold, and only to an active crop.
 */
export async function updateLotFields(
  current: LotItem,
  next: { cropID: number; totalGrams: number; pricePaise: number },
  entry: TransactItem,
): Promise<UpdateStockOutcome> {
  const cropChanges = next.cropID !== current.cropID;
  const now = new Date().toISOString();
  const base = poolState(current);
  const pooling = cropChanges && !current.pooled ? { ...base, set: `${base.set}, pooled = :pooled` } : base;
  const update = {
    TableName: tableName(),
    Key: lotKey(current.lotID),
    UpdateExpression: `SET totalGrams = :t, remainingGrams = :t - usedGrams, pricePaise = :p, cropID = :c, gsi2pk = :g2, updatedOn = :now${pooling.set}`,
    ConditionExpression: `${UNCHANGED_LOT} AND usedGrams <= :t${cropChanges ? ' AND usedGrams = :zero' : ''}${pooling.condition}`,
    ExpressionAttributeValues: {
      ':t': next.totalGrams,
      ':p': next.pricePaise,
      ':c': next.cropID,
      ':g2': cropLotsPk(next.cropID),
      ':now': now,
      ':oldCrop': current.cropID,
      ':oldTotal': current.totalGrams,
      ...(cropChanges ? { ':zero': 0 } : {}),
      ...(cropChanges && !current.pooled ? { ':pooled': true } : {}),
    },
  };
  const moves = poolMoves(current, { ...next, year: current.year });
  const cropCheck = {
    ConditionCheck: {
      TableName: tableName(),
      Key: cropKey(next.cropID),
      ConditionExpression: 'attribute_exists(pk) AND isActive = :t',
      ExpressionAttributeValues: { ':t': true },
    },
  };
  const items = [{ Update: update }, ...(cropChanges ? [cropCheck] : []), ...moves.map((m) => ({ Update: m.update })), entry];
  const poolAt = (i: number) => moves[i - (cropChanges ? 2 : 1)];
  try {
    const token = randomUUID();
    await withRetry(() => docClient().send(new TransactWriteCommand({ ClientRequestToken: token, TransactItems: items })));
  } catch (e) {
    const failed = conditionFailedAt(e);
    if (cropChanges && failed.includes(1)) return { ok: false, reason: 'crop' };
    if (failed.includes(0)) {
      const fresh = await getLot(current.lotID, true);
      if (!fresh) return { ok: false, reason: 'gone' };
      if (fresh.usedGrams > next.totalGrams) return { ok: false, reason: 'below-used' };
      if (cropChanges && fresh.usedGrams > 0) return { ok: false, reason: 'crop-used' };
      // Edited by someone else in between: let the caller retry with what is stored now.
      return { ok: false, reason: 'gone' };
    }
    const poolRefused = failed.map(poolAt).find((m) => m !== undefined);
    if (poolRefused) return { ok: false, reason: 'promised', cropID: poolRefused.cropID };
    throw e;
  }
  const fresh = await getLot(current.lotID, true);
  return fresh ? { ok: true, lot: fresh } : { ok: false, reason: 'gone' };
}

export type DeleteOutcome = 'deleted' | 'missing' | 'used' | 'changed' | 'promised';

/**
 * Deletes a lot from which nothing was sold, with its code claim, and takes its stock out of the crop's
 * pool (only while that much is neither promised nor sold). Codes are never reused (the counter stays).
 * 'changed': the lot's crop or total is no longer the one read (edited meanwhile).
 */
export async function deleteUnusedLot(lot: LotItem, entry: TransactItem): Promise<DeleteOutcome> {
  // What its pool counts of it goes out with it (a lot not pooled yet: only what changed since pools exist).
  const counted = pooledStockOf(lot);
  const moves = counted === 0 ? [] : [{ cropID: lot.cropID, update: stockUpdate(lot.cropID, lot.year, -counted) }];
  try {
    const token = randomUUID();
    const items = [
      {
        Delete: {
          TableName: tableName(),
          Key: lotKey(lot.lotID),
          ConditionExpression: `${UNCHANGED_LOT} AND usedGrams = :zero${poolState(lot).condition}`,
          ExpressionAttributeValues: { ':zero': 0, ':oldCrop': lot.cropID, ':oldTotal': lot.totalGrams },
        },
      },
      {
        Delete: {
          TableName: tableName(),
          Key: lotCodeKey(lot.lotCode),
          ConditionExpression: 'lotID = :id',
          ExpressionAttributeValues: { ':id': lot.lotID },
        },
      },
      ...moves.map((m) => ({ Update: m.update })),
      entry,
    ];
    await withRetry(() => docClient().send(new TransactWriteCommand({ ClientRequestToken: token, TransactItems: items })));
    return 'deleted';
  } catch (e) {
    const failed = conditionFailedAt(e);
    if (failed.includes(0) || failed.includes(1)) {
      const fresh = await getLot(lot.lotID, true);
      if (!fresh) return 'missing';
      return fresh.usedGrams > 0 ? 'used' : 'changed';
    }
    if (failed.includes(2)) return 'promised';
    throw e;
  }
}
