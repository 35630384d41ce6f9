import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
// Type-only import: the schemas (and zod) stay out of the page's chunk.
import type { BlockResponse } from '@shared/schemas/cms';
import { usePageTitle } from '@web/components/use-page-title';
import { fetchHomeSummary } from './api';
import { ABOUT_SLUG } from './text';

const textSx = { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } as const;

/**
 * /about: the institute's 'about' block alone (its title, text and picture), not a copy of the home page
 * (docs/product-rules.md#home-and-about-show-only-what-they-have). Without that block, or when it cannot be
 * read, the institute's name, what it offers and the mission it serves, from the site's own texts.
 */
export default function AboutPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.about'));
  /** undefined while loading; null: no 'about' block (or no answer). */
  const [about, setAbout] = useState<BlockResponse | null | undefined>(undefined);

  useEffect(() => {
    const ctrl = new AbortController();
    fetchHomeSummary(ctrl.signal)
      .then((s) => setAbout(s.blocks.find((b) => b.slug === ABOUT_SLUG) ?? null))
      .catch(() => {
        if (!ctrl.signal.aborted) setAbout(null);
      });
    return () => ctrl.abort();
  }, []);

  if (about === undefined) return <LinearProgress aria-label={t('app.loading')} />;
  return (
    <Box component="article" data-testid="about-page" sx={{ maxWidth: 760, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' }, ...textSx }}>
        {about?.title || t('pages.about')}
      </Typography>
      {about ? (
        <>
          <Typography component="div" sx={{ ...textSx, mb: 2 }} data-testid="about-body">
            {about.body}
          </Typography>
          {about.imageUrl && (
            <Box
              component="img"
              src={about.imageUrl}
              alt={about.title}
              width={640}
              height={360}
              decoding="async"
              sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 2 }}
            />
          )}
        </>
      ) : (
        <Box data-testid="about-default">
          <Typography component="p" sx={{ fontWeight: 600, mb: 1 }}>
            {t('home.instituteTitle')}
          </Typography>
          <Typography component="p" sx={{ mb: 1 }}>
            {t('home.tagline')}
          </Typography>
          <Typography component="p" color="text.secondary">
            {t('home.banner')}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
