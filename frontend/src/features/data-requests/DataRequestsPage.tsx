import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import type { DataRequestReply } from '@shared/schemas/records';
import { useListQuery } from '@web/lib/use-list-query';
import { FeedbackAlerts, LoadErrorAlert } from '@web/components/FeedbackAlerts';
import { NativeSelectField } from '@web/components/FilterFields';
import { StaffPage } from '@web/components/StaffPage';
import { StaffTable, type StaffColumn } from '@web/components/StaffTable';
import { usePageTitle } from '@web/components/use-page-title';
import { listDataRequests, type StatusFilter } from './api';
import { ResolveDialog } from './ResolveDialog';

const FILTERS: readonly StatusFilter[] = ['open', 'done', 'refused', 'all'];

/** The farmers' requests about their data (admins): filtered by status, each open one resolved in a dialog. */
export default function DataRequestsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('dataRequests.title'));
  const [status, setStatus] = useState<StatusFilter>('open');
  const { rows, loadError, load } = useListQuery(
    ['data-requests', status],
    (signal) => listDataRequests(status, signal),
    'common.failedToLoad',
  );
  const [resolving, setResolving] = useState<DataRequestReply | null>(null);
  const [notice, setNotice] = useState('');

  const columns: StaffColumn<DataRequestReply>[] = [
    { header: t('dataRequests.asked'), cell: (r) => formatDateTime(r.createdAt, i18n.language) },
    { header: t('dataRequests.registration'), cell: (r) => `${r.registration.id}/${r.registration.year}` },
    { header: t('dataRequests.farmer'), cell: (r) => r.name },
    { header: t('dataRequests.kind'), cell: (r) => t(`dataRequests.kinds.${r.kind}`) },
    {
      header: t('dataRequests.details'),
      cell: (r) => <Typography sx={{ whiteSpace: 'pre-wrap', maxWidth: 360, fontSize: 'inherit' }}>{r.details}</Typography>,
    },
    {
      header: t('dataRequests.status'),
      cell: (r) => (
        <Box>
          <Typography sx={{ fontSize: 'inherit', fontWeight: 600 }}>{t(`dataRequests.statuses.${r.status}`)}</Typography>
          {r.resolvedAt && (
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(r.resolvedAt, i18n.language)} · {r.resolvedBy}
            </Typography>
          )}
          {r.note && <Typography variant="body2">{r.note}</Typography>}
          {r.erased && (
            <Typography variant="body2" color="text.secondary">
              {t('dataRequests.erased', { what: r.erased })}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      header: t('common.actions'),
      align: 'right',
      cell: (r) =>
        r.status === 'open' ? (
          <Button size="small" variant="outlined" onClick={() => setResolving(r)} data-testid={`resolve-${r.id}`}>
            {t('dataRequests.resolve')}
          </Button>
        ) : null,
    },
  ];

  return (
    <StaffPage title={t('dataRequests.title')}>
      <Box sx={{ display: 'flex', gap: 2, mb: 2 }}>
        <NativeSelectField
          label={t('dataRequests.status')}
          name="status"
          value={status}
          onChange={(e) => setStatus(e.target.value as StatusFilter)}
          sx={{ minWidth: 180 }}
        >
          {FILTERS.map((f) => (
            <option key={f} value={f}>
              {f === 'all' ? t('dataRequests.all') : t(`dataRequests.statuses.${f}`)}
            </option>
          ))}
        </NativeSelectField>
      </Box>
      <FeedbackAlerts error="" onCloseError={() => undefined} notice={notice} onCloseNotice={() => setNotice('')} />
      <LoadErrorAlert message={loadError} />
      <StaffTable
        label={t('dataRequests.title')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ hover: true, 'data-request': r.id })}
        emptyText={t('dataRequests.none')}
        hideEmpty={Boolean(loadError)}
      />
      {resolving && (
        <ResolveDialog
          request={resolving}
          onClose={() => setResolving(null)}
          onResolved={(r) => {
            setResolving(null);
            setNotice(t('dataRequests.resolved', { id: r.id, status: t(`dataRequests.statuses.${r.status}`) }));
            void load();
          }}
        />
      )}
    </StaffPage>
  );
}
