/**
 * The content the institute keeps on the site as CMS blocks with fixed slugs (docs/product-rules.md#notice-and-consent,
 * docs/product-rules.md#required-pages): the notice the registration form shows before consent, and the
 * pages every public page's footer links to. Each block holds its English (title, body) and Hindi
 * (titleHi, bodyHi) text; none of them is a card of the home page.
 */
export const NOTICE_SLUG = 'privacy-notice';

/** The required pages: their public address and the slug of the block that holds them. */
export const SITE_PAGES = [
  { slug: 'privacy-policy', path: '/privacy' },
  { slug: 'terms-of-use', path: '/terms' },
  { slug: 'contact', path: '/contact' },
  { slug: 'accessibility-statement', path: '/accessibility' },
] as const;

export type SitePageSlug = (typeof SITE_PAGES)[number]['slug'];

/** Every slug GET /api/home/pages/{slug} answers for. */
export const CONTENT_SLUGS = [NOTICE_SLUG, ...SITE_PAGES.map((p) => p.slug)] as const;
export type ContentSlug = (typeof CONTENT_SLUGS)[number];

export function isContentSlug(slug: string): slug is ContentSlug {
  return (CONTENT_SLUGS as readonly string[]).includes(slug);
}

/** The version of built-in text, before an admin first saves the block. */
export const DEFAULT_CONTENT_VERSION = 'default';
