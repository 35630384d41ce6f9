import type { MouseEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import { quantityLabel } from '@shared/crop-rules';
import { formatDay } from '@shared/format';
import type { RegistrationRow } from '@shared/schemas/registration';
import { DateAndTime } from '@web/components/DateAndTime';
import { compactTableSx, pinnedEndSx, tallListBoxSx } from '@web/components/list-table';
import { StaffTable, type StaffColumn } from '@web/components/StaffTable';
import { to } from '@web/paths';
import { mayIssueSeeds } from './may-issue-seeds';
import { StatusChip } from './StatusChip';

/** Row colours by billed state: solid, so that the pinned Billed and Actions cells can take them too. */
const ROW_COLOURS = {
  billed: { backgroundColor: '#e9f2e9', '&.MuiTableRow-hover:hover': { backgroundColor: '#dde9dd' } },
  unbilled: { backgroundColor: '#fdf4ec', '&.MuiTableRow-hover:hover': { backgroundColor: '#f7e9dc' } },
} as const;
/** The pinned columns at the right edge: Actions (last: Issue seeds and the menu) and Billed before it. */
const ACTIONS_WIDTH = 172;
const BILLED_WIDTH = 64;
const pinActions = pinnedEndSx({ width: ACTIONS_WIDTH, inheritBackground: true, edge: false });
const pinBilled = pinnedEndSx({ right: ACTIONS_WIDTH, width: BILLED_WIDTH, inheritBackground: true });
const noWrap = { whiteSpace: 'nowrap' } as const;

/** Two facts in one cell, the second under the first in smaller grey type. */
function Stacked({ first, second }: { first: ReactNode; second: ReactNode }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {first}
      </Box>
      <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8125rem' }}>
        {second || '—'}
      </Box>
    </>
  );
}

interface RegistrationsTableProps {
  items: RegistrationRow[];
  loading: boolean;
  error: string;
  /** A row was selected (a click outside its links and buttons). */
  select: (row: RegistrationRow) => void;
  /** The row's Issue seeds button was pressed (confirmed, unbilled rows only). */
  onIssue: (row: RegistrationRow) => void;
  /** The row's menu button was pressed. */
  onMenu: (anchor: HTMLElement, row: RegistrationRow) => void;
}

/**
 * The registrations found, coloured by billed state, with their status in the crop's stock and Issue seeds on
 * each confirmed, unbilled row. Related facts share a column (name and father, crop and quantity, day and
 * shift, Aadhaar and mobile, village and district) so that the whole table fits a laptop's 1280 px beside the sidebar; phones swipe it sideways
 * under the pinned Billed and Actions columns.
 */
export function RegistrationsTable({ items, loading, error, select, onIssue, onMenu }: RegistrationsTableProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const columns: StaffColumn<RegistrationRow>[] = [
    { header: t('registrations.idYear'), headerSx: noWrap, cell: (r) => <Stacked first={r.id} second={r.year} /> },
    {
      header: t('registrations.nameFather'),
      sx: { minWidth: 120 },
      cell: (r) => (
        <>
          <Stacked first={r.name} second={r.fatherName} />
          {r.farmerLink === 'to-confirm' && (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={t('registrations.farmerLinkToConfirm')}
              title={t('registrations.farmerLinkToConfirmHelp', { farmer: r.proposedFarmerID ?? '—' })}
              data-testid="farmer-link-to-confirm"
              sx={{ mt: 0.5 }}
            />
          )}
        </>
      ),
    },
    {
      header: t('registrations.cropQty'),
      cell: (r) => (
        <Stacked first={cropLabel(r, lang)} second={quantityLabel(r.bagsRequested, r.unit, lang === 'hi' ? 'hi' : 'en')} />
      ),
    },
    {
      // The status sits over the appointment (a waiting registration has none) so that the table still fits 1280 px.
      header: t('registrations.statusAppointment'),
      sx: { minWidth: 120, maxWidth: 170 },
      cell: (r) => (
        <>
          <StatusChip row={r} />
          {r.appointmentDate || r.appointmentDateTime ? (
            <Stacked
              first={
                <Box component="span" sx={noWrap}>
                  {formatDay(r.appointmentDate || r.appointmentDateTime, lang)}
                </Box>
              }
              second={r.appointmentShift}
            />
          ) : null}
        </>
      ),
    },
    {
      header: t('registrations.aadhaarMobile'),
      sx: noWrap,
      cell: (r) => <Stacked first={r.adharNumber} second={r.mobileNumber} />,
    },
    { header: t('registrations.villageDistrict'), cell: (r) => <Stacked first={r.village} second={r.district} /> },
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
        <>
          {mayIssueSeeds(r) && (
            <Button size="small" variant="contained" disableElevation onClick={() => onIssue(r)} sx={{ whiteSpace: 'nowrap' }}>
              {t('registrations.issueSeeds')}
            </Button>
          )}
          <IconButton
            size="small"
            aria-label={t('registrations.rowMenu', { id: r.id })}
            onClick={(e: MouseEvent<HTMLElement>) => onMenu(e.currentTarget, r)}
            sx={{ ml: 0.5 }}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
        </>
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
