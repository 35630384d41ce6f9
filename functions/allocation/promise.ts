import { type CropRules, type RequestedQuantity, requestedKg, saleLimit } from '@shared/crop-rules';
import { kgToGrams } from '../lib/units';

/**
 * What a registration promises and whether it fits (docs/decisions/0022-allocation.md, sections 1 and 2).
 * Grams, as lots keep their stock, so that sums are exact.
 */

/**
 * The grams a registration asks to be promised: bags × the crop's bag size, or kg. A crop whose form
 * offered no quantity promises the most a sale may give without an override (the crop's maximum), since
 * that is what the counter may hand over.
 */
export function promisedGramsOf(rules: CropRules | undefined, requested: RequestedQuantity): number {
  const kg = requestedKg(rules, requested) ?? mostASaleGivesKg(rules, requested);
  return kgToGrams(kg);
}

function mostASaleGivesKg(rules: CropRules | undefined, requested: RequestedQuantity): number {
  const limit = saleLimit(rules, { ...requested, quantityOffered: false });
  return rules?.unit === 'bag' ? limit * rules.bagSizeKg : limit;
}

/** The pool's counters as stored (absent attributes read as 0). */
export interface PoolCounts {
  stockGrams: number;
  soldGrams: number;
  promisedGrams: number;
  /** Registrations on the waiting list now. */
  waiting: number;
}

export const EMPTY_POOL: PoolCounts = { stockGrams: 0, soldGrams: 0, promisedGrams: 0, waiting: 0 };

/** Grams that may still be promised: the lots' remaining stock minus what is promised (never below 0). */
export function availableGrams(pool: PoolCounts): number {
  return Math.max(0, pool.stockGrams - pool.soldGrams - pool.promisedGrams);
}

/**
 * Whether a new registration of `grams` is confirmed at once: nobody is waiting (the queue keeps its
 * order) and the grams fit. The pool's conditional write says the same (pool.ts); this is its model.
 */
export function confirmsAtOnce(pool: PoolCounts, grams: number): boolean {
  return pool.waiting === 0 && grams <= availableGrams(pool);
}

/** The invariant every pool write keeps: promised + sold ≤ stock. */
export function withinStock(pool: PoolCounts): boolean {
  return pool.promisedGrams + pool.soldGrams <= pool.stockGrams;
}
