import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { NOTE_VALUES, noteKey, type Denominations } from '@shared/schemas/day-close';
import { rupees } from './figures';

/** The count by denomination: a row per note (count × value) and the coins. */
export function DenominationsTable({ denominations, dense }: { denominations: Denominations; dense?: boolean }) {
  const { t } = useTranslation();
  return (
    <Table size="small" sx={{ maxWidth: 420, '& td, & th': dense ? { py: 0.25, px: 0.5, fontSize: 'inherit' } : {} }}>
      <TableHead>
        <TableRow>
          <TableCell>{t('dayClose.denomination')}</TableCell>
          <TableCell align="right">{t('dayClose.countColumn')}</TableCell>
          <TableCell align="right">{t('dayClose.amount')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {NOTE_VALUES.map((v) => (
          <TableRow key={v}>
            <TableCell>₹{v}</TableCell>
            <TableCell align="right">{denominations[noteKey(v)]}</TableCell>
            <TableCell align="right">{rupees(v * denominations[noteKey(v)])}</TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell>{t('dayClose.coins')}</TableCell>
          <TableCell align="right">—</TableCell>
          <TableCell align="right">{rupees(denominations.coins)}</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}
