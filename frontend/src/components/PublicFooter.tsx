import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { SITE_LINKS } from '../lib/site-pages';

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
