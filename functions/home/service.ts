import type { AnnouncementResponse, BlockResponse, HomeSummaryResponse } from '@shared/schemas/cms';
import { getSetting } from '../lib/config-store';
import * as repo from './content-store';
import { isContentSlug } from '@shared/site-pages';

/**
 * The home page as the public reads it (its content is edited by the cms area, functions/cms/service.ts).
 */

// ---- public ----

export async function getHomeSummary(now = new Date()): Promise<HomeSummaryResponse> {
  const at = now.toISOString();
  const [blocks, announcements, registrationOpen, registrationOpensNext] = await Promise.all([
    repo.listBlocks(false),
    repo.listCurrentAnnouncements(at),
    getSetting('Is_SVS_Form_On'),
    getSetting('RegistrationOpensNext'),
  ]);
  return {
    registrationOpen,
    registrationOpensNext,
    // The notice and the required pages have their own addresses: they are not cards of the home page.
    blocks: blocks.filter((b) => !isContentSlug(b.slug)).map(publicBlock),
    announcements: announcements
      // The index guarantees these already; checking again keeps the rule in one readable place.
      .filter((a) => a.isActive && a.startAt <= at && (a.endAt === null || a.endAt > at))
      .sort((x, y) => (x.startAt < y.startAt ? 1 : x.startAt > y.startAt ? -1 : y.announcementID - x.announcementID))
      .map(publicAnnouncement),
  };
}

const publicBlock = (b: repo.BlockItem): BlockResponse => ({
  blockID: b.blockID,
  slug: b.slug,
  title: b.title,
  body: b.body,
  imageUrl: b.imageUrl,
  sortOrder: b.sortOrder,
  isActive: b.isActive,
});

const publicAnnouncement = (a: repo.AnnouncementItem): AnnouncementResponse => ({
  announcementID: a.announcementID,
  title: a.title,
  message: a.message,
  severity: a.severity,
  startAt: a.startAt,
  endAt: a.endAt,
  isActive: a.isActive,
});
