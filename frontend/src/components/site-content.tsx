import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { SITE_PAGES } from '@shared/site-pages';
import type { SitePageResponse } from '@shared/schemas/cms';
import { call } from '../lib/api';

/**
 * The footer of the public pages and what the required pages and the registration form's notice share (one
 * chunk, fetched after a page's first paint): their links, their text from the server, and its paragraphs.
 */
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

/** Text an admin wrote: one paragraph per blank-line-separated part, single line breaks kept. */
export function Paragraphs({ items }: { items: string[] }) {
  return items.map((text, i) => (
    <Typography key={i} variant="body2" component="p" sx={{ whiteSpace: 'pre-line', my: 1, overflowWrap: 'anywhere' }}>
      {text}
    </Typography>
  ));
}

/**
 * The links every public page's footer carries (docs/product-rules.md#required-pages). Loaded after the
 * page's first paint, with its texts (SiteLayout).
 */
export default function PublicFooter() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      className="no-print"
      data-testid="site-footer"
      sx={{ borderTop: 1, borderColor: 'divider', py: 2, px: 2, mt: 2 }}
    >
      <Box
        component="nav"
        aria-label={t('sitePages.footerLabel')}
        sx={{
          '& ul': { display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '8px 20px', m: 0, p: 0, listStyle: 'none' },
          '& a': { color: 'primary.dark', display: 'inline-block', py: 0.5, fontSize: '0.875rem' },
        }}
      >
        <ul>
          {SITE_LINKS.map((l) => (
            <li key={l.to}>
              <RouterLink to={l.to}>{t(l.label)}</RouterLink>
            </li>
          ))}
        </ul>
      </Box>
    </Box>
  );
}
