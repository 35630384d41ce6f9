import { describe, expect, it } from 'vitest';
import {
  clampQty,
  defaultRulesFor,
  normalizeCropName,
  qtyChoices,
  quantityLabel,
  requestedKg,
  saleLimit,
  saleQuantityKg,
  sameCrop,
  unitLabel,
} from './crop-rules';

describe('crop rules', () => {
  it('matches crop names ignoring spaces, hyphens and case', () => {
    expect(normalizeCropName(' Chick-Pea ')).toBe('chickpea');
    expect(sameCrop('WHEAT', 'wheat ')).toBe(true);
    expect(sameCrop('mustard', 'wheat')).toBe(false);
  });

  it('gives the default rules for wheat, chickpea and mustard', () => {
    expect(qtyChoices(defaultRulesFor('Wheat'))).toEqual([1, 2, 3]);
    expect(qtyChoices(defaultRulesFor('chick pea'))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(qtyChoices(defaultRulesFor('Mustard'))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(defaultRulesFor('Barley')).toBeUndefined();
    expect(qtyChoices(undefined)).toEqual([]);
  });

  it('labels units: bags for wheat, kg for the others', () => {
    expect(unitLabel(defaultRulesFor('wheat'), 'en')).toBe('bags');
    expect(unitLabel(defaultRulesFor('mustard'), 'en')).toBe('kg');
    expect(unitLabel(defaultRulesFor('wheat'), 'hi')).toBe('बैग');
  });

  it('clamps quantities to 1..10 and to the crop choices', () => {
    expect(clampQty(0)).toBe(1);
    expect(clampQty(42)).toBe(10);
    expect(clampQty(5, defaultRulesFor('wheat'))).toBe(3);
  });

  it('computes sale quantities: wheat bags of 40 kg, other crops the kg as one bag', () => {
    expect(saleQuantityKg(defaultRulesFor('wheat'), 3)).toEqual({ bags: 3, bagSizeKg: 40, quantityKg: 120 });
    expect(saleQuantityKg(defaultRulesFor('mustard'), 4)).toEqual({ bags: 1, bagSizeKg: 4, quantityKg: 4 });
  });
});

describe('quantityLabel', () => {
  it('says bag for one and bags for more, kg for other crops, in both languages', () => {
    expect(quantityLabel(1, 'bag', 'en')).toBe('1 bag');
    expect(quantityLabel(2, 'bag', 'en')).toBe('2 bags');
    expect(quantityLabel(1, 'bag', 'hi')).toBe('1 बैग');
    expect(quantityLabel(3, 'kg', 'en')).toBe('3 kg');
    expect(quantityLabel(3, 'kg', 'hi')).toBe('3 किलो');
    expect(quantityLabel(3, undefined, 'en')).toBe('3 kg');
  });
});

describe('sale limit (what a sale may give without an admin)', () => {
  const wheat = defaultRulesFor('Wheat');
  const chickpea = defaultRulesFor('Chickpea');
  it('is the registration’s request in the sale unit, never above the crop’s maximum', () => {
    expect(saleLimit(wheat, { bagsRequested: 1, unit: 'bag' })).toBe(1);
    expect(saleLimit(wheat, { bagsRequested: 3, unit: 'bag' })).toBe(3);
    expect(saleLimit(wheat, { bagsRequested: 9, unit: 'bag' })).toBe(3);
    expect(saleLimit(chickpea, { bagsRequested: 2, unit: 'kg' })).toBe(2);
    expect(requestedKg(wheat, { bagsRequested: 2, unit: 'bag' })).toBe(80);
  });
  it('is the crop’s maximum when the form asked no quantity', () => {
    expect(saleLimit(undefined, { bagsRequested: 1, unit: 'kg', quantityOffered: false })).toBe(10);
    expect(saleLimit(chickpea, { bagsRequested: 1, unit: 'kg', quantityOffered: false })).toBe(6);
    expect(requestedKg(undefined, { bagsRequested: 1, unit: 'kg', quantityOffered: false })).toBeUndefined();
  });
});
