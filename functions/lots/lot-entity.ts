import { padId } from '../lib/counters';
import { defineEntity } from '../lib/entity';
import { getRecord } from '../lib/entity-reads';
import { queryIndex, type Item } from '../lib/query';
import { lotSequenceCounter } from './codes';

/**
 * Lot (docs/data-model.md, "Lots").
 *
 * LOT#<id> / LOT                                    the lot; stock in grams, price in paise per kg
 *   gsi1: LOTS / <year>#<padded id>                 all lots, newest first, year filter by prefix
 *   gsi2: CROPLOTS#<cropID> / <year>#<padded id>    lots of a crop (crop filter, lots for a sale)
 *   gsi3: PRODUCERLOTS#<producerID> / <year>#<padded id>
 * LOTCODE#<code> / LOTCODE                          the code's owner (public lookup, uniqueness)
 * COUNTER#lotseq#<producerID>#<year> / COUNTER      last sequence number used in codes (value)
 *
 * Invariant: usedGrams + remainingGrams = totalGrams, remainingGrams >= 0 (docs/invariants.md#3-lot-stock).
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
  /** Set by the sales area with each sale. */
  lastSaleOn?: string;
  /**
   * The crop's stock pool counts the whole lot (docs/decisions/0022-allocation.md, section 11): set on lots
   * created since pools exist, and by the backfill on older ones. An older lot's pool counts only what
   * changed since pools exist: its total and used grams at its first write since then are kept as
   * `baseTotalGrams`/`baseUsedGrams`, and the backfill adds them.
   */
  pooled?: boolean;
  baseTotalGrams?: number;
  baseUsedGrams?: number;
}

export const ALL_LOTS_PK = 'LOTS';
export const cropLotsPk = (cropID: number) => `CROPLOTS#${cropID}`;
export const producerLotsPk = (producerID: number) => `PRODUCERLOTS#${producerID}`;
const yearSk = (year: number, id: number) => `${year}#${padId(id)}`;

export const lotEntity = defineEntity<LotItem>()({
  name: 'Lot',
  key: (id: number) => ({ pk: `LOT#${id}`, sk: 'LOT' }),
  idOf: (l) => l.lotID,
  indexes: (l) => {
    const sk = yearSk(l.year, l.lotID);
    return {
      gsi1pk: ALL_LOTS_PK,
      gsi1sk: sk,
      gsi2pk: cropLotsPk(l.cropID),
      gsi2sk: sk,
      gsi3pk: producerLotsPk(l.producerID),
      gsi3sk: sk,
    };
  },
  attributes: [
    'lotID',
    'lotCode',
    'producerID',
    'cropID',
    'year',
    'isSubsidized',
    'totalGrams',
    'usedGrams',
    'remainingGrams',
    'pricePaise',
    'createdOn',
    'updatedOn',
    'lastSaleOn',
    'pooled',
    'baseTotalGrams',
    'baseUsedGrams',
  ],
});

export const lotKey = lotEntity.key;

/** The grams of a lot's total its pool counts: all of it once pooled, else what changed since pools exist. */
export const pooledStockOf = (lot: Pick<LotItem, 'pooled' | 'totalGrams' | 'baseTotalGrams'>, totalGrams = lot.totalGrams) =>
  lot.pooled ? totalGrams : totalGrams - (lot.baseTotalGrams ?? lot.totalGrams);

/**
 * For a lot not yet pooled: its total and used grams before this write are kept (once) as the base the
 * backfill adds; both always together. Goes into the write's SET.
 */
export const KEEP_POOL_BASE =
  'baseTotalGrams = if_not_exists(baseTotalGrams, totalGrams), baseUsedGrams = if_not_exists(baseUsedGrams, usedGrams)';
export const lotCodeKey = (code: string) => ({ pk: `LOTCODE#${code}`, sk: 'LOTCODE' });
export const lotCounterKey = (producerID: number, year: number) => ({
  pk: `COUNTER#${lotSequenceCounter(producerID, year)}`,
  sk: 'COUNTER',
});

export const getLot = (id: number, consistent = false) => getRecord(lotEntity, id, consistent);

/** The lots of a crop for one year (at most `take`, newest first): what a registration of that year is served from. */
export async function cropLotsOfYear(cropID: number, year: number, take: number): Promise<LotItem[]> {
  const { items } = await queryIndex<Item>({ index: 'gsi2', pk: cropLotsPk(cropID), skPrefix: `${year}#`, take });
  return lotEntity.fromItems(items);
}
