import { lazy, Suspense, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
// Type-only import: the schemas (and zod) stay out of the home page's chunk.
import type { AnnouncementResponse, BlockResponse, HomeSummaryResponse } from '@shared/schemas/cms';
import { usePageTitle } from '@web/components/use-page-title';
import { paths } from '@web/paths';
import { fetchHomeSummary } from './api';
import { ABOUT_SLUG, truncate } from './text';

type AlertColor = 'error' | 'warning' | 'success' | 'info';
const ALERT_COLOR: Record<string, AlertColor> = { danger: 'error', warn: 'warning', success: 'success' };
/** MUI's warning palette is orange; warnings on the home page are yellow. Dark text keeps 4.5:1 contrast. */
const WARN_YELLOW_SX = { bgcolor: '#fff3b0', color: '#3d3300', '& .MuiAlert-icon': { color: '#7a6200' } } as const;

/** Plain text with the author's line breaks; React escapes it, so markup shows as text. */
const textSx = { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } as const;

/** Image of a block: fixed box (no layout shift), lazy unless it is above the fold. */
function BlockImage({ src, alt, eager = false }: { src: string; alt: string; eager?: boolean }) {
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      width={640}
      height={360}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '16 / 9', objectFit: 'cover', bgcolor: 'action.hover' }}
    />
  );
}

function Announcements({ items }: { items: AnnouncementResponse[] }) {
  const { t } = useTranslation();
  if (!items.length) return null;
  return (
    <Box component="section" aria-label={t('home.announcements')} sx={{ display: 'grid', gap: 1, mb: 2 }}>
      {items.map((a) => (
        <Alert
          key={a.announcementID}
          severity={ALERT_COLOR[a.severity] ?? 'info'}
          variant={a.severity === 'danger' ? 'filled' : 'standard'}
          data-severity={a.severity}
          data-testid="announcement"
          sx={a.severity === 'warn' ? WARN_YELLOW_SX : undefined}
        >
          <Box component="strong" sx={{ display: 'block', ...textSx }}>
            {a.title}
          </Box>
          <Box component="span" sx={{ ...textSx, fontWeight: 400 }}>
            {a.message}
          </Box>
        </Alert>
      ))}
    </Box>
  );
}

