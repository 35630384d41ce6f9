import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { errorMessage } from './api';

/**
 * The rows of a list screen, under `key` (the screen's name and its filters): fetched when the screen opens
 * and whenever the key changes, the previous request aborted. `rows` is null until the first answer; the
 * rows of the previous filters stay on screen until the new ones arrive. A failed load leaves an empty list
 * and `loadError` (the server's message, else the text under `failKey`), cleared while the list reloads.
 */
export function useListQuery<T>(key: QueryKey, fetchRows: (signal: AbortSignal) => Promise<T[]>, failKey: ParseKeys) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchRows(signal), placeholderData: keepPreviousData });
  const { refetch } = query;

  const rows: T[] | null = query.isError ? [] : (query.data ?? null);
  const loadError = query.isError && !query.isFetching ? errorMessage(query.error, t(failKey)) : '';
  const load = useCallback(async () => {
    await refetch();
  }, [refetch]);
  /** Replaces the shown rows (a row saved on its own) without asking the server again. */
  const setRows = useCallback(
    (update: (rows: T[]) => T[]) => client.setQueryData<T[]>(key, (r) => r && update(r)),
    [client, key],
  );

  return { rows, loadError, load, setRows, loadedAt: query.dataUpdatedAt };
}
