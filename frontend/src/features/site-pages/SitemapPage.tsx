import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '@web/components/use-page-title';
import { paths } from '@web/paths';
import { SITE_LINKS } from '@web/components/site-content';

/** The sitemap: every public page, made from the paths table rather than edited (docs/product-rules.md#required-pages). */
export function SitemapPage() {
  const { t } = useTranslation();
  usePageTitle(t('sitePages.sitemap'));
  const pages = [
    { to: paths.home, label: t('nav.home') },
    { to: paths.about, label: t('nav.about') },
    { to: paths.registration, label: t('nav.registration') },
    { to: `${paths.registration}#find`, label: t('sitePages.findLetter') },
    { to: paths.myRegistrations, label: t('myRegistrations.title') },
    ...SITE_LINKS.map((l) => ({ to: l.to, label: t(l.label) })),
    { to: paths.login, label: t('sitePages.login') },
  ];
  // Pages a function draws as HTML: a full page load, not a route of the app.
  const served = [{ href: '/draw', label: t('drawPublic.indexTitle') }];
  return (
    <Box component="article" sx={{ maxWidth: 760, mx: 'auto' }} data-testid="site-page-sitemap">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('sitePages.sitemap')}
      </Typography>
      <Typography variant="body2">{t('sitePages.sitemapIntro')}</Typography>
      <Box component="ul" sx={{ pl: 3, '& li': { my: 1 }, '& a': { color: 'primary.dark' } }}>
        {pages.map((p) => (
          <li key={p.to}>
            <RouterLink to={p.to}>{p.label}</RouterLink>
          </li>
        ))}
        {served.map((p) => (
          <li key={p.href}>
            <a href={p.href}>{p.label}</a>
          </li>
        ))}
      </Box>
    </Box>
  );
}
