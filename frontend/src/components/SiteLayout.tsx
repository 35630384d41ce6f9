import { lazy, Suspense, useEffect, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { followDefaultLanguage, loadStatusMessages } from '../lib/i18n';
import { usePageLoading } from '../lib/lazy-page';
import { useSession } from '../lib/session';
import { paths } from '../paths';
import { PublicTopBar } from './PublicTopBar';

/**
 * Root of every page: the site header (hidden for signed-in users inside the admin area, and on the queue display,
 * a TV at the counter that nobody navigates from) and a progress bar while a screen loads.
 */
export function SiteLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const screenLoading = usePageLoading();

  useEffect(() => {
    followDefaultLanguage(pathname);
  }, [pathname]);

  const inAdmin = pathname === paths.admin.root || pathname.startsWith(`${paths.admin.root}/`);
  const showHeader = !(session && inAdmin) && pathname !== paths.queue;
  return (
    <>
      {screenLoading && (
        <LinearProgress
          className="no-print"
          aria-label={t('app.loading')}
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (t) => t.zIndex.tooltip + 1 }}
        />
      )}
      {showHeader && (
        <a href="#main" className="skip-link no-print" onClick={skipToMain}>
          {t('nav.skipToContent')}
        </a>
      )}
      {showHeader && <PublicTopBar />}
      <Outlet />
    </>
  );
}

/** The skip link moves the keyboard focus to the page's main content, past the top bar. */
function skipToMain(e: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  e.preventDefault();
  main.focus();
}

/** The footer's links and their texts, fetched after the page's first paint. */
const PublicFooter = lazy(() => Promise.all([import('./site-content'), loadStatusMessages()]).then(([m]) => m));

/** Body of the public and user-area pages (focusable by the skip link only), then the footer's links. */
export function PublicPageLayout() {
  return (
    <>
      <Container component="main" id="main" tabIndex={-1} maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, outline: 'none' }}>
        <Outlet />
      </Container>
      <Suspense fallback={null}>
        <PublicFooter />
      </Suspense>
    </>
  );
}

/** Shown while the first screen's code is fetched. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 0 }}>
      <LinearProgress aria-label={t('app.loading')} />
    </Box>
  );
}
