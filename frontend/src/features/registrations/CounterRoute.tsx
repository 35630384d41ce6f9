import { lazy, Suspense } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { loadStatusMessages } from '@web/lib/i18n';
import TodayPage from './TodayPage';

/**
 * The offline counter's screen is loaded only when asked for (docs/decisions/0048-offline-counter.md), with the bill
 * of supply's words (the status part of the messages): loaded before "Prepare for offline", they are among the
 * files it keeps, and the bill printed offline has them.
 */
const OfflineCounterPage = lazy(() =>
  Promise.all([import('./offline/OfflineCounterPage'), loadStatusMessages()]).then(([m]) => ({
    default: m.OfflineCounterPage,
  })),
);

/**
 * The counter's section (/admin/today): Today at the counter, or with `?mode=offline` the counter that keeps
 * working offline. One section for both keeps the public pages' entry code as it was (no route or sidebar entry).
 */
export default function CounterRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const offline = params.get('mode') === 'offline';
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button component={RouterLink} to={offline ? '?' : '?mode=offline'} size="small" data-testid="counter-mode">
          {offline ? t('today.title') : t('offline.open')}
        </Button>
      </Box>
      {offline ? (
        <Suspense fallback={null}>
          <OfflineCounterPage />
        </Suspense>
      ) : (
        <TodayPage />
      )}
    </>
  );
}
