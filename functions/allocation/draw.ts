import { createHmac } from 'node:crypto';

/**
 * The draw (docs/decisions/0022-allocation.md, section 4): a deterministic order of a crop's applicants from
 * a public seed, reserved shares filled first in that order, winners until the stock is promised, the rest
 * waitlisted in draw order. Pure: the same input gives the same result on any machine (no clock, no
 * Math.random, no locale), which is what `verify-draw` relies on.
 */

/** Versioned: a change to the order or the outcome rules gets a new name, never a different result under this one. */
export const DRAW_ALGORITHM = 'hmac-sha256-sort-v1';

export interface Applicant {
  /** Registration number (public in the result). */
  id: number;
  /** Grams the registration asks for. */
  grams: number;
  category?: string;
  gender?: string;
  /**
   * The names of the shares the applicant qualifies for, as the published result lists them (it shows no
   * category or gender); when given, it decides instead of category and gender.
   */
  shares?: readonly string[];
}

/** A share of the stock kept for applicants who qualify: their category or their gender is among those listed. */
export interface ReservedShare {
  name: string;
  /** Of the stock at the draw, 0-100. */
  percent: number;
  categories?: readonly string[];
  genders?: readonly string[];
}

export interface DrawInput {
  seed: string;
  cropId: number;
  year: number;
  stockGrams: number;
  applicants: readonly Applicant[];
  shares?: readonly ReservedShare[];
}

export interface DrawEntry {
  id: number;
  /** 1-based place in the draw order. */
  rank: number;
  /** The applicant's draw key (hex), which anyone can recompute from the seed. */
  key: string;
  outcome: 'confirmed' | 'waitlisted';
  /** The share this winner was chosen for; absent for winners of the open part. */
  reservedFor?: string;
  /** 1-based place on the waiting list (losers only). */
  waitlistPosition?: number;
}

export interface ShareOutcome {
  name: string;
  percent: number;
  quotaGrams: number;
  /** Grams confirmed to applicants who qualify for the share (winners of any part). */
  filledGrams: number;
}

export interface DrawResult {
  algorithm: typeof DRAW_ALGORITHM;
  seed: string;
  cropId: number;
  year: number;
  stockGrams: number;
  promisedGrams: number;
  shares: ShareOutcome[];
  /** Every applicant, in draw order. */
  entries: DrawEntry[];
}

export class DrawInputError extends Error {}

/** The message each applicant's key is made from: `<cropId>#<year>#<registration number>`. */
export const drawMessage = (cropId: number, year: number, id: number) => `${cropId}#${year}#${id}`;

/** HMAC-SHA-256 of the applicant's message under the seed, hex (what `openssl dgst -sha256 -hmac <seed>` prints). */
export function drawKey(seed: string, cropId: number, year: number, id: number): string {
  return createHmac('sha256', seed)
    .update(drawMessage(cropId, year, id))
    .digest('hex');
}

