import type { AnnouncementResponse, BlockResponse, HomeSummaryResponse } from '@shared/schemas/cms';
import { getSetting } from '../lib/config-store';
import * as repo from './content-store';
import { isContentSlug } from '@shared/site-pages';
import { announcedDrawDay, publishedDrawHeads } from '../allocation/published-draws';
import { log } from '../lib/log';

/**
 * The home page as the public reads it (its content is edited by the cms area, functions/cms/service.ts).
 */

// ---- public ----

export async function getHomeSummary(now = new Date()): Promise<HomeSummaryResponse> {
  const at = now.toISOString();
  const [blocks, announcements, registrationOpen, registrationOpensNext, draw] = await Promise.all([
    repo.listBlocks(false),
    repo.listCurrentAnnouncements(at),
    getSetting('Is_SVS_Form_On'),
    getSetting('RegistrationOpensNext'),
    drawNews(now),
  ]);
  return {
    registrationOpen,
    registrationOpensNext,
    ...draw,
    // The notice and the required pages have their own addresses: they are not cards of the home page.
    blocks: blocks.filter((b) => !isContentSlug(b.slug)).map(publicBlock),
    announcements: announcements
      // The index guarantees these already; checking again keeps the rule in one readable place.
      .filter((a) => a.isActive && a.startAt <= at && (a.endAt === null || a.endAt > at))
      .sort((x, y) => (x.startAt < y.startAt ? 1 : x.startAt > y.startAt ? -1 : y.announcementID - x.announcementID))
      .map(publicAnnouncement),
  };
}

/**
 * What the home page says of the draw (docs/product-rules.md#the-draws-result-is-a-public-page-linked-from-home): its
 * day while announced, and whether results are out. The home page shows without it when it cannot be read.
 */
async function drawNews(now: Date): Promise<Pick<HomeSummaryResponse, 'drawOn' | 'drawResults'>> {
  try {
    const [drawOn, heads] = await Promise.all([announcedDrawDay(now), publishedDrawHeads()]);
    return { drawOn, drawResults: heads.length > 0 };
  } catch (e) {
    log.warn('home summary: the draws could not be read', { name: (e as Error).name });
    return { drawOn: '', drawResults: false };
  }
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
