import { MOBILE_NOT_VERIFIED, MSG_MOBILE_NOT_VERIFIED_BOTH } from '@shared/mobile-proof';
import { busy } from '../allocation/appointments';
import type { Caller } from '../lib/caller';
import { isStaff } from '../lib/caller-roles';
import { getSettingStrict } from '../lib/config-store';
import { AppError } from '../lib/errors';
import { isRegisterProofFor } from '../lib/farmer-tokens';
import { log } from '../lib/log';
import { countRefusal } from '../lib/metrics';
import { submitRegistration, type SubmitInput } from './submit';

/**
 * VerifyMobileAtRegistration (docs/product-rules.md#verifying-the-mobile-at-registration): while it is on, a
 * farmer's registration carries the proof a code sent to its mobile gave (farmer-tokens.ts signRegisterProof), for
 * exactly that mobile; a farmer session (find, manage) or a staff token is no proof. Staff registering a farmer at
 * the counter are not asked (the farmer stands before them). The setting is read through the config cache, like
 * the form switch: one read per function instance and cache period, not one per registration. An unreadable
 * setting refuses as busy rather than letting a registration through unproven.
 */
export async function verifyMobileOn(): Promise<boolean> {
  try {
    return await getSettingStrict('VerifyMobileAtRegistration');
  } catch (e) {
    log.error('mobile check setting unreadable', { error: (e as Error).message, name: (e as Error).name });
    throw busy();
  }
}

export async function assertMobileProven(mobile: string, proof: string | undefined, caller: Caller | null): Promise<void> {
  if (isStaff(caller)) return;
  if (!(await verifyMobileOn())) return;
  if (proof && (await isRegisterProofFor(proof, mobile))) return;
  throw new AppError('BAD_REQUEST', MSG_MOBILE_NOT_VERIFIED_BOTH, {
    fields: { mobile: MSG_MOBILE_NOT_VERIFIED_BOTH },
    reason: MOBILE_NOT_VERIFIED,
  });
}

/** A registration, once its mobile is proven where the setting asks for it (a refusal counted as the submit's are). */
export async function submitProven(input: SubmitInput & { mobileProof?: string }) {
  await countRefusal('registrations', 'RegistrationRejected', () =>
    assertMobileProven(input.fields.mobile, input.mobileProof, input.caller),
  );
  return submitRegistration(input);
}
