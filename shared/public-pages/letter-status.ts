import { letterStatusView, type AllocationStatus, type LetterStatusView } from '../allocation-status';
import { inLanguage } from '../bilingual';
import { indiaLongDay } from '../india-day';
import type { AppointmentRecord } from '../schemas/registration';
import type { PageLanguage, Translate } from './words';

/**
 * The wording of where a registration stands, on its letter (docs/product-rules.md#the-letter-shows-where-the-registration-stands):
 * the status block at the top of the letter, the last day to collect under the date and shift, and the note on the
 * letter opened right after registering. The one place these sentences are put together: the letter's server page
 * (functions/registrations/letter-page.ts), the app's letter and the app's success card all show what this gives.
 */

/** What the block needs of a letter; the success card gives the registration reply's status the same way. */
export type LetterStanding = Pick<AppointmentRecord, 'status' | 'isBilled' | 'waitlistPosition' | 'placesAhead' | 'drawOn'> &
  Partial<Pick<AppointmentRecord, 'counterAddress'>>;

/** A line of the status block; `id` is its test id; `strong`: the waitlist position, set large. */
export interface StatusLine {
  id: string;
  text: string;
  strong?: boolean;
}

export interface LetterStatusBlock {
  status: AllocationStatus;
  tone: LetterStatusView['tone'];
  headline: string;
  lines: StatusLine[];
}

/**
 * The block at the top of the letter: confirmed, waitlisted (the number, how many are ahead, and what happens
 * next), applied (the draw, and its day once announced), expired or cancelled. None for a billed letter, which
 * keeps its bill line instead. A confirmed letter's last day to collect goes with its date and shift (`collectByLine`).
 */
export function letterStatusBlock(letter: LetterStanding, t: Translate, lang: PageLanguage): LetterStatusBlock | null {
  const view = letterStatusView(letter);
  if (view.headline === 'billed') return null;
  const lines: StatusLine[] = [];
  if (view.status === 'waitlisted') {
    const position = letter.waitlistPosition ?? '—';
    const ahead = letter.placesAhead;
    lines.push(
      {
        id: 'letter-status-line',
        strong: true,
        text:
          ahead === undefined
            ? t('allocationStatus.positionOnly', { position })
            : ahead === 0
              ? t('allocationStatus.positionFirst', { position })
              : t('allocationStatus.position', { position, ahead }),
      },
      { id: 'letter-status-next', text: t('allocationStatus.waitlistedNext') },
    );
  } else if (view.status === 'applied' && letter.drawOn) {
    lines.push({
      id: 'letter-status-line',
      text: t('allocationStatus.appliedDrawOn', { date: indiaLongDay(letter.drawOn, lang) }),
    });
  } else if (view.status !== 'confirmed') {
    lines.push({ id: 'letter-status-line', text: t(`allocationStatus.${view.status}`) });
  }
  // A printed or downloaded letter has no link to open: the farmer can find the letter again by Aadhaar and mobile.
  if (view.status === 'waitlisted' || view.status === 'applied') {
    lines.push({ id: 'letter-status-come-back', text: t('allocationStatus.comeBack') });
  }
  if (view.status === 'cancelled' && letter.counterAddress) {
    lines.push({
      id: 'letter-status-contact',
      text: t('allocationStatus.cancelledContact', { address: inLanguage(letter.counterAddress, lang) }),
    });
  }
  return { status: view.status, tone: view.tone, headline: t(`allocationStatus.headline.${view.headline}`), lines };
}

/** A confirmed, unbilled letter's last day to collect, under its date and shift; undefined otherwise. */
export function collectByLine(letter: LetterStanding & Pick<AppointmentRecord, 'expiresOn'>, t: Translate, lang: PageLanguage) {
  if (!letter.expiresOn || letterStatusView(letter).headline !== 'confirmed') return undefined;
  return t('allocationStatus.collectBy', { date: indiaLongDay(letter.expiresOn, lang) });
}

/** The status lines of the note on a letter opened right after registering (the app's, docs/product-rules.md#the-letter-opens-at-once-after-a-registration). */
export function registeredStatusLines(letter: LetterStanding, t: Translate, lang: PageLanguage): StatusLine[] {
  const lines: StatusLine[] = [];
  if (letter.status === 'waitlisted' && letter.waitlistPosition) {
    lines.push({
      id: 'letter-registered-status',
      strong: true,
      text: t('allocationStatus.positionOnly', { position: letter.waitlistPosition }),
    });
  }
  if (letter.status === 'applied') {
    lines.push({ id: 'letter-registered-status', strong: true, text: t('allocationStatus.headline.applied') });
    if (letter.drawOn) {
      lines.push({
        id: 'letter-registered-draw-on',
        text: t('allocationStatus.drawOn', { date: indiaLongDay(letter.drawOn, lang) }),
      });
    }
  }
  return lines;
}
