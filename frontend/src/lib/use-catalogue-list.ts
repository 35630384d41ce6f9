import { useState } from 'react';
import type { ParseKeys } from 'i18next';
import type { CatalogueFilter } from './catalogue-query';
import { useListQuery } from './use-list-query';

/** A catalogue list (crops, producers, farmers) under its search text and "Include inactive" choice. */
export function useCatalogueList<T>(name: string, fetchRows: (filter: CatalogueFilter) => Promise<T[]>, failKey: ParseKeys) {
  const [search, setSearch] = useState('');
  const [includeInactive, setIncludeInactive] = useState(false);
  const list = useListQuery([name, search, includeInactive], () => fetchRows({ search, includeInactive }), failKey);
  return { ...list, setSearch, includeInactive, setIncludeInactive };
}

export type CatalogueList<T> = ReturnType<typeof useCatalogueList<T>>;