function HighlightCard({ block }: { block: BlockResponse }) {
  return (
    <Box
      component="article"
      data-testid="highlight"
      sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', minWidth: 0 }}
    >
      {block.imageUrl && <BlockImage src={block.imageUrl} alt={block.title} />}
      <Box sx={{ p: 2 }}>
        <Typography variant="h6" component="h3" gutterBottom sx={textSx}>
          {block.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={textSx} data-testid="highlight-body">
          {truncate(block.body)}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * The year in India (the institute's zone), not the device's: they differ for a few hours around New Year.
 * India keeps one offset all year; inline rather than shared/format's indiaToday, which would add that
 * module to the home page's JavaScript for one number.
 */
const RegistrationOpensNext = lazy(() => import('@web/components/RegistrationOpensNext'));
/** The draw's day and results: its code (and it, its texts) only when the summary has one of them. */
const DrawNews = lazy(() => import('./DrawNews'));

/** What the page shows when the summary cannot be loaded: no content, the registration open (the form's own default). */
const NO_SUMMARY: HomeSummaryResponse = { blocks: [], announcements: [], registrationOpen: true, registrationOpensNext: '' };

const indiaYear = () => new Date(Date.now() + 330 * 60_000).getUTCFullYear();

/**
 * Home page (/; /about is AboutPage): banner, current announcements, hero, the 'about' block, highlight cards for
 * the other blocks and the footer. A failing summary leaves the content parts empty, without a message.
 */
export default function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.home'));
  const [summary, setSummary] = useState<HomeSummaryResponse | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    fetchHomeSummary(ctrl.signal)
      .then((s) => setSummary({ ...NO_SUMMARY, ...s }))
      .catch(() => {
        if (!ctrl.signal.aborted) setSummary(NO_SUMMARY);
      });
    return () => ctrl.abort();
  }, []);

  const about = summary?.blocks.find((b) => b.slug === ABOUT_SLUG);
  const highlights = summary?.blocks.filter((b) => b.slug !== ABOUT_SLUG) ?? [];

  return (
    <>
      <Box
        data-testid="top-banner"
        sx={{
          mb: 2,
          px: 2,
          py: 1,
          borderRadius: 2,
          bgcolor: 'secondary.main',
          color: 'secondary.contrastText',
          textAlign: 'center',
        }}
      >
        <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
          {t('home.banner')}
        </Typography>
      </Box>

      {summary && <Announcements items={summary.announcements} />}

      <Box
        component="section"
        data-testid="hero"
        sx={{
          mb: 3,
          px: { xs: 2, sm: 4 },
          py: { xs: 3, sm: 5 },
          borderRadius: 2,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' }, mb: 1 }}>
          {t('home.instituteTitle')}
        </Typography>
        <Typography component="p" sx={{ fontSize: { xs: '1rem', sm: '1.15rem' }, opacity: 0.92, mb: 2 }}>
          {t('home.tagline')}
        </Typography>
        {summary?.registrationOpen === false && (
          <Typography component="p" data-testid="home-registration-closed" sx={{ mb: 2 }}>
            {t('home.registrationClosed')}
            <Suspense fallback={null}>
              <RegistrationOpensNext value={summary.registrationOpensNext} />
            </Suspense>
          </Typography>
        )}
        {(summary?.drawOn || summary?.drawResults) && (
          <Suspense fallback={null}>
            <DrawNews {...summary} />
          </Suspense>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {summary?.registrationOpen !== false && (
            <Button
              component={RouterLink}
              to={paths.registration}
              variant="contained"
              color="secondary"
              size="large"
              // Held in place, unseen, until the summary says whether registrations are open.
              sx={summary ? undefined : { visibility: 'hidden' }}
              data-testid="home-register"
            >
              {t('home.register')}
            </Button>
          )}
          <Button
            component={RouterLink}
            to={`${paths.registration}#find`}
            variant="outlined"
            size="large"
            sx={{ color: 'inherit', borderColor: 'currentColor' }}
            data-testid="home-find-letter"
          >
            {t('home.findLetter')}
          </Button>
        </Box>
      </Box>

      {about && (
        <Box component="section" id="about" data-testid="about" aria-labelledby="about-title" sx={{ mb: 3, scrollMarginTop: 16 }}>
          <Typography variant="h5" component="h2" id="about-title" gutterBottom sx={textSx}>
            {about.title}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: about.imageUrl ? '3fr 2fr' : '1fr' },
              alignItems: 'start',
            }}
          >
            <Typography component="div" sx={textSx} data-testid="about-body">
              {about.body}
            </Typography>
            {about.imageUrl && (
              <Box sx={{ borderRadius: 2, overflow: 'hidden' }}>
                <BlockImage src={about.imageUrl} alt={about.title} eager />
              </Box>
            )}
          </Box>
        </Box>
      )}

      {/* No cards, no section: an empty block said nothing (docs/product-rules.md#home-and-about-show-only-what-they-have). */}
      {highlights.length > 0 && (
        <Box component="section" aria-labelledby="highlights-title" sx={{ mb: 3 }} data-testid="highlights">
          <Typography variant="h5" component="h2" id="highlights-title" gutterBottom>
            {t('home.highlights')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))' }}>
            {highlights.map((b) => (
              <HighlightCard key={b.blockID} block={b} />
            ))}
          </Box>
        </Box>
      )}

      <Box
        component="footer"
        data-testid="footer"
        sx={{ mt: 4, pt: 2, borderTop: 1, borderColor: 'divider', textAlign: 'center', color: 'text.secondary' }}
      >
        <Typography variant="body2">{t('home.footer', { year: indiaYear() })}</Typography>
      </Box>
    </>
  );
}
