import { GetCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { docClient, tableName } from '../lib/aws';
import { padId } from '../lib/counters';
import { cropKey } from '../crops/repository';
import { producerKey } from '../producers/repository';
import { conditionFailedAt, isConditionFailed, queryIndex, type Item } from '../producers/query';
import { formatLotCode, lotSequenceCounter } from './codes';

/**
 * Lots (docs/data-model.md, "Lots").
 *
 * LOT#<id> / LOT                                    the lot; stock in grams, price in paise per kg
 *   gsi1: LOTS / <year>#<padded id>                 all lots, newest first, year filter by prefix
 *   gsi2: CROPLOTS#<cropID> / <year>#<padded id>    lots of a crop (crop filter, lots for a sale)
 *   gsi3: PRODUCERLOTS#<producerID> / <year>#<padded id>
 * LOTCODE#<code> / LOTCODE                          the code's owner (public lookup, uniqueness)
 * COUNTER#lotseq#<producerID>#<year> / COUNTER      last sequence number used in codes (value)
 *
 * Invariant: usedGrams + remainingGrams = totalGrams, remainingGrams >= 0. Every write that touches stock
 * keeps it inside one conditional write (the sales area decrements remainingGrams and adds usedGrams with
 * the condition remainingGrams >= :qty).
 */
export interface LotItem {
  lotID: number;
  lotCode: string;
  producerID: number;
  cropID: number;
  year: number;
  isSubsidized: boolean;
  totalGrams: number;
  usedGrams: number;
  remainingGrams: number;
  /** Paise per kg. */
  pricePaise: number;
  createdOn: string;
  updatedOn?: string;
}

export const lotKey = (id: number) => ({ pk: `LOT#${id}`, sk: 'LOT' });
const codeKey = (code: string) => ({ pk: `LOTCODE#${code}`, sk: 'LOTCODE' });
const counterKey = (producerID: number, year: number) => ({ pk: `COUNTER#${lotSequenceCounter(producerID, year)}`, sk: 'COUNTER' });
const yearSk = (year: number, id: number) => `${year}#${padId(id)}`;

function indexKeys(l: Pick<LotItem, 'lotID' | 'producerID' | 'cropID' | 'year'>) {
  const sk = yearSk(l.year, l.lotID);
  return {
    gsi1pk: 'LOTS',
    gsi1sk: sk,
    gsi2pk: `CROPLOTS#${l.cropID}`,
    gsi2sk: sk,
    gsi3pk: `PRODUCERLOTS#${l.producerID}`,
    gsi3sk: sk,
  };
}

function strip(item: Item | undefined): LotItem | undefined {
  if (!item) return undefined;
  const { pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, gsi2pk: _e, gsi2sk: _f, gsi3pk: _g, gsi3sk: _h, ...rest } = item;
  return rest as unknown as LotItem;
}

export async function getLot(id: number, consistent = false): Promise<LotItem | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: lotKey(id), ConsistentRead: consistent }));
  return strip(out.Item);
}

export async function lotIdByCode(code: string): Promise<number | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: codeKey(code) }));
  return out.Item ? Number(out.Item.lotID) : undefined;
}

/** Last sequence number used for this producer and year (0 when none). */
export async function currentSequence(producerID: number, year: number): Promise<number> {
  const out = await docClient().send(
    new GetCommand({ TableName: tableName(), Key: counterKey(producerID, year), ConsistentRead: true }),
  );
  return Number(out.Item?.value ?? 0);
}

export async function listLots(o: { producerId?: number; cropId?: number; year?: number; take: number }): Promise<LotItem[]> {
  const skPrefix = o.year ? `${o.year}#` : undefined;
  let result;
  if (o.producerId) {
    result = await queryIndex<Item>({
      index: 'gsi3',
      pk: `PRODUCERLOTS#${o.producerId}`,
      skPrefix,
      take: o.take,
      filter: o.cropId ? { expression: 'cropID = :crop', values: { ':crop': o.cropId } } : undefined,
    });
  } else if (o.cropId) {
    result = await queryIndex<Item>({ index: 'gsi2', pk: `CROPLOTS#${o.cropId}`, skPrefix, take: o.take });
  } else {
    result = await queryIndex<Item>({ index: 'gsi1', pk: 'LOTS', skPrefix, take: o.take });
  }
  return result.items.map((i) => strip(i)!);
}

