import { useCallback, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { inLanguage } from '@shared/bilingual';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@web/paths';
import { SitemapPage } from './SitemapPage';
import { SITE_PAGES } from '@shared/site-pages';
import type { SitePageResponse } from '@shared/schemas/cms';
import { usePageTitle } from '@web/components/use-page-title';
import { loadSitePage, Paragraphs, paragraphsOf, SITEMAP_PATH, textIn } from '@web/components/site-content';

/**
 * A required page (privacy policy, terms of use, contact, accessibility statement; docs/product-rules.md#required-pages):
 * the institute's text from its CMS block (or the built-in text), in the page's language, and the grievance
 * officer the settings name.
 */
export default function SitePageOrSitemap() {
  const path = useLocation().pathname.replace(/\/+$/, '').toLowerCase();
  if (path === SITEMAP_PATH) return <SitemapPage />;
  const entry = SITE_PAGES.find((p) => p.path === path);
  // Any other single name goes home, as every unknown address does.
  return entry ? <SitePage entry={entry} /> : <Navigate to={paths.home} replace />;
}

function SitePage({ entry }: { entry: (typeof SITE_PAGES)[number] }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState<SitePageResponse | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    loadSitePage(entry.slug).then(setPage, () => setFailed(true));
  }, [entry.slug]);

  useEffect(() => {
    setPage(null);
    load();
  }, [load]);

  const text = page ? textIn(page, i18n.language) : null;
  usePageTitle(text?.title ?? '');

  return (
    <Box component="article" sx={{ maxWidth: 760, mx: 'auto' }} data-testid={`site-page-${entry.slug}`}>
      {failed ? (
        <Box role="alert">
          <Typography variant="body1" gutterBottom>
            {t('sitePages.loadFailed')}
          </Typography>
          <Button variant="outlined" onClick={load}>
            {t('sitePages.tryAgain')}
          </Button>
        </Box>
      ) : !page || !text ? (
        <LinearProgress aria-label={t('app.loading')} />
      ) : (
        <>
          <Typography variant="h5" component="h1" gutterBottom>
            {text.title}
          </Typography>
          <Paragraphs items={paragraphsOf(text.body)} />
          <Typography variant="body2" sx={{ mt: 2, fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="page-grievance">
            {t('sitePages.grievanceOfficer', {
              // A setting written in both languages shows the page's side.
              name: inLanguage(page.grievanceOfficerName, i18n.language === 'en' ? 'en' : 'hi'),
              contact: page.grievanceOfficerContact,
            })}
          </Typography>
        </>
      )}
    </Box>
  );
}
