import { defaultRulesFor } from '@shared/crop-rules';
import { describe, expect, it } from 'vitest';
import { availableGrams, confirmsAtOnce, EMPTY_POOL, promisedGramsOf, withinStock } from './promise';

const wheat = defaultRulesFor('Wheat');
const chickpea = defaultRulesFor('Chickpea');

describe('promisedGramsOf', () => {
  it('is bags × the bag size for bag crops, the kg for kg crops', () => {
    expect(promisedGramsOf(wheat, { bagsRequested: 2, unit: 'bag' })).toBe(80_000);
    expect(promisedGramsOf({ ...wheat!, bagSizeKg: 25 }, { bagsRequested: 3, unit: 'bag' })).toBe(75_000);
    expect(promisedGramsOf(chickpea, { bagsRequested: 5, unit: 'kg' })).toBe(5_000);
  });

  it('promises the most a sale may give when the form offered no quantity', () => {
    expect(promisedGramsOf(undefined, { bagsRequested: 1, unit: 'kg', quantityOffered: false })).toBe(10_000);
  });

  it('counts a request in the unit it was made in after the crop changed unit', () => {
    expect(promisedGramsOf(chickpea, { bagsRequested: 2, unit: 'bag' })).toBe(80_000);
    expect(promisedGramsOf(wheat, { bagsRequested: 6, unit: 'kg' })).toBe(6_000);
  });
});

describe('the pool model', () => {
  const pool = { stockGrams: 100_000, soldGrams: 30_000, promisedGrams: 50_000, waiting: 0 };

  it('has the remaining stock minus the promises available', () => {
    expect(availableGrams(pool)).toBe(20_000);
    expect(availableGrams(EMPTY_POOL)).toBe(0);
    expect(availableGrams({ ...pool, promisedGrams: 90_000 })).toBe(0);
  });

  it('confirms at once only when nobody waits and the grams fit', () => {
    expect(confirmsAtOnce(pool, 20_000)).toBe(true);
    expect(confirmsAtOnce(pool, 20_001)).toBe(false);
    expect(confirmsAtOnce({ ...pool, waiting: 1 }, 1_000)).toBe(false);
    expect(confirmsAtOnce(EMPTY_POOL, 1)).toBe(false);
  });

  it('states the invariant promised + sold ≤ stock', () => {
    expect(withinStock(pool)).toBe(true);
    expect(withinStock({ ...pool, promisedGrams: 70_000 })).toBe(true);
    expect(withinStock({ ...pool, promisedGrams: 70_001 })).toBe(false);
  });
});