/** Lots of a crop with stock left (the Issue Seeds form). */
export async function lotsWithStock(cropId: number, take: number): Promise<LotItem[]> {
  const { items } = await queryIndex<Item>({
    index: 'gsi2',
    pk: `CROPLOTS#${cropId}`,
    take,
    filter: { expression: 'remainingGrams > :zero', values: { ':zero': 0 } },
  });
  return items.map((i) => strip(i)!);
}

export type CreateOutcome =
  | { ok: true; lot: LotItem }
  | { ok: false; reason: 'producer' | 'crop' | 'busy' };

const MAX_ATTEMPTS = 120;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function valueOf(reasonItem: unknown): number | undefined {
  const v = (reasonItem as { value?: unknown } | undefined)?.value;
  if (v === undefined) return undefined;
  if (typeof v === 'object' && v && 'N' in v) return Number((v as { N: string }).N);
  return Number(v);
}

/**
 * Creates a lot and assigns its code in one transaction: the sequence counter moves from the value we
 * last saw to the next one (compare-and-set), the lot and its code claim are put, and the producer and
 * crop are checked to be active. Either all of it happens or none; two creations can never take the same
 * number and a failed creation leaves no gap. When another creation won the race the counter's current
 * value comes back with the cancellation and we try again with the next number.
 */
export async function insertLotWithCode(
  draft: Omit<LotItem, 'lotCode'>,
): Promise<CreateOutcome> {
  let seen = await currentSequence(draft.producerID, draft.year);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const seq = seen + 1;
    const lot: LotItem = { ...draft, lotCode: formatLotCode({ ...draft, seq }) };
    const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [
      {
        Update: {
          TableName: tableName(),
          Key: counterKey(draft.producerID, draft.year),
          UpdateExpression: 'SET #v = :next',
          ConditionExpression: seen === 0 ? 'attribute_not_exists(#v)' : '#v = :seen',
          ExpressionAttributeNames: { '#v': 'value' },
          ExpressionAttributeValues: { ':next': seq, ...(seen === 0 ? {} : { ':seen': seen }) },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: { ...lotKey(lot.lotID), ...indexKeys(lot), ...lot },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: { ...codeKey(lot.lotCode), lotID: lot.lotID },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: producerKey(draft.producerID),
          ConditionExpression: 'attribute_exists(pk) AND isActive = :t',
          ExpressionAttributeValues: { ':t': true },
        },
      },
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: cropKey(draft.cropID),
          ConditionExpression: 'attribute_exists(pk) AND isActive = :t',
          ExpressionAttributeValues: { ':t': true },
        },
      },
    ];
    try {
      const t0 = Date.now();
      try { await docClient().send(new TransactWriteCommand({ TransactItems: items })); } finally { if (process.env.LOTDEBUG) console.error('tx', attempt, Date.now() - t0); }
      return { ok: true, lot };
    } catch (e) {
      const err = e as { name?: string; CancellationReasons?: { Code?: string; Item?: unknown }[] };
      const failed = conditionFailedAt(e);
      if (failed.includes(3)) return { ok: false, reason: 'producer' };
      if (failed.includes(4)) return { ok: false, reason: 'crop' };
      if (failed.includes(0)) {
        // Someone else took `seq`: continue from the counter's current value.
        seen = valueOf(err.CancellationReasons?.[0]?.Item) ?? (await currentSequence(draft.producerID, draft.year));
      } else if (failed.includes(2)) {
        // The code exists although the counter did not reach it (counter restored from an old backup): skip it.
        seen = seq;
      } else if (
        err.name === 'TransactionConflictException' ||
        (err.name === 'TransactionCanceledException' && (err.CancellationReasons ?? []).some((r) => r?.Code === 'TransactionConflict'))
      ) {
        seen = await currentSequence(draft.producerID, draft.year);
      } else {
        throw e;
      }
      // Full-jitter exponential backoff spreads the losers out so that most retries find the counter free.
      await sleep(Math.random() * Math.min(400, 10 * 2 ** Math.min(attempt, 6)));
    }
  }
  return { ok: false, reason: 'busy' };
}

