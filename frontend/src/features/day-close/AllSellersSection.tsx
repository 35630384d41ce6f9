import { useState } from 'react';
import { ExportButton } from '@web/components/ExportButton';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DayCloseView } from '@shared/schemas/day-close';
import { errorMessage } from '@web/lib/api';
import { FeedbackAlerts, LoadErrorAlert } from '@web/components/FeedbackAlerts';
import { StaffTable, type StaffColumn } from '@web/components/StaffTable';
import { useFeedback } from '@web/lib/use-feedback';
import { storedBillLayout, type BillLayout } from '@web/lib/bill-layout';
import { BillLayoutToggle } from '@web/components/BillLayoutToggle';
import { dayCloseOf, indiaToday } from './api';
import { DifferenceText, kgText, rupees } from './figures';
import { ReopenDialog } from './ReopenDialog';
import { ZReport } from './ZReport';
import { OfflineBlocks } from './OfflineBlocks';

/**
 * Admins: every seller's close of a chosen day (open ones with their running figures), Reopen with a reason,
 * and the Z-report, printed on A4 or a thermal strip (the bill's per-browser choice).
 */
export function AllSellersSection() {
  const { t } = useTranslation();
  const [date, setDate] = useState(indiaToday);
  const query = useQuery({
    queryKey: ['day-close', 'all', date],
    queryFn: ({ signal }) => dayCloseOf(date, signal),
    enabled: !!date,
  });
  const [reopening, setReopening] = useState<DayCloseView | null>(null);
  const [layout, setLayout] = useState<BillLayout>(storedBillLayout);
  const feedback = useFeedback();
  const rows = query.data?.items ?? null;

  const columns: StaffColumn<DayCloseView>[] = [
    { header: t('dayClose.seller'), cell: (d) => d.sellerName },
    {
      header: t('dayClose.status'),
      cell: (d) => (
        <>
          <Chip
            size="small"
            label={t(`dayClose.statuses.${d.status}`)}
            color={d.status === 'closed' ? 'default' : 'success'}
            variant={d.status === 'closed' ? 'filled' : 'outlined'}
          />
          {d.history.length > 0 && (
            <Typography
              variant="body2"
              color="text.secondary"
              data-testid="reopened"
              title={d.history.map((h) => h.reason).join(' · ')}
            >
              {t('dayClose.reopenedTimes', { count: d.history.length, reason: d.history.at(-1)!.reason })}
            </Typography>
          )}
        </>
      ),
    },
    { header: t('dayClose.bills'), align: 'right', cell: (d) => d.bills },
    { header: t('dayClose.kg'), align: 'right', cell: (d) => kgText(d.kg) },
    { header: t('dayClose.cash'), align: 'right', cell: (d) => rupees(d.cashAmount) },
    { header: t('dayClose.online'), align: 'right', cell: (d) => rupees(d.onlineAmount) },
    { header: t('dayClose.counted'), align: 'right', cell: (d) => (d.counted === undefined ? '—' : rupees(d.counted)) },
    {
      header: t('dayClose.difference'),
      align: 'right',
      cell: (d) => (d.difference === undefined ? '—' : <DifferenceText value={d.difference} />),
    },
    {
      header: t('common.actions'),
      align: 'right',
      cell: (d) =>
        d.status === 'closed' ? (
          <Button size="small" variant="outlined" onClick={() => setReopening(d)} data-testid={`reopen-${d.id}`}>
            {t('dayClose.reopen')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="all-sellers">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('dayClose.allSellers')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <TextField
          type="date"
          size="small"
          label={t('dayClose.date')}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: indiaToday(), 'data-testid': 'day-date' } }}
        />
        <Box sx={{ flex: 1 }} />
        <BillLayoutToggle value={layout} onChange={setLayout} />
        <Button variant="contained" onClick={() => window.print()} disabled={!query.data} data-testid="print-z">
          {t('dayClose.printZ')}
        </Button>
        <ExportButton kind="day-close" query={{ date }} disabled={!query.data || !query.data.items.length} />
      </Box>
      <FeedbackAlerts
        error={feedback.error}
        onCloseError={feedback.closeError}
        notice={feedback.notice}
        onCloseNotice={feedback.closeNotice}
      />
      <LoadErrorAlert message={query.isError ? errorMessage(query.error, t('common.failedToLoad')) : ''} />
      <StaffTable
        label={t('dayClose.allSellers')}
        columns={columns}
        rows={rows}
        rowKey={(d) => d.id}
        rowProps={(d) => ({ hover: true, 'data-seller': d.userID, 'data-status': d.status })}
        emptyText={t('dayClose.noSellers')}
        hideEmpty={query.isError}
      />
      {query.data?.offline && <OfflineBlocks offline={query.data.offline} />}
      {query.data && <ZReport report={query.data} layout={layout} />}
      {reopening && (
        <ReopenDialog
          day={reopening}
          onClose={() => setReopening(null)}
          onReopened={(d) => {
            setReopening(null);
            feedback.succeed(t('dayClose.reopened', { name: d.sellerName }));
            void query.refetch();
          }}
        />
      )}
    </Paper>
  );
}
