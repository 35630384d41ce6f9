import { describe, expect, it } from 'vitest';
import type { CropRules } from '@shared/crop-rules';
import type { LotForCrop } from '@shared/schemas/lots';
import type { RegistrationRow } from '@shared/schemas/registration';
import { checkSaleQuantity } from './sale-quantity';

const WHEAT: CropRules = { unit: 'bag', bagSizeKg: 40, minQty: 1, maxQty: 3, defaultQty: 1 };
const row = { bagsRequested: 2, unit: 'bag' } as RegistrationRow;
const lot = { lotID: 1, lotCode: 'L1', remaining: 100, pricePerUnit: 30, year: 2026, isSubsidized: false } as LotForCrop;
const check = (text: string, overRequestAllowed = false, l: LotForCrop | undefined = lot) =>
  checkSaleQuantity({ text, rules: WHEAT, row, lot: l, overRequestAllowed });

describe('checkSaleQuantity', () => {
  it('counts bags in kg and passes a quantity within the request and the stock', () => {
    expect(check('2')).toEqual({ count: 2, quantityKg: 80, aboveRequest: false, problem: null });
    expect(check('1', false, undefined).problem).toBeNull();
  });

  it('refuses what is not a whole number from 1 to 10', () => {
    for (const text of ['', '0', '11', '2.5', 'x']) expect(check(text).problem, text).toEqual({ kind: 'invalid' });
  });

  it('refuses more than registered for, unless an admin allows it; then the stock still limits', () => {
    expect(check('3').problem).toEqual({ kind: 'overRequest', limit: 2 });
    expect(check('3', true)).toMatchObject({ aboveRequest: true, problem: { kind: 'overStock', remainingKg: 100 } });
    expect(check('3', true, { ...lot, remaining: 500 }).problem).toBeNull();
  });
});
