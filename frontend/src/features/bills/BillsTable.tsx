import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import CurrencyRupeeIcon from '@mui/icons-material/CurrencyRupee';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import { formatRupees } from '@shared/format';
import { creditNotePath } from '@shared/public-pages/paths';
import type { InvoiceResponse } from '@shared/schemas/sales';
import { DateAndTime } from '@web/components/DateAndTime';
import { compactTableSx, pinnedEndSx } from '@web/components/list-table';
import { StaffTable, type StaffColumn } from '@web/components/StaffTable';
import { to } from '@web/paths';

const pinActions = pinnedEndSx();
const kg = (n: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 }).format(n);

interface BillsTableProps {
  items: InvoiceResponse[];
  loading: boolean;
  error: string;
  showQr: (row: InvoiceResponse) => void;
  /** Cancel (admins) or ask for it (sellers); absent: no such action. */
  cancelAction?: { label: string; onClick: (row: InvoiceResponse) => void };
}

/**
 * The bills of the page, with View (bill page in a new tab) and QR pinned at the right edge. The date comes
 * right after the number, so that the pinned actions never cover it; a cancelled bill's status links its
 * credit note.
 */
export function BillsTable({ items, loading, error, showQr, cancelAction }: BillsTableProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const noWrap = { whiteSpace: 'nowrap' } as const;
  const columns: StaffColumn<InvoiceResponse>[] = [
    {
      header: t('bills.number'),
      sx: noWrap,
      cell: (b) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
          {b.paymentMode === 'Cash' ? (
            <CurrencyRupeeIcon fontSize="small" color="success" titleAccess={t('bills.cash')} data-testid="mode-cash" />
          ) : (
            <CreditCardIcon fontSize="small" color="primary" titleAccess={t('bills.online')} data-testid="mode-online" />
          )}
          {b.invoiceNumber}
        </Box>
      ),
    },
    // Second, not beside the pinned actions: a narrow screen scrolls the columns after it, never the date.
    { header: t('bills.date'), cell: (b) => <DateAndTime iso={b.generatedOn} lang={lang} />, sx: noWrap },
    { header: t('bills.farmer'), cell: (b) => b.farmerName, sx: { minWidth: 110 } },
    { header: t('bills.lot'), cell: (b) => b.lotCode, sx: noWrap },
    { header: t('bills.crop'), cell: (b) => cropLabel(b, i18n.language) },
    {
      header: t('bills.qty'),
      align: 'right',
      sx: noWrap,
      cell: (b) => (
        <>
          {kg(b.quantityKg)}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {t('bills.quintal', { value: kg(b.quantityQuintal) })}
          </Typography>
        </>
      ),
    },
    {
      // The rate under the total, as the quintals under the kg: one column less, so the table fits 1280 px.
      header: t('bills.total'),
      align: 'right',
      sx: noWrap,
      cell: (b) => (
        <>
          ₹{formatRupees(b.totalAmount)}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid="bill-rate">
            {t('billsTable.ratePerKg', { rate: formatRupees(b.pricePerUnit) })}
          </Typography>
        </>
      ),
    },
    {
      header: t('bills.status'),
      sx: noWrap,
      cell: (b) =>
        b.status === 'cancelled' ? (
          <>
            <Chip size="small" color="error" label={t('bills.statusCancelled')} data-testid="bill-status-cancelled" />
            {b.creditNoteNumber && (
              <Typography component="span" variant="caption" sx={{ display: 'block', mt: 0.25 }}>
                <Link
                  href={creditNotePath(b.creditNoteNumber, b.creditNoteToken)}
                  target="_blank"
                  rel="noopener"
                  data-testid="row-credit-note"
                  aria-label={`${t('bills.creditNote')} ${b.creditNoteNumber}`}
                >
                  {b.creditNoteNumber}
                </Link>
              </Typography>
            )}
          </>
        ) : (
          t('bills.statusIssued')
        ),
    },
    { header: t('bills.createdBy'), cell: (b) => b.createdByName || '—' },
    {
      header: t('bills.actions'),
      align: 'right',
      headerSx: pinActions,
      sx: pinActions,
      cell: (b) => (
        <>
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
          {cancelAction && b.status !== 'cancelled' && (
            <Button
              size="small"
              color="error"
              sx={{ minWidth: 0, px: 1 }}
              onClick={() => cancelAction.onClick(b)}
              data-testid="row-cancel"
            >
              {cancelAction.label}
            </Button>
          )}
        </>
      ),
    },
  ];
  return (
    <StaffTable
      label={t('bills.title')}
      tableSx={compactTableSx}
      columns={columns}
      rows={items}
      rowKey={(b) => b.invoiceNumber}
      rowProps={(b) => ({ hover: true, 'data-invoice-number': b.invoiceNumber })}
      emptyText={t('bills.empty')}
      hideEmpty={loading || !!error}
    />
  );
}
