import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { LotResponse } from '@shared/schemas/lots';
import { compactTableSx, pinnedEndSx } from '@web/components/listTable';
import { TableStateRows } from '@web/components/TableStateRows';

const kgFmt = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const qFmt = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 4 });
const kg = (v: number) => kgFmt.format(v);
/** 1 quintal = 100 kg. */
const quintal = (v: number) => qFmt.format(v / 100);

const pinActions = pinnedEndSx();

interface LotsTableProps {
  /** null while loading. */
  rows: LotResponse[] | null;
  loadError: string;
  canEdit: boolean;
  onEdit: (lot: LotResponse) => void;
  onQr: (lot: LotResponse) => void;
}

/** The lots in kg and quintal, with Edit (admins) and QR pinned at the right edge. */
export function LotsTable({ rows, loadError, canEdit, onEdit, onQr }: LotsTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('lots.title')} sx={compactTableSx}>
        <TableHead>
          <TableRow>
            <TableCell>{t('lots.colCode')}</TableCell>
            <TableCell>{t('lots.colProducer')}</TableCell>
            <TableCell>{t('lots.colCrop')}</TableCell>
            <TableCell>{t('lots.colYear')}</TableCell>
            <TableCell align="right">{t('lots.colTotalKg')}</TableCell>
            <TableCell align="right">{t('lots.colUsedKg')}</TableCell>
            <TableCell align="right">{t('lots.colRemainingKg')}</TableCell>
            <TableCell align="right">{t('lots.colTotalQ')}</TableCell>
            <TableCell align="right">{t('lots.colUsedQ')}</TableCell>
            <TableCell align="right">{t('lots.colRemainingQ')}</TableCell>
            <TableCell align="right" sx={pinActions}>
              {t('common.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows rows={rows} colSpan={11} emptyText={t('catalogue.empty')} hideEmpty={!!loadError} />
          {rows?.map((l) => (
            <TableRow key={l.lotID} hover data-lot-code={l.lotCode}>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{l.lotCode}</TableCell>
              <TableCell>{l.producerName}</TableCell>
              <TableCell>{l.cropName}</TableCell>
              <TableCell>{l.year}</TableCell>
              <TableCell align="right">{kg(l.quantityAvailable)}</TableCell>
              <TableCell align="right">{kg(l.quantityUsed)}</TableCell>
              <TableCell align="right">{kg(l.remaining)}</TableCell>
              <TableCell align="right">{quintal(l.quantityAvailable)}</TableCell>
              <TableCell align="right">{quintal(l.quantityUsed)}</TableCell>
              <TableCell align="right">{quintal(l.remaining)}</TableCell>
              <TableCell align="right" sx={pinActions}>
                {canEdit && (
                  <Button size="small" onClick={() => onEdit(l)}>
                    {t('catalogue.edit')}
                  </Button>
                )}
                <Button size="small" onClick={() => onQr(l)}>
                  {t('lots.qr')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
