import { GetCommand, PutCommand, TransactWriteCommand } from '../lib/dynamo-commands';
import { rulesOfCrop } from '@shared/crop-rules';
import { docClient, tableName } from '../lib/aws';
import { batchGet } from '../lib/batch-get';
import { log } from '../lib/log';
import { queryAll } from '../lib/query';
import { cancellationReasons, isConditionalFailure, withRetry } from '../lib/retry';
import { getCrops, type CropItem } from '../crops/crop-entity';
import { getLot } from '../lots/lot-entity';
import { cropLotsPk, lotKey, type LotItem } from '../lots/lot-entity';
import { listPk, LIST_SHARDS, regKey, type RegistrationItem } from '../registrations/registration-entity';
import { dueEntry } from './entries';
import { backfillLotUpdate, backfillPromiseUpdate, markMigrated, poolKey, poolState } from './pool';
import { promisedGramsOf } from './promise';

/**
 * The one-off backfill of a crop's pool for a year (docs/decisions/0022-allocation.md, section 11), run by
 * the sweep for every pool of the catalogue's crops that lacks `migratedOn`:
 *  1. each unbilled registration of the year stored without a status (the year's list shards, read once for
 *     all such pools, and never again once a pass has gone through: every registration made since carries a
 *     status) is confirmed with its promise and gets its due entry, its grams ADDed to the pool;
 *  2. each lot of the crop and year not yet pooled brings what the pool has not counted of it (its base, or
 *     its total and used grams when nothing touched it since pools exist) and is marked pooled;
 *  3. the pool is marked `migratedOn`.
 * Registrations come first so that farmers registered before pools are counted before stock is free for new
 * ones. Every step is one transaction with the pool whose condition on the registration or the lot makes it
 * happen once, however many sweeps run it at once; only ADDs touch the pool, so registrations and lot writes
 * running meanwhile lose nothing. A run cut short (time budget, failure) leaves the pool unmarked and the
 * next sweep does the rest.
 */

export interface BackfillOutcome {
  pools: number;
  registrations: number;
  lots: number;
}

/** Tries of a lot whose base changed between the read and the write (a sale or an edit meanwhile). */
const LOT_TRIES = 5;

export async function backfillPools(years: number[], cropIds: number[], deadline = Infinity): Promise<BackfillOutcome> {
  const outcome: BackfillOutcome = { pools: 0, registrations: 0, lots: 0 };
  for (const year of years) {
    const pending = await poolsToBackfill(year, cropIds);
    if (pending.length === 0) continue;
    let complete = true;
    if (!(await registrationsDone(year))) {
      const crops = await getCrops(pending);
      for (const reg of await registrationsWithoutStatus(year)) {
        if (Date.now() > deadline) return outcome;
        // Without a day there is no due entry to expire it or to count it by; it stays billable from free grams.
        if (reg.cropId === undefined || !reg.appointmentDate || !pending.includes(reg.cropId)) continue;
        try {
          if (await confirmOlderRegistration(reg, crops.get(reg.cropId))) outcome.registrations++;
        } catch (e) {
          complete = false;
          log.warn('backfill: registration left to the next sweep', { id: reg.id, year, error: (e as Error).message });
        }
      }
      // Registrations made from now on all carry a status: the year's shards need not be read again.
      if (complete) await markRegistrationsDone(year);
    }
    for (const cropId of pending) {
      if (Date.now() > deadline) return outcome;
      const lots = await unpooledLots(cropId, year);
      for (const lot of lots) {
        if (Date.now() > deadline) return outcome;
        try {
          if (await poolOlderLot(lot.lotID, cropId, year)) outcome.lots++;
        } catch (e) {
          complete = false;
          log.warn('backfill: lot left to the next sweep', { lotID: lot.lotID, error: (e as Error).message });
        }
      }
      if (complete && (await markMigrated(cropId, year))) outcome.pools++;
    }
  }
  if (outcome.pools || outcome.registrations || outcome.lots) log.info('allocation backfill', { ...outcome });
  return outcome;
}

/** The crops whose pool of the year has not been backfilled (one BatchGet; an absent pool has not). */
async function poolsToBackfill(year: number, cropIds: number[]): Promise<number[]> {
  const items = await batchGet(
    cropIds.map((id) => poolKey(id, year)),
    { consistentRead: true },
  );
  const migrated = new Set(
    items
      .map((i) => poolState(Number(String(i.pk).split('#')[1]), year, i))
      .filter((p) => p.migratedOn)
      .map((p) => p.cropId),
  );
  return cropIds.filter((id) => !migrated.has(id));
}

/** The year's registrations stored before pools have all been confirmed (or billed): a marker item. */
const registrationsDoneKey = (year: number) => ({ pk: 'MIGRATION#allocation', sk: `REGS#${year}` });

