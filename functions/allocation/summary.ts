import { currentYear } from '@shared/schemas/lots';
import type { AllocationCropReply, AllocationSummaryReply } from '@shared/schemas/replies/allocation';
import { getSetting } from '../lib/config-store';
import { batchGet } from '../lib/batch-get';
import { dropdown } from '../crops/crop-dropdown';
import { gramsToKg } from '../lib/units';
import { drawRecordKey } from './draw-store';
import { poolKey, poolState } from './pool';

type DrawState = NonNullable<AllocationCropReply['draw']>['state'];
const DRAW_STATES: readonly DrawState[] = ['drawn', 'applying', 'applied'];

/**
 * GET /api/allocation (docs/decisions/0022-allocation.md, section 1): every crop of the catalogue with its
 * pool of the year, in kg, and its registrations per status; crops without a pool show zeros. The pools and
 * the draw records are read in one BatchGet (the catalogue has tens of crops).
 */
export async function allocationSummary(year = currentYear()): Promise<AllocationSummaryReply> {
  const [crops, mode, graceDays, formOpen] = await Promise.all([
    dropdown(true),
    getSetting('AllocationMode'),
    getSetting('CollectionGraceDays'),
    getSetting('Is_SVS_Form_On'),
  ]);
  const items = await batchGet(crops.flatMap((c) => [poolKey(c.id, year), drawRecordKey(c.id, year)]));
  const byKey = new Map(items.map((i) => [`${String(i.pk)}|${String(i.sk)}`, i]));
  const itemOf = (k: { pk: string; sk: string }) => byKey.get(`${k.pk}|${k.sk}`);
  return {
    year,
    mode,
    graceDays,
    formOpen,
    crops: crops.map((crop) => {
      const pool = poolState(crop.id, year, itemOf(poolKey(crop.id, year)));
      const draw = itemOf(drawRecordKey(crop.id, year));
      const state = DRAW_STATES.find((s) => s === draw?.state);
      return {
        cropId: crop.id,
        cropName: crop.name,
        cropNameHi: crop.nameHi,
        year,
        stockKg: gramsToKg(pool.stockGrams),
        availableKg: gramsToKg(pool.freeGrams),
        promisedKg: gramsToKg(pool.promisedGrams),
        soldKg: gramsToKg(pool.soldGrams),
        // Billed farmers apart from the confirmed ones still to collect (a billed registration stays confirmed).
        confirmed: Math.max(0, pool.confirmed - pool.billed),
        billed: Math.max(0, pool.billed),
        waitlisted: pool.waiting,
        applied: pool.applied,
        expired: pool.expired,
        cancelled: pool.cancelled,
        ...(draw && state ? { draw: { state, drawnOn: String(draw.drawnOn), seed: String(draw.seed) } } : {}),
      };
    }),
  };
}
