import { kolkataDateTime } from '../kolkata-date-time';
import type { BillReply } from '../schemas/sales';
import { creditNotePath } from './paths';
import type { PageLanguage, Translate } from './words';

/**
 * A cancelled bill's mark, apart from the rest of the bill's view (./bill.ts): the app loads it with the parts it
 * fetches on demand (frontend/src/features/bill-view/supply-parts.ts), only for a cancelled bill.
 */

export interface CancelledMarkView {
  mark: string;
  body: string;
  on?: string;
  /** To readers holding the bill's token, and staff. */
  reason?: string;
  /** The credit note, linked to its page (with its token when the reader holds the bill's). */
  creditNote?: { label: string; number: string; href: string };
}

/**
 * The large CANCELLED mark of a cancelled bill (docs/decisions/0023-records.md, section 1): the date, the reason
 * and the credit note. Shown on screen and in print. None for a bill that stands.
 */
export function cancelledMarkView(bill: BillReply, t: Translate, lang: PageLanguage): CancelledMarkView | null {
  if (bill.status !== 'cancelled') return null;
  const reason = 'cancelReason' in bill ? bill.cancelReason : undefined;
  const token = 'creditNoteToken' in bill ? bill.creditNoteToken : undefined;
  return {
    mark: t('creditNote.cancelledMark'),
    body: t('creditNote.cancelledBody'),
    on: bill.cancelledOn ? t('creditNote.cancelledOn', { date: kolkataDateTime(bill.cancelledOn, lang) }) : undefined,
    reason: reason ? t('creditNote.cancelReason', { reason }) : undefined,
    creditNote: bill.creditNoteNumber
      ? { label: t('creditNote.label'), number: bill.creditNoteNumber, href: creditNotePath(bill.creditNoteNumber, token) }
      : undefined,
  };
}
