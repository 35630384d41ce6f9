import type { MouseEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslation } from 'react-i18next';
import { quantityLabel } from '@shared/crop-rules';
import { formatDate, formatDay, formatTime } from '@shared/format';
import type { RegistrationRow } from '@shared/schemas/registration';
import { compactTableSx, pinnedEndSx, tallListBoxSx } from '@web/components/listTable';
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
  return (
    <TableContainer component={Paper} variant="outlined" sx={tallListBoxSx}>
      <Table size="small" stickyHeader aria-label={t('registrations.title')} sx={compactTableSx}>
        <TableHead>
          <TableRow>
            <TableCell>{t('registrations.id')}</TableCell>
            <TableCell>{t('registrations.year')}</TableCell>
            <TableCell>{t('registrations.name')}</TableCell>
            <TableCell>{t('registrations.father')}</TableCell>
            <TableCell>{t('registrations.crop')}</TableCell>
            <TableCell align="right">{t('registrations.bags')}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('registrations.appointment')}</TableCell>
            <TableCell>{t('registrations.shift')}</TableCell>
            <TableCell>{t('registrations.aadhaar')}</TableCell>
            <TableCell>{t('registrations.mobile')}</TableCell>
            <TableCell>{t('registrations.village')}</TableCell>
            <TableCell>{t('registrations.district')}</TableCell>
            <TableCell>{t('registrations.created')}</TableCell>
            <TableCell sx={pinBilled}>{t('registrations.billed')}</TableCell>
            <TableCell align="right" sx={pinActions}>
              {t('registrations.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((r) => (
            <TableRow
              key={`${r.year}-${r.id}`}
              hover
              data-billed={r.isBilled ? 'yes' : 'no'}
              title={r.isBilled ? t('registrations.billedRow') : t('registrations.unbilledRow')}
              sx={{ ...(r.isBilled ? ROW_COLOURS.billed : ROW_COLOURS.unbilled), cursor: 'pointer' }}
              onClick={(e: MouseEvent<HTMLElement>) => !(e.target as HTMLElement).closest('a, button, [role=menu]') && select(r)}
            >
              <TableCell>{r.id}</TableCell>
              <TableCell>{r.year}</TableCell>
              <TableCell sx={{ minWidth: 130 }}>{r.name}</TableCell>
              <TableCell sx={{ minWidth: 100 }}>{r.fatherName}</TableCell>
              <TableCell>{r.cropName}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {quantityLabel(r.bagsRequested, r.unit, lang === 'hi' ? 'hi' : 'en')}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(r.appointmentDate || r.appointmentDateTime, lang)}</TableCell>
              <TableCell sx={{ minWidth: 175, maxWidth: 200 }}>{r.appointmentShift}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.adharNumber}</TableCell>
              <TableCell>{r.mobileNumber}</TableCell>
              <TableCell>{r.village}</TableCell>
              <TableCell>{r.district}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(r.created, lang)}
                <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {formatTime(r.created, lang)}
                </Typography>
              </TableCell>
              <TableCell sx={pinBilled}>
                {r.isBilled && r.invoiceNumber ? (
                  <Link href={to.bill(r.invoiceNumber)} target="_blank" rel="noopener">
                    {t('registrations.view')}
                  </Link>
                ) : (
                  t('common.no')
                )}
              </TableCell>
              <TableCell align="right" sx={pinActions}>
                <IconButton
                  size="small"
                  aria-label={t('registrations.rowMenu', { id: r.id })}
                  onClick={(e: MouseEvent<HTMLElement>) => onMenu(e.currentTarget, r)}
                >
                  <MoreVertIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
          {!loading && !items.length && !error && (
            <TableRow>
              <TableCell colSpan={15}>{t('registrations.empty')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
