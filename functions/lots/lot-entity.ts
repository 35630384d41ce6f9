import { padId } from '../lib/counters';
import { defineEntity } from '../lib/entity';
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
  ],
});

export const lotKey = lotEntity.key;
export const lotCodeKey = (code: string) => ({ pk: `LOTCODE#${code}`, sk: 'LOTCODE' });
export const lotCounterKey = (producerID: number, year: number) => ({
  pk: `COUNTER#${lotSequenceCounter(producerID, year)}`,
  sk: 'COUNTER',
});
