import { openCode } from '../lib/farmer-code-keys';
import { isCodePk, takeSealed } from '../registrations/farmer-code-entity';
import { sendOneTimeCode, type SenderDeps } from './sender';

/**
 * The farmers' one-time codes, sent from the table's stream (docs/decisions/0043-farmer-one-time-codes.md): the
 * request stored the code sealed on the mobile's item, with whether to deliver it; the sender takes the seal off
 * once (a conditional write: a replay or a second sender finds nothing to send) and sends it. A code that is not
 * to be delivered (find or manage for a mobile that never registered) has its seal removed all the same.
 */
export const isCodeRecord = (pk: unknown, image: Record<string, unknown> | undefined) =>
  isCodePk(pk) && typeof image?.sealed === 'string' && typeof image?.sendId === 'string';

export async function sendCodeOf(pk: string, image: Record<string, unknown>, deps: SenderDeps = {}): Promise<void> {
  const sealed = String(image.sealed);
  if (!(await takeSealed(pk, String(image.sendId)))) return;
  if (image.deliver !== true) return;
  const c = await openCode(sealed);
  await sendOneTimeCode({ mobile: c.mobile, code: c.code, language: c.language, key: pk }, deps);
}
