import { DEFAULT_CONTENT_VERSION, isContentSlug, NOTICE_SLUG, type ContentSlug } from '@shared/site-pages';
import type { SitePageResponse } from '@shared/schemas/cms';
import { getSetting } from '../lib/config-store';
import { notFound } from '../lib/errors';
import { DEFAULT_PAGES } from './default-pages';
import * as repo from './content-store';

/**
 * The notice and the required pages (docs/product-rules.md#notice-and-consent, #required-pages): the active
 * block of the slug, else the built-in text. The version is the block's updatedOn, so every save changes it.
 */
interface Content {
  title: string;
  titleHi: string;
  body: string;
  bodyHi: string;
  version: string;
}

/** Written in a page's text, it shows the setting ScanRetentionDays: the notice says what the retention job does. */
export const RETENTION_DAYS_PLACEHOLDER = '{{scanRetentionDays}}';

async function contentOf(slug: ContentSlug): Promise<Content> {
  const [block, days] = await Promise.all([repo.getBlockBySlug(slug), getSetting('ScanRetentionDays')]);
  const stored: Content = block?.isActive
    ? { ...block, version: block.updatedOn || DEFAULT_CONTENT_VERSION }
    : { ...DEFAULT_PAGES[slug], version: DEFAULT_CONTENT_VERSION };
  return withRetentionDays(stored, days);
}

/** The texts with the retention days filled in; a change of the days is a new version of a text that shows them. */
function withRetentionDays(c: Content, days: number): Content {
  const texts = [c.title, c.titleHi, c.body, c.bodyHi];
  if (!texts.some((t) => t.includes(RETENTION_DAYS_PLACEHOLDER))) return c;
  const fill = (t: string) => t.replaceAll(RETENTION_DAYS_PLACEHOLDER, String(days));
  return {
    title: fill(c.title),
    titleHi: fill(c.titleHi),
    body: fill(c.body),
    bodyHi: fill(c.bodyHi),
    version: `${c.version}+${days}d`,
  };
}

export async function getSitePage(slug: string): Promise<SitePageResponse> {
  if (!isContentSlug(slug)) throw notFound('No such page');
  const [content, grievanceOfficerName, grievanceOfficerContact] = await Promise.all([
    contentOf(slug),
    getSetting('GrievanceOfficerName'),
    getSetting('GrievanceOfficerContact'),
  ]);
  const { title, titleHi, body, bodyHi, version } = content;
  return { slug, title, titleHi, body, bodyHi, version, grievanceOfficerName, grievanceOfficerContact };
}

/** A registration records the notice version of the last few seconds: every submit of the surge reads the same. */
const NOTICE_CACHE_MS = 10_000;
let noticeCache: { at: number; version: string } | undefined;

/** The version of the notice the registration form shows now; a failed read throws (the submit is refused as busy). */
export async function currentNoticeVersion(): Promise<string> {
  if (noticeCache && Date.now() - noticeCache.at < NOTICE_CACHE_MS) return noticeCache.version;
  const { version } = await contentOf(NOTICE_SLUG);
  noticeCache = { at: Date.now(), version };
  return version;
}

/** Tests that edit the notice forget the version read before. */
export function clearNoticeCache(): void {
  noticeCache = undefined;
}
