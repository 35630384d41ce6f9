import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Page } from '../lib/use-paged-search';

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

interface PagingRowProps extends PageButtonsProps {
  /** "Showing 1-20 of 45", or what stands in for it. */
  summary: string;
  summaryTestId: string;
  /** Between the summary and the page buttons (a page size box). */
  children?: ReactNode;
}

/** The row under a paged list: what it shows of how many, then Previous and Next. */
export function PagingRow({ summary, summaryTestId, children, ...buttons }: PagingRowProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2, flexWrap: 'wrap' }}>
      <Typography variant="body2" data-testid={summaryTestId}>
        {summary}
      </Typography>
      {children}
      <PageButtons {...buttons} />
    </Box>
  );
}
