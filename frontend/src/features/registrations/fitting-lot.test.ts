import { describe, expect, it } from 'vitest';
import type { LotForCrop } from '@shared/schemas/lots';
import { fittingLot } from './fitting-lot';

const lot = (lotID: number, year: number, remaining: number): LotForCrop => ({
  lotID,
  lotCode: `L${lotID}`,
  remaining,
  pricePerUnit: 30,
  year,
  isSubsidized: false,
});

describe('fittingLot', () => {
  it('takes the oldest lot with stock for the whole quantity', () => {
    const lots = [lot(9, 2026, 500), lot(4, 2026, 200), lot(7, 2025, 100)];
    expect(fittingLot(lots, 80)?.lotID).toBe(7);
    expect(fittingLot(lots, 150)?.lotID).toBe(4);
    expect(fittingLot(lots, 200)?.lotID).toBe(4);
  });

  it('skips lots with too little stock, and gives none when no lot has enough', () => {
    expect(fittingLot([lot(1, 2025, 39.5), lot(2, 2026, 40)], 40)?.lotID).toBe(2);
    expect(fittingLot([lot(1, 2025, 10)], 40)).toBeNull();
    expect(fittingLot([], 1)).toBeNull();
  });
});
