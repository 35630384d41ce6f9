import { NOTICE_SLUG } from '@shared/site-pages';
import type { SitePageResponse } from '@shared/schemas/cms';
import { loadSitePage } from '@web/components/site-content';

/** The notice's text: its answer, or null when it could not be fetched (the box then points to the privacy policy). */
export type Notice = SitePageResponse | null;

/**
 * The notice above the registration form's consent box (docs/product-rules.md#notice-and-consent), fetched before
 * the form shows (the page's route waits for it: startup.ts), so that it never arrives under a farmer's thumb and
 * pushes Submit down. The form opened from a link has it in its page (./takeover). Kept for the visit; a failed
 * fetch is tried again the next time the form opens.
 */
let pending: Promise<Notice> | undefined;
let known: Notice | undefined;

export function noticeReady(): Promise<Notice> {
  pending ??= loadSitePage(NOTICE_SLUG).then(
    (page) => (known = page),
    () => {
      pending = undefined;
      return null;
    },
  );
  return pending;
}

/** The notice if it is in (undefined while it is on its way). */
export const formNotice = (): Notice | undefined => known;

/** The notice the form's page carried (./takeover): the form opened again in this visit shows it at once. */
export function keepNotice(notice: Notice): Notice {
  known = notice;
  pending ??= Promise.resolve(notice);
  return notice;
}
