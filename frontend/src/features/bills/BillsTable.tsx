import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import CurrencyRupeeIcon from '@mui/icons-material/CurrencyRupee';
import { useTranslation } from 'react-i18next';
import { formatDate, formatRupees, formatTime } from '@shared/format';
import type { InvoiceResponse } from '@shared/schemas/sales';
import { compactTableSx, pinnedEndSx } from '@web/components/listTable';
import { to } from '@web/paths';

const pinActions = pinnedEndSx();
const kg = (n: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 }).format(n);

interface BillsTableProps {
  items: InvoiceResponse[];
  loading: boolean;
  error: string;
  showQr: (row: InvoiceResponse) => void;
}

/** The bills of the page, with View (bill page in a new tab) and QR pinned at the right edge. */
export function BillsTable({ items, loading, error, showQr }: BillsTableProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('bills.title')} sx={compactTableSx}>
        <TableHead>
          <TableRow>
            <TableCell>{t('bills.number')}</TableCell>
            <TableCell>{t('bills.farmer')}</TableCell>
            <TableCell>{t('bills.lot')}</TableCell>
            <TableCell>{t('bills.crop')}</TableCell>
            <TableCell align="right">{t('bills.qty')}</TableCell>
            <TableCell align="right">{t('bills.rate')}</TableCell>
            <TableCell align="right">{t('bills.total')}</TableCell>
            <TableCell>{t('bills.createdBy')}</TableCell>
            <TableCell>{t('bills.date')}</TableCell>
            <TableCell align="right" sx={pinActions}>
              {t('bills.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((b) => (
            <TableRow key={b.invoiceNumber} hover data-invoice-number={b.invoiceNumber}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                  {b.paymentMode === 'Cash' ? (
                    <CurrencyRupeeIcon fontSize="small" color="success" titleAccess={t('bills.cash')} data-testid="mode-cash" />
                  ) : (
                    <CreditCardIcon fontSize="small" color="primary" titleAccess={t('bills.online')} data-testid="mode-online" />
                  )}
                  {b.invoiceNumber}
                </Box>
              </TableCell>
              <TableCell sx={{ minWidth: 110 }}>{b.farmerName}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{b.lotCode}</TableCell>
              <TableCell>{b.cropName}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {kg(b.quantityKg)}
                <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {t('bills.quintal', { value: kg(b.quantityQuintal) })}
                </Typography>
              </TableCell>
              <TableCell align="right">₹{formatRupees(b.pricePerUnit)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                ₹{formatRupees(b.totalAmount)}
              </TableCell>
              <TableCell>{b.createdByName || '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(b.generatedOn, lang)}
                <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {formatTime(b.generatedOn, lang)}
                </Typography>
              </TableCell>
              <TableCell align="right" sx={pinActions}>
                <Button
                  size="small"
                  sx={{ minWidth: 0, px: 1 }}
                  component={Link}
                  href={to.bill(b.invoiceNumber)}
                  target="_blank"
                  rel="noopener"
                >
                  {t('bills.view')}
                </Button>
                <Button size="small" sx={{ minWidth: 0, px: 1 }} onClick={() => showQr(b)}>
                  {t('bills.qr')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
          {!loading && !items.length && !error && (
            <TableRow>
              <TableCell colSpan={10}>{t('bills.empty')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
