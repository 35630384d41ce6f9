import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import type { Page } from '../lib/usePagedSearch';

interface SearchStatusProps {
  /** The search's failure or refusal (or an action's failure), if any. */
  error: string;
  errorTestId: string;
  /** The server searched only part of the range: what to say, or null. */
  partialText: string | null;
  loading: boolean;
}

/** Above a searched list's table: its error, the partial-search warning and the loading bar. */
export function SearchStatus({ error, errorTestId, partialText, loading }: SearchStatusProps) {
  const { t } = useTranslation();
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={errorTestId}>
          {error}
        </Alert>
      )}
      {partialText !== null && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {partialText}
        </Alert>
      )}
      {loading && <LinearProgress sx={{ mb: 1 }} aria-label={t('app.loading')} />}
    </>
  );
}

interface PageButtonsProps {
  page: Page;
  total: number;
  loading: boolean;
  onPrevious: () => void;
  onNext: () => void;
  previousLabel: string;
  nextLabel: string;
}

/** Previous and Next under a paged list: off at either end and while a page loads. */
export function PageButtons({ page, total, loading, onPrevious, onNext, previousLabel, nextLabel }: PageButtonsProps) {
  return (
    <>
      <Button size="small" disabled={loading || page.skip === 0} onClick={onPrevious}>
        {previousLabel}
      </Button>
      <Button size="small" disabled={loading || page.skip + page.take >= total} onClick={onNext}>
        {nextLabel}
      </Button>
    </>
  );
}