export type UpdateStockOutcome = { ok: true; lot: LotItem } | { ok: false; reason: 'below-used' | 'crop' | 'crop-used' | 'gone' };

/**
 * Rewrites crop, total and price. remaining is recomputed inside the write from the stored usedGrams, so a
 * sale landing at the same moment cannot be lost; the total may not go below what is already used. The
 * crop may change only while nothing has been sold, and only to an active crop.
 */
export async function updateLotFields(
  current: LotItem,
  next: { cropID: number; totalGrams: number; pricePaise: number },
): Promise<UpdateStockOutcome> {
  const cropChanges = next.cropID !== current.cropID;
  const now = new Date().toISOString();
  const update = {
    TableName: tableName(),
    Key: lotKey(current.lotID),
    UpdateExpression:
      'SET totalGrams = :t, remainingGrams = :t - usedGrams, pricePaise = :p, cropID = :c, gsi2pk = :g2, updatedOn = :now',
    ConditionExpression: `attribute_exists(pk) AND usedGrams <= :t AND cropID = :oldCrop${cropChanges ? ' AND usedGrams = :zero' : ''}`,
    ExpressionAttributeValues: {
      ':t': next.totalGrams,
      ':p': next.pricePaise,
      ':c': next.cropID,
      ':g2': `CROPLOTS#${next.cropID}`,
      ':now': now,
      ':oldCrop': current.cropID,
      ...(cropChanges ? { ':zero': 0 } : {}),
    },
  };
  try {
    if (!cropChanges) {
      const out = await docClient().send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
      return { ok: true, lot: strip(out.Attributes)! };
    }
    await docClient().send(
      new TransactWriteCommand({
        TransactItems: [
          { Update: update },
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: cropKey(next.cropID),
              ConditionExpression: 'attribute_exists(pk) AND isActive = :t',
              ExpressionAttributeValues: { ':t': true },
            },
          },
        ],
      }),
    );
  } catch (e) {
    const failed = conditionFailedAt(e);
    if (failed.includes(1)) return { ok: false, reason: 'crop' };
    if (isConditionFailed(e) || failed.includes(0)) {
      const fresh = await getLot(current.lotID, true);
      if (!fresh) return { ok: false, reason: 'gone' };
      if (fresh.usedGrams > next.totalGrams) return { ok: false, reason: 'below-used' };
      if (cropChanges && fresh.usedGrams > 0) return { ok: false, reason: 'crop-used' };
      // The crop changed under us (another edit): let the caller retry with what is stored now.
      return { ok: false, reason: 'gone' };
    }
    throw e;
  }
  const fresh = await getLot(current.lotID, true);
  return fresh ? { ok: true, lot: fresh } : { ok: false, reason: 'gone' };
}

export type DeleteOutcome = 'deleted' | 'missing' | 'used';

/** Deletes a lot from which nothing was sold, with its code claim. Codes are never reused (the counter stays). */
export async function deleteUnusedLot(lot: LotItem): Promise<DeleteOutcome> {
  try {
    await docClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: lotKey(lot.lotID),
              ConditionExpression: 'attribute_exists(pk) AND usedGrams = :zero',
              ExpressionAttributeValues: { ':zero': 0 },
            },
          },
          {
            Delete: {
              TableName: tableName(),
              Key: codeKey(lot.lotCode),
              ConditionExpression: 'lotID = :id',
              ExpressionAttributeValues: { ':id': lot.lotID },
            },
          },
        ],
      }),
    );
    return 'deleted';
  } catch (e) {
    if (conditionFailedAt(e).length) {
      const fresh = await getLot(lot.lotID, true);
      return fresh ? 'used' : 'missing';
    }
    throw e;
  }
}