async function registrationsDone(year: number): Promise<boolean> {
  const out = await withRetry(() =>
    docClient().send(new GetCommand({ TableName: tableName(), Key: registrationsDoneKey(year), ConsistentRead: true })),
  );
  return out.Item !== undefined;
}

async function markRegistrationsDone(year: number): Promise<void> {
  await withRetry(() =>
    docClient().send(
      new PutCommand({ TableName: tableName(), Item: { ...registrationsDoneKey(year), doneOn: new Date().toISOString() } }),
    ),
  );
}

/** Unbilled registrations of the year without a status: the year's list shards, filtered. */
async function registrationsWithoutStatus(year: number): Promise<RegistrationItem[]> {
  const shards = await Promise.all(
    Array.from({ length: LIST_SHARDS }, (_, shard) =>
      withRetry(() =>
        queryAll({
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          FilterExpression: 'attribute_not_exists(#status) AND isBilled = :false',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':pk': listPk(year, shard), ':false': false },
        }),
      ),
    ),
  );
  return (shards.flat() as unknown as RegistrationItem[]).sort((a, b) => a.id - b.id);
}

/**
 * Confirms a registration stored before pools: its promise (the request, with the crop's rules as the sale
 * reads them) and its due entry, the grams into the pool, in one transaction conditional on the
 * registration still having no status and no bill. False when another sweep or a sale got there first.
 */
async function confirmOlderRegistration(reg: RegistrationItem, crop: CropItem | undefined): Promise<boolean> {
  const cropId = reg.cropId!;
  const grams = promisedGramsOf(crop ? rulesOfCrop(crop) : undefined, reg);
  const T = tableName();
  const items = [
    {
      Update: {
        TableName: T,
        Key: regKey(reg.year, reg.id),
        UpdateExpression: 'SET #status = :confirmed, promisedGrams = :g',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#status) AND isBilled = :false AND cropId = :crop',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':confirmed': 'confirmed', ':g': grams, ':false': false, ':crop': cropId },
      },
    },
    { Update: backfillPromiseUpdate(cropId, reg.year, grams) },
    { Put: { TableName: T, Item: dueEntry(reg.appointmentDate!, { cropId, year: reg.year, id: reg.id, grams }) } },
  ];
  try {
    await withRetry(() => docClient().send(new TransactWriteCommand({ TransactItems: items })));
    return true;
  } catch (e) {
    if (cancellationReasons(e)[0]?.Code === 'ConditionalCheckFailed' || isConditionalFailure(e)) return false;
    throw e;
  }
}

/** The crop's lots of the year not pooled yet (the index gives the ids; each is read strongly when pooled). */
async function unpooledLots(cropId: number, year: number): Promise<Pick<LotItem, 'lotID'>[]> {
  const items = await withRetry(() =>
    queryAll({
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :year)',
      FilterExpression: 'attribute_not_exists(pooled)',
      ExpressionAttributeValues: { ':pk': cropLotsPk(cropId), ':year': `${year}#` },
    }),
  );
  return items.map((i) => ({ lotID: Number(i.lotID) }));
}

/**
 * Pools a lot stored before pools: the pool gets what it has not counted of it (the base kept by the first
 * write since pools exist, else the lot as it is) and the lot `pooled = true`, in one transaction
 * conditional on the lot still unpooled with that base. A write landing between the read and the
 * transaction makes it read again. False when it is pooled already (another sweep) or no longer this
 * crop's and year's.
 */
async function poolOlderLot(lotID: number, cropId: number, year: number): Promise<boolean> {
  for (let tries = 1; ; tries++) {
    const lot = await withRetry(() => getLot(lotID, true));
    if (!lot || lot.pooled || lot.cropID !== cropId || lot.year !== year) return false;
    const hasBase = lot.baseTotalGrams !== undefined;
    const stock = lot.baseTotalGrams ?? lot.totalGrams;
    const sold = lot.baseUsedGrams ?? lot.usedGrams;
    const items = [
      {
        Update: {
          TableName: tableName(),
          Key: lotKey(lotID),
          UpdateExpression: 'SET pooled = :true',
          ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(pooled) AND cropID = :crop AND ${
            hasBase
              ? 'baseTotalGrams = :stock AND baseUsedGrams = :sold'
              : 'attribute_not_exists(baseTotalGrams) AND totalGrams = :stock AND usedGrams = :sold'
          }`,
          ExpressionAttributeValues: { ':true': true, ':crop': cropId, ':stock': stock, ':sold': sold },
        },
      },
      { Update: backfillLotUpdate(cropId, year, stock, sold) },
    ];
    try {
      await withRetry(() => docClient().send(new TransactWriteCommand({ TransactItems: items })));
      return true;
    } catch (e) {
      if (cancellationReasons(e)[0]?.Code !== 'ConditionalCheckFailed' || tries >= LOT_TRIES) throw e;
    }
  }
}
