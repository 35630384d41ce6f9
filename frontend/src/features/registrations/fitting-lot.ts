import type { LotForCrop } from '@shared/schemas/lots';

/**
 * The lot Issue Seeds preselects (docs/product-rules.md#issue-seeds): the oldest lot (earliest year, then
 * lowest number) with stock for the whole quantity registered for; null when none has enough.
 */
export function fittingLot(lots: readonly LotForCrop[], neededKg: number): LotForCrop | null {
  const enough = lots.filter((l) => l.remaining >= neededKg);
  enough.sort((a, b) => a.year - b.year || a.lotID - b.lotID);
  return enough[0] ?? null;
}
