import type { Key, ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow, { type TableRowProps } from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import { TableStateRows } from './TableStateRows';

/** One column of a staff list: its header, how a row fills its cell, and the cell's layout. */
export interface StaffColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Both the header and the body cells. */
  align?: 'right';
  /** The body cells only. */
  sx?: SxProps<Theme>;
  /** The header cell only. */
  headerSx?: SxProps<Theme>;
}

/** What a row's <tr> carries besides its cells: hover, selected and its data-* attributes. */
export type StaffRowProps = TableRowProps & Record<`data-${string}`, string | number>;

export interface StaffTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly StaffColumn<T>[];
  /** null while loading. */
  rows: readonly T[] | null;
  rowKey: (row: T) => Key;
  rowProps?: (row: T) => StaffRowProps;
  emptyText: string;
  /** Leave out the empty row (while a load error is shown). */
  hideEmpty?: boolean;
  tableSx?: SxProps<Theme>;
  /** The header stays in view while the box scrolls (with a box no taller than the window, see listTable). */
  stickyHeader?: boolean;
  containerSx?: SxProps<Theme>;
}

/** A staff list in an outlined box: one header row from the columns, the loading / empty row, one row per item. */
export function StaffTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowProps = () => ({ hover: true }),
  emptyText,
  hideEmpty,
  tableSx,
  stickyHeader,
  containerSx,
}: StaffTableProps<T>) {
  return (
    <TableContainer component={Paper} variant="outlined" sx={containerSx}>
      <Table size="small" stickyHeader={stickyHeader} aria-label={label} sx={tableSx}>
        <TableHead>
          <TableRow>
            {columns.map((c, i) => (
              <TableCell key={i} align={c.align} sx={c.headerSx}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows rows={rows} colSpan={columns.length} emptyText={emptyText} hideEmpty={hideEmpty} />
          {rows?.map((row) => (
            <TableRow key={rowKey(row)} {...rowProps(row)}>
              {columns.map((c, i) => (
                <TableCell key={i} align={c.align} sx={c.sx}>
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
