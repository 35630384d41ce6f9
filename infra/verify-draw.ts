import { verifyDraw } from '@functions/allocation/draw';
import { DrawReply } from '@shared/schemas/replies/allocation';

/**
 * What `npm run verify-draw` does: reads a crop's published draw (GET /api/allocation/draw/{cropId}/{year},
 * public) and runs the draw again from what it publishes (verifyDraw). Anyone can run it; it needs no account.
 */
export interface VerifyDrawArgs {
  apiUrl: string;
  cropId: number;
  year: number;
  seed: string;
}

export interface VerifyDrawReport {
  /** True when the published order and outcome are what the seed gives. */
  reproduced: boolean;
  lines: string[];
}

export async function verifyPublishedDraw(args: VerifyDrawArgs, fetchImpl: typeof fetch = fetch): Promise<VerifyDrawReport> {
  const url = `${args.apiUrl.replace(/\/+$/, '')}/api/allocation/draw/${args.cropId}/${args.year}`;
  const res = await fetchImpl(url, { headers: { accept: 'application/json' } });
  if (res.status === 404)
    return { reproduced: false, lines: [`No draw has been published for crop ${args.cropId} in ${args.year} (${url})`] };
  if (!res.ok) return { reproduced: false, lines: [`${url} answered ${res.status}`] };
  const parsed = DrawReply.safeParse(await res.json());
  if (!parsed.success)
    return { reproduced: false, lines: [`${url} did not answer a published draw: ${parsed.error.issues[0]?.message}`] };
  const published = parsed.data;
  const confirmed = published.entries.filter((e) => e.outcome === 'confirmed').length;
  const lines = [
    `Draw of crop ${published.cropId} in ${published.year}: ${published.algorithm}, seed "${published.seed}", drawn ${published.drawnOn}`,
    `${published.entries.length} applicants, ${confirmed} confirmed, ${published.entries.length - confirmed} waitlisted; ${published.promisedGrams} of ${published.stockGrams} g promised`,
    ...published.shares.map((s) => `Share ${s.name} (${s.percent} %): ${s.filledGrams} of ${s.quotaGrams} g`),
  ];
  const differences: string[] = [];
  if (published.seed !== args.seed) differences.push(`The published seed is "${published.seed}", not "${args.seed}"`);
  if (published.cropId !== args.cropId || published.year !== args.year) {
    differences.push(`The reply is the draw of crop ${published.cropId} in ${published.year}`);
  }
  differences.push(...verifyDraw(published));
  if (differences.length === 0)
    return { reproduced: true, lines: [...lines, 'Reproduced: the seed gives exactly the published order and outcome.'] };
  return { reproduced: false, lines: [...lines, `NOT reproduced (${differences.length} differences):`, ...differences] };
}

/** `<crop> <year> <seed> [--api <url>]`; the address also from VERIFY_DRAW_API, else `npm start`'s. */
export function parseVerifyDrawArgs(argv: readonly string[], env: NodeJS.ProcessEnv): VerifyDrawArgs | string {
  const rest = [...argv];
  let apiUrl = env.VERIFY_DRAW_API || 'http://localhost:3000';
  const flag = rest.findIndex((a) => a === '--api' || a.startsWith('--api='));
  if (flag >= 0) {
    const [given] = rest.splice(flag, rest[flag] === '--api' ? 2 : 1);
    apiUrl = given === '--api' ? (argv[flag + 1] ?? '') : given.slice('--api='.length);
  }
  const usage = 'Usage: npm run verify-draw -- <cropId> <year> <seed> [--api http://localhost:3000] (or VERIFY_DRAW_API=<url>)';
  if (rest.length !== 3 || !apiUrl) return usage;
  const [crop, year, seed] = rest;
  const cropId = Number(crop);
  const yearNumber = Number(year);
  if (!Number.isSafeInteger(cropId) || cropId < 1) return `Not a crop id: ${crop}\n${usage}`;
  if (!Number.isSafeInteger(yearNumber) || yearNumber < 2000) return `Not a year: ${year}\n${usage}`;
  return { apiUrl, cropId, year: yearNumber, seed };
}
