import type { CropDropdownItem } from '@shared/schemas/crops';
import type { RegistrationReply } from '@shared/schemas/registration';
import { call } from '@web/lib/api';
import type { RetryNotice } from '@web/lib/retry';

/** Calls of the registration form: form switch, crop list, submit, find letter (the scan's upload: ./upload-scan). */

/**
 * Is_SVS_Form_On, asked again each time the page opens (docs/product-rules.md#registration-switch-and-settings),
 * through the module the top bar's badge shares (loaded on demand by both, so one request answers both).
 */
export const isFormOpen = (): Promise<boolean> =>
  import('@web/lib/registration-open')
    .then(
      (m) => m.readRegistrationOpen(true),
      () => true,
    )
    .then((open) => (lastOpen = open));

/**
 * The answer the form's route waited for (RegistrationPage's formReady), once: the form then opens without a
 * loading bar that goes away above Submit, and without asking again.
 */
let lastOpen: boolean | undefined;
export function takeKnownOpen(): boolean | undefined {
  const open = lastOpen;
  lastOpen = undefined;
  return open;
}

/**
 * Active crops for the dropdown; a failure leaves the list empty and is only logged
 * (docs/product-rules.md#failures-the-screens-absorb).
 */
/** The active crops; throws when the list cannot be loaded (the form then offers to try again). */
export async function loadCrops(): Promise<CropDropdownItem[]> {
  const items = await call('GET /api/crops/dropdown', { skipAuthRedirect: true });
  return Array.isArray(items) ? items.filter((c) => c.isActive !== false) : [];
}

/**
 * POST /svsregistration as JSON with the uploaded key; the idempotency key makes a resend safe, so the client
 * sends it again after a 429 or 503 (onRetry is told before each wait).
 */
export function submitRegistration(
  body: Record<string, unknown>,
  idempotencyKey: string,
  onRetry?: (notice: RetryNotice) => void,
): Promise<RegistrationReply> {
  return call('POST /svsregistration', {
    body,
    headers: { 'idempotency-key': idempotencyKey },
    skipAuthRedirect: true,
    onRetry,
  });
}

export interface FoundLetter {
  uniqueCode: string;
  id: number;
  year: number;
  cropName: string;
  cropNameHi: string;
}

/**
 * The letters of the mobile, newest first (one per crop and year registered with it), and the farmer session the
 * code opened (docs/decisions/0043-farmer-one-time-codes.md).
 */
export async function findLetters(
  mobile: string,
  otp: string,
): Promise<{ letters: FoundLetter[]; session: { token: string; expiresAt: string } }> {
  const r = await call('POST /svsregistration/find-letter', { body: { mobile, otp }, skipAuthRedirect: true });
  const letters = r.data.letters?.length
    ? r.data.letters
    : [{ uniqueCode: r.data.code, id: 0, year: 0, cropName: '', cropNameHi: '' }];
  return { letters, session: r.session };
}
