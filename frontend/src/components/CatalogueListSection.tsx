import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueList } from '../lib/use-catalogue-list';
import { LoadErrorAlert } from './FeedbackAlerts';
import { ListToolbar, type ListToolbarProps } from './ListToolbar';
import { StaffTable, type StaffTableProps } from './StaffTable';

type CatalogueListSectionProps<T> = Pick<ListToolbarProps, 'searchLabel' | 'searchSx' | 'searchHint'> &
  Omit<StaffTableProps<T>, 'rows' | 'emptyText' | 'hideEmpty'> & {
    list: CatalogueList<T>;
    /** Between the load error and the table (the screen's action alerts, where it shows them there). */
    children?: ReactNode;
  };

/** A catalogue's list: search / include inactive / Refresh, why it could not load, and its table. */
export function CatalogueListSection<T>({
  list,
  searchLabel,
  searchSx,
  searchHint,
  children,
  ...table
}: CatalogueListSectionProps<T>) {
  const { t } = useTranslation();
  const { rows, loadError, load, setSearch, includeInactive, setIncludeInactive } = list;
  return (
    <>
      <ListToolbar
        searchLabel={searchLabel}
        searchHint={searchHint}
        onSearch={setSearch}
        includeInactive={includeInactive}
        onIncludeInactiveChange={setIncludeInactive}
        onRefresh={() => void load()}
        searchSx={searchSx}
      />
      <LoadErrorAlert message={loadError} />
      {children}
      <StaffTable {...table} rows={rows} emptyText={t('catalogue.empty')} hideEmpty={!!loadError} />
    </>
  );
}
