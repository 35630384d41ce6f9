import { type FindLetterInput } from '@shared/schemas/registration';
import type { FoundLetter } from '@shared/schemas/replies/registration';
import { aadhaarHash } from '../lib/aadhaar-vault';
import { notFound } from '../lib/errors';
import { countAttempt, type Limit } from '../lib/rate-limit';
import * as repo from './repository';
import { batchGetRegistrations } from './registration-entity';

import { tooManyAttempts } from './letter-errors';

/** Find my letter (public, by Aadhaar and mobile number, rate-limited). */

export const FIND_LETTER_LIMITS = { perAadhaar: 5, perIp: 20, windowSeconds: 15 * 60 } as const;

const FIND_FAILED =
  'आधार नंबर और मोबाइल नंबर से कोई पंजीकरण नहीं मिला / No registration matches this Aadhaar number and mobile number.';

/** The limits on guessing a letter: per Aadhaar number (its keyed hash) and per client address. */
export function findLetterLimits(hash: string, sourceIp: string): Limit[] {
  return [
    { key: `find-letter:aadhaar:${hash}`, max: FIND_LETTER_LIMITS.perAadhaar, windowSeconds: FIND_LETTER_LIMITS.windowSeconds },
    {
      key: `find-letter:ip:${sourceIp || 'unknown'}`,
      max: FIND_LETTER_LIMITS.perIp,
      windowSeconds: FIND_LETTER_LIMITS.windowSeconds,
    },
  ];
}

export async function findLetter(input: FindLetterInput, sourceIp: string): Promise<{ success: true; data: FoundLetter }> {
  const hash = await aadhaarHash(input.adharNumber);
  // Counted before the lookup, so guesses sent at once cannot outrun the limit; a match gives its count back.
  const attempt = await countAttempt(findLetterLimits(hash, sourceIp));
  if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfterSeconds);
  const claims = await repo.claimsOfAadhaar(hash);
  const regs = (await batchGetRegistrations(claims.map((c) => ({ year: c.year, id: c.id })))).filter(
    (r) => r.mobileNumber === input.mobile,
  );
  if (!regs.length) throw notFound(FIND_FAILED);
  await attempt.giveBack();
  regs.sort((a, b) => (a.created < b.created ? 1 : -1));
  const letters = regs.map((r) => ({
    uniqueCode: r.uniqeCode,
    id: r.id,
    year: r.year,
    cropName: r.cropName,
    cropNameHi: r.cropNameHi ?? '',
  }));
  return { success: true, data: { code: letters[0].uniqueCode, uniqueCode: letters[0].uniqueCode, letters } };
}
