import { SITE_PAGES } from '@shared/site-pages';
import type { SitePageResponse } from '@shared/schemas/cms';
import { call } from './api';

/** The notice or a required page (GET /api/home/pages/{slug}); the CDN keeps it for half a minute. */
export const loadSitePage = (slug: string) =>
  call('GET /api/home/pages/{slug}', { params: { slug }, skipAuthRedirect: true }) as Promise<SitePageResponse>;

/** The page's title and body in the page's language, else in the other one (a block may have one language only). */
export function textIn(page: SitePageResponse, language: string): { title: string; body: string } {
  const hindi = language !== 'en';
  return {
    title: (hindi ? page.titleHi || page.title : page.title || page.titleHi).trim(),
    body: (hindi ? page.bodyHi || page.body : page.body || page.bodyHi).trim(),
  };
}

/** Paragraphs: text between blank lines. */
export const paragraphsOf = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

const LABELS = {
  'privacy-policy': 'sitePages.privacy',
  'terms-of-use': 'sitePages.terms',
  contact: 'sitePages.contact',
  'accessibility-statement': 'sitePages.accessibility',
} as const;

export const SITEMAP_PATH = '/sitemap';

/** The footer's links, in order: the required pages, then the sitemap. */
export const SITE_LINKS = [
  ...SITE_PAGES.map((p) => ({ to: p.path as string, label: LABELS[p.slug] })),
  { to: SITEMAP_PATH, label: 'sitePages.sitemap' as const },
];
