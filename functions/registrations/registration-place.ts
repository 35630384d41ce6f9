import { getSettingStrict } from '../lib/config-store';
import { log } from '../lib/log';
import { busy } from '../allocation/appointments';
import type { AllocationMode } from '@shared/config-keys';
import * as pool from '../allocation/pool';

/**
 * The allocation mode as stored: the lenient default (first-come) in place of a stored `draw` would give
 * dates first-come during a draw, so a failed read refuses the registration with "please submit again".
 */
export async function allocationMode(): Promise<AllocationMode> {
  try {
    return await getSettingStrict('AllocationMode');
  } catch (e) {
    log.error('allocation mode unreadable', { error: (e as Error).message, name: (e as Error).name });
    throw busy();
  }
}

/**
 * A new registration's place in its crop's stock: confirmed with grams promised, a waiting-list position, or
 * (draw mode) applied for the draw.
 */
export type Place =
  | { status: 'confirmed'; position?: undefined }
  | { status: 'waitlisted'; position: number }
  | { status: 'applied'; position?: undefined };

/**
 * Rule 1 (docs/decisions/0022-allocation.md, section 2): one conditional write on the crop's pool promises
 * the grams while nobody waits and they are free; otherwise the registration takes the next position. In
 * draw mode (section 4) the pool only counts the applicant: nothing is promised until the draw.
 */
export async function takePlace(cropId: number, year: number, grams: number, mode: AllocationMode): Promise<Place> {
  if (mode === 'draw') {
    await pool.apply(cropId, year);
    return { status: 'applied' };
  }
  if (await pool.promise(cropId, year, grams)) return { status: 'confirmed' };
  return { status: 'waitlisted', position: await pool.joinQueue(cropId, year) };
}

/** Gives back what takePlace took when the registration was not written; a failure leaves it to reconciliation. */
export async function givePlaceBack(cropId: number, year: number, grams: number, place: Place): Promise<void> {
  const giveBack = {
    confirmed: () => pool.release(cropId, year, grams),
    waitlisted: () => pool.leaveQueue(cropId, year),
    applied: () => pool.withdraw(cropId, year),
  }[place.status];
  await giveBack().catch((e) =>
    log.warn('allocation not given back (reconciliation repairs it)', { cropId, year, error: (e as Error).message }),
  );
}

/**
 * Writes the three items; true when written, false when the claim already existed. Transient failures are
 * resent with the same client request token (idempotent); when the outcome stays unknown the registration
 * is read back before anything is given back.
 */