/** Registration numbers in draw order: ascending keys (hex of equal length sorts as the bytes), ties by number. */
export function drawOrder(seed: string, cropId: number, year: number, ids: readonly number[]): number[] {
  return ids
    .map((id) => ({ id, key: drawKey(seed, cropId, year, id) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id))
    .map((k) => k.id);
}

export function qualifies(a: Applicant, share: ReservedShare): boolean {
  if (a.shares) return a.shares.includes(share.name);
  return Boolean((a.category && share.categories?.includes(a.category)) || (a.gender && share.genders?.includes(a.gender)));
}

/** The shares an applicant qualifies for, by name: what the published result shows instead of category and gender. */
export const sharesOf = (a: Applicant, shares: readonly ReservedShare[]): string[] =>
  shares.filter((s) => qualifies(a, s)).map((s) => s.name);

export function runDraw(input: DrawInput): DrawResult {
  checkInput(input);
  const shares = input.shares ?? [];
  const byId = new Map(input.applicants.map((a) => [a.id, a]));
  const order = drawOrder(input.seed, input.cropId, input.year, [...byId.keys()]).map((id) => byId.get(id)!);
  const winners = new Map<number, string | undefined>();
  let left = input.stockGrams;
  const confirm = (a: Applicant, reservedFor?: string) => {
    winners.set(a.id, reservedFor);
    left -= a.grams;
  };
  const filledGrams = (share: ReservedShare) =>
    order.filter((a) => winners.has(a.id) && qualifies(a, share)).reduce((sum, a) => sum + a.grams, 0);

  // Reserved shares first, each in draw order, until its quota is reached or the next who qualifies does not fit.
  for (const share of shares) {
    const quota = quotaGrams(share, input.stockGrams);
    let filled = filledGrams(share);
    for (const a of order) {
      if (filled >= quota) break;
      if (winners.has(a.id) || !qualifies(a, share)) continue;
      if (a.grams > left) break;
      confirm(a, share.name);
      filled += a.grams;
    }
  }
  // Then everyone in draw order while they fit; from the first who does not, the rest wait (nobody is skipped).
  for (const a of order) {
    if (winners.has(a.id)) continue;
    if (a.grams > left) break;
    confirm(a);
  }

  let position = 0;
  const entries = order.map((a, i): DrawEntry => {
    const base = { id: a.id, rank: i + 1, key: drawKey(input.seed, input.cropId, input.year, a.id) };
    if (!winners.has(a.id)) return { ...base, outcome: 'waitlisted', waitlistPosition: ++position };
    const reservedFor = winners.get(a.id);
    return { ...base, outcome: 'confirmed', ...(reservedFor ? { reservedFor } : {}) };
  });
  return {
    algorithm: DRAW_ALGORITHM,
    seed: input.seed,
    cropId: input.cropId,
    year: input.year,
    stockGrams: input.stockGrams,
    promisedGrams: input.stockGrams - left,
    shares: shares.map((s) => ({
      name: s.name,
      percent: s.percent,
      quotaGrams: quotaGrams(s, input.stockGrams),
      filledGrams: filledGrams(s),
    })),
    entries,
  };
}

/** Whole grams: the quota is rounded down, so a share never claims stock that is not there. */
const quotaGrams = (share: ReservedShare, stockGrams: number) => Math.floor((share.percent * stockGrams) / 100);

function checkInput(input: DrawInput): void {
  if (input.seed.trim() === '' || input.seed !== input.seed.trim()) {
    throw new DrawInputError('The seed must be given, without spaces around it');
  }
  if (!isWhole(input.cropId) || !isWhole(input.year)) throw new DrawInputError('Crop and year must be whole numbers');
  if (!isWhole(input.stockGrams)) throw new DrawInputError('Stock must be whole grams, 0 or more');
  const seen = new Set<number>();
  for (const a of input.applicants) {
    if (!isWhole(a.id) || a.id < 1) throw new DrawInputError(`Registration number ${a.id} is not valid`);
    if (seen.has(a.id)) throw new DrawInputError(`Registration ${a.id} is listed twice`);
    if (!isWhole(a.grams) || a.grams < 1) throw new DrawInputError(`Registration ${a.id} asks for no seed`);
    seen.add(a.id);
  }
  const shares = input.shares ?? [];
  const names = new Set(shares.map((s) => s.name));
  if (names.size !== shares.length) throw new DrawInputError('Each reserved share needs a name of its own');
  for (const s of shares) {
    if (!(s.percent > 0 && s.percent <= 100))
      throw new DrawInputError(`Share ${s.name}: percent must be above 0 and at most 100`);
    const named = s.categories?.length || s.genders?.length || input.applicants.every((a) => a.shares);
    if (!named) throw new DrawInputError(`Share ${s.name} names nobody who qualifies`);
  }
  if (shares.reduce((sum, s) => sum + s.percent, 0) > 100) throw new DrawInputError('Reserved shares add up to more than 100 %');
}

const isWhole = (n: number) => Number.isSafeInteger(n) && n >= 0;

/** The draw as anyone may read it: no name, category or gender; per number its grams and the shares it counts for. */
export interface PublishedDraw extends Omit<DrawResult, 'entries'> {
  entries: (DrawEntry & { grams: number; shares: string[] })[];
}

export function publishDraw(result: DrawResult, input: DrawInput): PublishedDraw {
  const byId = new Map(input.applicants.map((a) => [a.id, a]));
  const shares = input.shares ?? [];
  return {
    ...result,
    entries: result.entries.map((e) => {
      const a = byId.get(e.id)!;
      return { ...e, grams: a.grams, shares: sharesOf(a, shares) };
    }),
  };
}

/**
 * What `verify-draw` checks: the published order and outcome are what the algorithm gives from the published
 * seed, crop, year, stock, shares and applicants. Empty when they are; otherwise each difference found.
 */
export function verifyDraw(published: PublishedDraw): string[] {
  if (published.algorithm !== DRAW_ALGORITHM) return [`Unknown algorithm ${String(published.algorithm)}`];
  let again: DrawResult;
  try {
    again = runDraw({
      seed: published.seed,
      cropId: published.cropId,
      year: published.year,
      stockGrams: published.stockGrams,
      shares: published.shares.map((s) => ({ name: s.name, percent: s.percent })),
      applicants: published.entries.map((e) => ({ id: e.id, grams: e.grams, shares: e.shares })),
    });
  } catch (e) {
    return [`The published draw cannot be run again: ${(e as Error).message}`];
  }
  const differences: string[] = [];
  const fields = ['id', 'rank', 'key', 'outcome', 'reservedFor', 'waitlistPosition'] as const;
  again.entries.forEach((want, i) => {
    const got = published.entries[i]!;
    for (const f of fields) {
      if (got[f] !== want[f]) differences.push(`Place ${i + 1}: ${f} is ${String(got[f])}, the draw gives ${String(want[f])}`);
    }
  });
  if (again.promisedGrams !== published.promisedGrams) {
    differences.push(`Promised grams are ${published.promisedGrams}, the draw gives ${again.promisedGrams}`);
  }
  return differences;
}
