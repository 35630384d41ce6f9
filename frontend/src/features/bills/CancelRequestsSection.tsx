import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '@shared/format';
import type { CancelRequestView } from '@shared/schemas/credit-notes';
import { errorMessage } from '@web/lib/api';
import { DateAndTime } from '@web/components/DateAndTime';
import { compactTableSx } from '@web/components/list-table';
import { StaffTable, type StaffColumn } from '@web/components/StaffTable';
import { to } from '@web/paths';
import { listCancelRequests } from './api';
import type { CancelAction } from './CancelBillDialog';

export const CANCEL_REQUESTS_KEY = ['cancel-requests'] as const;

/** Admins: the sellers' open requests to cancel a bill (the section shows only while there are some), each approved (the bill is cancelled) or refused with a note. */
export function CancelRequestsSection({ onAction }: { onAction: (a: CancelAction) => void }) {
  const { t, i18n } = useTranslation();
  const q = useQuery({ queryKey: CANCEL_REQUESTS_KEY, queryFn: ({ signal }) => listCancelRequests(signal) });
  const items = q.data?.items ?? [];
  // Shown while there is something to decide (or the list could not be read).
  const hidden = !q.isError && items.length === 0;
  const columns: StaffColumn<CancelRequestView>[] = [
    {
      header: t('bills.number'),
      sx: { whiteSpace: 'nowrap' },
      cell: (r) => (
        <Link href={to.bill(r.invoiceNumber)} target="_blank" rel="noopener">
          {r.invoiceNumber}
        </Link>
      ),
    },
    { header: t('bills.farmer'), cell: (r) => r.farmerName },
    { header: t('bills.total'), align: 'right', cell: (r) => `₹${formatRupees(r.totalAmount)}` },
    { header: t('bills.requestedBy'), cell: (r) => r.requestedByName },
    {
      header: t('bills.date'),
      sx: { whiteSpace: 'nowrap' },
      cell: (r) => <DateAndTime iso={r.requestedOn} lang={i18n.language} />,
    },
    { header: t('bills.reason'), cell: (r) => r.reason, sx: { minWidth: 160 } },
    {
      header: t('bills.actions'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      cell: (r) => (
        <>
          <Button
            size="small"
            color="error"
            data-testid="request-approve"
            onClick={() =>
              onAction({
                kind: 'cancel',
                invoiceID: r.invoiceID,
                invoiceNumber: r.invoiceNumber,
                requestId: r.id,
                reason: r.reason,
              })
            }
          >
            {t('bills.approve')}
          </Button>
          <Button
            size="small"
            data-testid="request-refuse"
            onClick={() => onAction({ kind: 'refuse', requestId: r.id, invoiceNumber: r.invoiceNumber })}
          >
            {t('bills.refuse')}
          </Button>
        </>
      ),
    },
  ];
  if (hidden) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="cancel-requests-title"
      sx={{ p: 2, mb: 2 }}
      data-testid="cancel-requests"
    >
      <Typography id="cancel-requests-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('bills.requestsTitle')} ({items.length})
      </Typography>
      {q.isError && <Typography color="error">{errorMessage(q.error, t('common.failedToLoad'))}</Typography>}
      <Box sx={{ overflowX: 'auto' }}>
        <StaffTable
          label={t('bills.requestsTitle')}
          tableSx={compactTableSx}
          columns={columns}
          rows={items}
          rowKey={(r) => r.id}
          rowProps={(r) => ({ 'data-request-invoice': r.invoiceNumber })}
          emptyText={t('bills.requestsEmpty')}
        />
      </Box>
    </Paper>
  );
}
