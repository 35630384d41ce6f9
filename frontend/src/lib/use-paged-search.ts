import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from './api';
import type { FilterProblem } from './filters';

export interface Page {
  skip: number;
  take: number;
}

interface PagedSearchOptions<Q extends Page, R> {
  /** The screen's name (the query key's first part). */
  name: string;
  initial: Q;
  /** Filters the server would refuse (lib/filters.ts): then nothing is asked. */
  check: (query: Q) => FilterProblem | null;
  fetchPage: (query: Q, signal: AbortSignal) => Promise<R>;
}

/**
 * A searched, paged list (Bills, Registrations). Every search asks the server again, even with the same
 * filters, and aborts the request still running; the previous page stays on screen until the new one
 * arrives. Filters the server would refuse show their message and no rows of older filters; so does a
 * failed request. `showError` puts an action's failure (opening a QR image, a scan) in the same place
 * until the next search.
 */
export function usePagedSearch<Q extends Page, R>({ name, initial, check, fetchPage }: PagedSearchOptions<Q, R>) {
  const { t } = useTranslation();
  const [state, setState] = useState({ query: initial, run: 0 });
  const [actionError, setActionError] = useState<{ run: number; message: string } | null>(null);
  const { query, run } = state;
  const problem = check(query);
  const result = useQuery({
    queryKey: [name, query, run],
    queryFn: ({ signal }) => fetchPage(query, signal),
    enabled: !problem,
    placeholderData: keepPreviousData,
  });

  const data = problem || result.isError ? null : (result.data ?? null);
  const loading = !problem && result.isFetching;
  const loadError = problem
    ? t(problem.messageKey)
    : result.isError && !result.isFetching
      ? errorMessage(result.error, t('common.failedToLoad'))
      : '';
  const error = (actionError?.run === run ? actionError.message : '') || loadError;

  /** Searches with the query `update` makes of the current one; returning it unchanged searches nothing. */
  const search = useCallback(
    (update: (q: Q) => Q) =>
      setState((s) => {
        const next = update(s.query);
        return next === s.query ? s : { query: next, run: s.run + 1 };
      }),
    [],
  );
  const previousPage = () => search((q) => ({ ...q, skip: Math.max(0, q.skip - q.take) }));
  const nextPage = () => search((q) => ({ ...q, skip: q.skip + q.take }));
  const showError = (message: string) => setActionError({ run, message });

  return { query, data, loading, error, problem, search, previousPage, nextPage, showError };
}
