import type { ReservedShareSetting } from '@shared/config-keys';
import type { DrawReply, DrawRequest } from '@shared/schemas/allocation';
import type { AuditTrail } from '../lib/audit-log';
import type { Caller } from '../lib/caller';
import { getSetting, getSettingStrict } from '../lib/config-store';
import { AppError, badRequest, conflict, notFound } from '../lib/errors';
import { DrawInputError, type ReservedShare, runDraw, sharesOf } from './draw';
import { DrawTooLargeError, publishedFrom, readApplicants, readDraw, saveDraw, type StoredDraw } from './draw-store';
import { applyDraw } from './draw-apply';
import { readPool } from './pool';

/**
 * The draw of a crop and year (docs/decisions/0022-allocation.md, section 4): run once, after the form is
 * closed, over the applicants of the crop and year and the grams free in its pool; its result is public,
 * and then given to the registrations (functions/allocation/draw-apply.ts).
 */

/** The settings' shares as the draw takes them: a qualifier is a category or a gender. */
export const drawShares = (settings: readonly ReservedShareSetting[]): ReservedShare[] =>
  settings.map((s) => ({ name: s.name, percent: s.percent, categories: s.qualifiers, genders: s.qualifiers }));

export class DrawAlreadyRun extends Error {
  constructor(readonly first: DrawReply) {
    super(`The draw for crop ${first.cropId} in ${first.year} was already run on ${first.drawnOn}; its result stands`);
  }
}

/**
 * The audit entry is written with the stored draw, when the draw is fixed (the run's start): applying it to the
 * registrations takes many transactions, and a resend that finishes an earlier run records nothing new.
 */
export async function runCropDraw(input: DrawRequest, caller: Caller, audit: AuditTrail): Promise<DrawReply> {
  const { cropId, year, seed } = input;
  const earlier = await readDraw(cropId, year);
  if (earlier) {
    // Fixed before: an apply that did not finish is finished (each step is done once), and the same request
    // is answered as the first would have been; anything else is refused with the first result.
    if (earlier.state !== 'applied') {
      await finishApply(earlier);
      if (earlier.seed === seed) return publishedFrom(earlier);
    }
    throw new DrawAlreadyRun(publishedFrom(earlier));
  }
  // As stored: the lenient read gives the default (closed) when the lookup fails, which would let a draw run
  // while the form is open.
  if (await getSettingStrict('Is_SVS_Form_On')) throw conflict('Close the registration form before running the draw');
  const pool = await readPool(cropId, year);
  if (pool.waiting > 0) {
    const registrations =
      pool.waiting === 1 ? '1 registration of this crop is' : `${pool.waiting} registrations of this crop are`;
    throw conflict(`${registrations} on the waiting list for ${year}; a draw needs an empty one`);
  }
  const applicants = await readApplicants(cropId, year);
  if (applicants.length === 0) throw conflict(`Nobody applied for this crop in ${year}`);
  const shares = drawShares(await getSetting('ReservedShares'));
  const drawInput = { seed, cropId, year, stockGrams: Math.max(0, pool.freeGrams), applicants, shares };
  let result: ReturnType<typeof runDraw>;
  try {
    result = runDraw(drawInput);
  } catch (e) {
    if (e instanceof DrawInputError) throw badRequest(e.message);
    throw e;
  }
  const byId = new Map(applicants.map((a) => [a.id, a]));
  const stored: StoredDraw = {
    algorithm: result.algorithm,
    seed,
    cropId,
    year,
    stockGrams: result.stockGrams,
    promisedGrams: result.promisedGrams,
    shares: result.shares,
    entries: result.entries.map((e) => ({
      id: e.id,
      grams: byId.get(e.id)!.grams,
      outcome: e.outcome,
      ...(e.reservedFor ? { reservedFor: e.reservedFor } : {}),
      shares: sharesOf(byId.get(e.id)!, shares),
    })),
    drawnOn: new Date().toISOString(),
    drawnBy: caller.userID,
  };
  let saved: boolean;
  try {
    const entry = audit.put(
      { type: 'allocation', id: `draw:${cropId}`, year },
      {
        summary: `draw of crop ${cropId} fixed: ${stored.entries.length} applicants, ${stored.promisedGrams} of ${stored.stockGrams} g promised`,
        fields: [{ field: 'seed', after: seed }],
      },
    );
    saved = await saveDraw(stored, entry);
  } catch (e) {
    if (e instanceof DrawTooLargeError) throw conflict(e.message);
    throw e;
  }
  if (!saved) {
    // Another run of the same crop and year was stored first: that one stands.
    const first = await readDraw(cropId, year);
    if (!first) throw new Error(`Draw of crop ${cropId} in ${year} refused but not found`);
    throw new DrawAlreadyRun(publishedFrom(first));
  }
  await finishApply(stored);
  return publishedFrom(stored);
}

/** Gives the draw's outcome to the registrations (step 4); when it stops, says why and how to go on. */
async function finishApply(draw: StoredDraw): Promise<void> {
  const out = await applyDraw(draw);
  if (out.done) return;
  const goOn = 'The draw is fixed and published; send the same request again to finish applying it';
  switch (out.reason) {
    case 'no-days':
      throw conflict(`No appointment day is left for the winner at place ${out.at}: add appointment days first. ${goOn}.`);
    case 'no-stock':
      throw conflict(`The crop's free stock no longer holds the winner at place ${out.at}: add stock first. ${goOn}.`);
    case 'busy':
      throw new AppError('UNAVAILABLE', `Storage is busy. ${goOn}.`);
    case 'time':
      throw new AppError('UNAVAILABLE', `Applying the draw takes more than one request (stopped at place ${out.at}). ${goOn}.`, {
        retryAfterSeconds: 1,
      });
  }
}

export async function publishedDraw(cropId: number, year: number): Promise<DrawReply> {
  const stored = await readDraw(cropId, year);
  if (!stored) throw notFound(`No draw has been run for crop ${cropId} in ${year}`);
  return publishedFrom(stored);
}
