import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { getCreditNote } from './credit-notes-repository';

/**
 * The tokens a bill's and a credit note's QR codes carry (docs/invariants.md#13-unguessable-public-addresses):
 * made, compared, and read for the cancelled bill's page. Its own module, so that the sale and the credit note
 * both use it without importing each other.
 */

/** The token printed in a bill's or a credit note's QR code: 128 random bits, URL-safe. */
export const newBillToken = () => randomBytes(16).toString('base64url');

/** Whether `given` is the document's token, compared in constant time (bills made before tokens have none). */
export function holdsBillToken(doc: { verifyToken?: string }, given: string | undefined): boolean {
  if (!doc.verifyToken || !given) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(doc.verifyToken), digest(given));
}

/** The credit note's token, for the cancelled bill's page (its readers hold the bill's token). */
export async function creditNoteTokenOf(number: string): Promise<string | undefined> {
  return (await getCreditNote(number).catch(() => undefined))?.verifyToken;
}
