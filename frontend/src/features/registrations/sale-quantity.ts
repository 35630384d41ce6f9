import { QTY_CLAMP, saleLimit, type CropRules } from '@shared/crop-rules';
import type { LotForCrop } from '@shared/schemas/lots';
import type { RegistrationRow } from '@shared/schemas/registration';

/** Why the quantity typed in Issue Seeds cannot be sold (docs/product-rules.md#issue-seeds). */
export type QuantityProblem =
  | { kind: 'invalid' }
  | { kind: 'overRequest'; limit: number }
  | { kind: 'overStock'; remainingKg: number };

export interface QuantityCheck {
  /** The number typed (NaN when empty). */
  count: number;
  /** kg sold: count × bag size for bag crops, count for kg crops; 0 when the count is not a whole 1 to 10. */
  quantityKg: number;
  /** Above what the farmer registered for (an admin may allow it). */
  aboveRequest: boolean;
  problem: QuantityProblem | null;
}

/** kg in one counted unit: the bag size for bag crops, 1 kg otherwise. */
export const unitKg = (rules: CropRules | null) => (rules?.unit === 'bag' ? rules.bagSizeKg : 1);

/**
 * The quantity check of Issue Seeds: a whole number from 1 to 10, within what the farmer registered for (unless
 * an admin allows more) and within the chosen lot's stock.
 */
export function checkSaleQuantity(o: {
  text: string;
  rules: CropRules | null;
  row: RegistrationRow;
  lot: LotForCrop | undefined;
  overRequestAllowed: boolean;
}): QuantityCheck {
  const count = o.text.trim() === '' ? NaN : Number(o.text);
  const whole = Number.isInteger(count) && count >= QTY_CLAMP.min && count <= QTY_CLAMP.max;
  const quantityKg = whole ? count * unitKg(o.rules) : 0;
  const limit = saleLimit(o.rules ?? undefined, o.row);
  const aboveRequest = whole && count > limit;
  const problem: QuantityProblem | null = !whole
    ? { kind: 'invalid' }
    : aboveRequest && !o.overRequestAllowed
      ? { kind: 'overRequest', limit }
      : o.lot && quantityKg > o.lot.remaining
        ? { kind: 'overStock', remainingKg: o.lot.remaining }
        : null;
  return { count, quantityKg, aboveRequest, problem };
}
