import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RegistrationRow } from '@shared/schemas/registration';
import { call, errorMessage } from '@web/lib/api';
import { DateAndTime } from '@web/components/DateAndTime';
import { LoadErrorAlert } from '@web/components/FeedbackAlerts';
import { StaffTable } from '@web/components/StaffTable';

/**
 * The SMS sent about one registration (docs/decisions/0041-sms-notifications.md): what, when, its status and
 * why one failed. The server masks the mobile to its last four digits for sellers.
 */
export function RegistrationMessagesDialog({ row, onClose }: { row: RegistrationRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: ['registration-sms', row.year, row.id],
    queryFn: ({ signal }) =>
      call('GET /api/notifications/registrations/{id}', { params: { id: row.id }, query: { year: row.year }, signal }),
  });
  const title = t('sms.registration.title', { id: row.id, year: row.year });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <LoadErrorAlert message={query.isError ? errorMessage(query.error, t('common.failedToLoad')) : ''} />
        <StaffTable
          label={title}
          rows={query.isError ? [] : (query.data?.items ?? null)}
          rowKey={(m) => m.id}
          rowProps={(m) => ({ 'data-message': m.id })}
          emptyText={t('sms.outbox.none')}
          columns={[
            { header: t('sms.outbox.written'), cell: (m) => <DateAndTime iso={m.createdOn} lang={i18n.language} /> },
            { header: t('sms.outbox.kind'), cell: (m) => t(`sms.kinds.${m.kind}`) },
            { header: t('sms.outbox.mobile'), cell: (m) => m.mobile },
            {
              header: t('sms.outbox.status'),
              cell: (m) => (
                <>
                  {t(`sms.statuses.${m.status}`)}
                  {m.failureReason && (
                    <Typography variant="body2" color="error">
                      {m.failureReason}
                    </Typography>
                  )}
                </>
              ),
            },
          ]}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('sms.registration.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
