import type { FindLetterInput } from '@shared/schemas/registration';
import type { FindLetterReply } from '@shared/schemas/replies/registration';
import type * as z from 'zod';
import { notFound } from '../lib/errors';
import type { Limit } from '../lib/rate-limit';
import { signFarmerToken } from '../lib/farmer-tokens';
import { checkCode } from './farmer-codes';
import { registrationsOfSession } from './farmer-session';

/**
 * Find my letter (public): the mobile and the one-time code sent to it (docs/decisions/0043-farmer-one-time-codes.md).
 * The code is checked as POST /svsregistration/otp/verify checks it (its tries, its single use); the answer is the
 * mobile's letters and the farmer session the code opened.
 */
/**
 * The limits on handing out a letter for an identical form sent again (submit.ts): per Aadhaar number (its keyed
 * hash) first, and loosely per client address, high enough for a crowd behind one carrier address.
 */
export const FIND_LETTER_LIMITS = { perAadhaar: 5, perIp: 1_000, windowSeconds: 15 * 60 } as const;

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

const FIND_FAILED = 'इस मोबाइल नंबर से कोई पंजीकरण नहीं मिला / No registration was made with this mobile number.';

export async function findLetter(input: FindLetterInput, sourceIp: string): Promise<z.input<typeof FindLetterReply>> {
  const farmer = await checkCode({ mobile: input.mobile, otp: input.otp }, sourceIp);
  const session = await signFarmerToken(farmer);
  const regs = (await registrationsOfSession(farmer)).filter((r) => !r.personalDataErasedOn);
  if (!regs.length) throw notFound(FIND_FAILED);
  const letters = regs.map((r) => ({
    uniqueCode: r.uniqeCode,
    id: r.id,
    year: r.year,
    cropName: r.cropName,
    cropNameHi: r.cropNameHi ?? '',
  }));
  return { success: true, data: { code: letters[0].uniqueCode, uniqueCode: letters[0].uniqueCode, letters }, session };
}
