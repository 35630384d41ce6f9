import type { MouseEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslation } from 'react-i18next';
import { quantityLabel } from '@shared/crop-rules';
import { formatDay } from '@shared/format';
import type { RegistrationRow } from '@shared/schemas/registration';
import { DateAndTime } from '@web/components/DateAndTime';
import { compactTableSx, pinnedEndSx, tallListBoxSx } from '@web/components/listTable';
import { StaffTable, type StaffColumn } from '@web/components/StaffTable';
import { to } from '@web/paths';

/** Row colours by billed state: solid, so that the pinned Billed and Actions cells can take them too. */
const ROW_COLOURS = {
  billed: { backgroundColor: '#e9f2e9', '&.MuiTableRow-hover:hover': { backgroundColor: '#dde9dd' } },
  unbilled: { backgroundColor: '#fdf4ec', '&.MuiTableRow-hover:hover': { backgroundColor: '#f7e9dc' } },
} as const;
/** The pinned columns at the right edge: Actions (last) and Billed before it. */
const ACTIONS_WIDTH = 56;
const BILLED_WIDTH = 68;
const pinActions = pinnedEndSx({ width: ACTIONS_WIDTH, inheritBackground: true, edge: false });
const pinBilled = pinnedEndSx({ right: ACTIONS_WIDTH, width: BILLED_WIDTH, inheritBackground: true });

interface RegistrationsTableProps {
  items: RegistrationRow[];
  loading: boolean;
  error: string;
  /** A row was selected (a click outside its links and buttons). */
  select: (row: RegistrationRow) => void;
  /** The row's menu button was pressed. */
  onMenu: (anchor: HTMLElement, row: RegistrationRow) => void;
}

/**
 * The registrations found, coloured by billed state. Columns the counter needs (name, crop, quantity,
 * appointment, shift) come first; on a laptop the identity details after them scroll sideways under the
 * pinned Billed and Actions columns.
 */
export function RegistrationsTable({ items, loading, error, select, onMenu }: RegistrationsTableProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const noWrap = { whiteSpace: 'nowrap' } as const;
  const columns: StaffColumn<RegistrationRow>[] = [
    { header: t('registrations.id'), cell: (r) => r.id },
    { header: t('registrations.year'), cell: (r) => r.year },
    { header: t('registrations.name'), cell: (r) => r.name, sx: { minWidth: 130 } },
    { header: t('registrations.father'), cell: (r) => r.fatherName, sx: { minWidth: 100 } },
    { header: t('registrations.crop'), cell: (r) => r.cropName },
    {
      header: t('registrations.bags'),
      align: 'right',
      sx: noWrap,
      cell: (r) => quantityLabel(r.bagsRequested, r.unit, lang === 'hi' ? 'hi' : 'en'),
    },
    {
      header: t('registrations.appointment'),
      headerSx: noWrap,
      sx: noWrap,
      cell: (r) => formatDay(r.appointmentDate || r.appointmentDateTime, lang),
    },
    { header: t('registrations.shift'), cell: (r) => r.appointmentShift, sx: { minWidth: 175, maxWidth: 200 } },
    { header: t('registrations.aadhaar'), cell: (r) => r.adharNumber, sx: noWrap },
    { header: t('registrations.mobile'), cell: (r) => r.mobileNumber },
    { header: t('registrations.village'), cell: (r) => r.village },
    { header: t('registrations.district'), cell: (r) => r.district },
    { header: t('registrations.created'), cell: (r) => <DateAndTime iso={r.created} lang={lang} />, sx: noWrap },
    {
      header: t('registrations.billed'),
      headerSx: pinBilled,
      sx: pinBilled,
      cell: (r) =>
        r.isBilled && r.invoiceNumber ? (
          <Link href={to.bill(r.invoiceNumber)} target="_blank" rel="noopener">
            {t('registrations.view')}
          </Link>
        ) : (
          t('common.no')
        ),
    },
    {
      header: t('registrations.actions'),
      align: 'right',
      headerSx: pinActions,
      sx: pinActions,
      cell: (r) => (
        <IconButton
          size="small"
          aria-label={t('registrations.rowMenu', { id: r.id })}
          onClick={(e: MouseEvent<HTMLElement>) => onMenu(e.currentTarget, r)}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      ),
    },
  ];
  return (
    <StaffTable
      label={t('registrations.title')}
      containerSx={tallListBoxSx}
      stickyHeader
      tableSx={compactTableSx}
      columns={columns}
      rows={items}
      rowKey={(r) => `${r.year}-${r.id}`}
      rowProps={(r) => ({
        hover: true,
        'data-billed': r.isBilled ? 'yes' : 'no',
        title: r.isBilled ? t('registrations.billedRow') : t('registrations.unbilledRow'),
        sx: { ...(r.isBilled ? ROW_COLOURS.billed : ROW_COLOURS.unbilled), cursor: 'pointer' },
        onClick: (e: MouseEvent<HTMLElement>) => !(e.target as HTMLElement).closest('a, button, [role=menu]') && select(r),
      })}
      emptyText={t('registrations.empty')}
      hideEmpty={loading || !!error}
    />
  );
}
