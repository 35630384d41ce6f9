import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import { formatDay } from '@shared/format';
import type { FarmerRegistration, FarmerResponse } from '@shared/schemas/farmers';
import { farmerRegistrations } from './api';

/** The farmer's registrations (an empty list when there are none or they could not be loaded). */
export function RegsDialog({ farmer, onClose }: { farmer: FarmerResponse; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const rows: FarmerRegistration[] | null =
    useQuery({ queryKey: ['farmer-registrations', farmer.farmerID], queryFn: () => farmerRegistrations(farmer.farmerID) }).data ??
    null;

  // An appointment is a calendar day (stored as India midnight): shown as that day on any device.
  const date = (iso: string | null) => formatDay(iso, i18n.language);

  return (
    <Dialog open onClose={onClose} aria-labelledby="farmer-regs-title" maxWidth="md" fullWidth>
      <DialogTitle id="farmer-regs-title">{t('farmers.regsTitle', { name: farmer.name })}</DialogTitle>
      <DialogContent>
        <Table size="small" aria-label={t('farmers.regsTitle', { name: farmer.name })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('farmers.regNo')}</TableCell>
              <TableCell>{t('farmers.year')}</TableCell>
              <TableCell>{t('farmers.crop')}</TableCell>
              <TableCell align="right">{t('farmers.qty')}</TableCell>
              <TableCell>{t('farmers.appointment')}</TableCell>
              <TableCell>{t('farmers.shift')}</TableCell>
              <TableCell>{t('farmers.billed')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows === null && (
              <TableRow>
                <TableCell colSpan={7}>{t('common.loading')}</TableCell>
              </TableRow>
            )}
            {rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>{t('farmers.regsEmpty')}</TableCell>
              </TableRow>
            )}
            {rows?.map((r) => (
              <TableRow key={`${r.year}-${r.id}`}>
                <TableCell>{r.id}</TableCell>
                <TableCell>{r.year ?? '—'}</TableCell>
                <TableCell>{cropLabel(r, i18n.language)}</TableCell>
                <TableCell align="right">{r.bagsRequested ?? '—'}</TableCell>
                <TableCell>{date(r.appointmentDateTime)}</TableCell>
                <TableCell>{r.appointmentShift ?? '—'}</TableCell>
                <TableCell>{r.isBilled ? (r.invoiceNumber ?? t('common.yes')) : t('farmers.no')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('catalogue.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
