import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { errorMessage } from './api';

/**
 * The rows of a list screen: fetched on mount and again whenever `fetchRows` changes (keep it stable with
 * useCallback, or pass a module-level function). `rows` is null while the first load runs; a failed load
 * leaves an empty list and `loadError` (the server's message, else the text under `failKey`).
 */
export function useListLoader<T>(fetchRows: () => Promise<T[]>, failKey: ParseKeys) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<T[] | null>(null);
  const [loadError, setLoadError] = useState('');

  const load = useCallback(async () => {
    setLoadError('');
    try {
      setRows(await fetchRows());
    } catch (e) {
      setRows([]);
      setLoadError(errorMessage(e, t(failKey)));
    }
  }, [fetchRows, failKey, t]);

  useEffect(() => {
    void load();
  }, [load]);

  return { rows, setRows, loadError, load };
}
