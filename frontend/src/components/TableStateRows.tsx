import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';

interface TableStateRowsProps {
  /** null while loading. */
  rows: readonly unknown[] | null;
  /** The number of columns the message row spans. */
  colSpan: number;
  emptyText: string;
  /** Leave out the empty row (the catalogue lists do while a load error is shown). */
  hideEmpty?: boolean;
}

/** The single full-width row a table body shows while loading ("Loading…") or when there are no rows. */
export function TableStateRows({ rows, colSpan, emptyText, hideEmpty = false }: TableStateRowsProps) {
  const { t } = useTranslation();
  return (
    <>
      {rows === null && (
        <TableRow>
          <TableCell colSpan={colSpan}>{t('common.loading')}</TableCell>
        </TableRow>
      )}
      {rows?.length === 0 && !hideEmpty && (
        <TableRow>
          <TableCell colSpan={colSpan}>{emptyText}</TableCell>
        </TableRow>
      )}
    </>
  );
}
