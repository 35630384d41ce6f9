import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OUTBOX_STATUSES, type OutboxItemReply } from '@shared/schemas/notifications';
import { normaliseMobile, SMS_KINDS } from '@shared/sms-templates';
import { errorMessage } from '@web/lib/api';
import { DateAndTime } from '@web/components/DateAndTime';
import { FeedbackAlerts, LoadErrorAlert } from '@web/components/FeedbackAlerts';
import { NativeSelectField } from '@web/components/FilterFields';
import { StaffPage } from '@web/components/StaffPage';
import { StaffTable, type StaffColumn } from '@web/components/StaffTable';
import { usePageTitle } from '@web/components/use-page-title';
import { listOutbox, resendMessage, type OutboxFilters } from './api';

/**
 * The SMS outbox (/admin/sms/outbox, admins): a day's messages to farmers, newest first, filtered by status, kind
 * and mobile (typed any way: +91, spaces, a leading 0), the day's counts by status, and a failed message resent
 * (once, audited).
 */
interface Form {
  status: string;
  kind: string;
  day: string;
  mobile: string;
}
const EMPTY: Form = { status: '', kind: '', day: '', mobile: '' };

const toFilters = (f: Form): OutboxFilters => ({
  ...(f.status ? { status: f.status as OutboxFilters['status'] } : {}),
  ...(f.kind ? { kind: f.kind as OutboxFilters['kind'] } : {}),
  ...(f.day ? { day: f.day } : {}),
  ...(f.mobile.trim() ? { mobile: f.mobile.trim() } : {}),
});

export default function OutboxPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('sms.outbox.title'));
  const [form, setForm] = useState<Form>(EMPTY);
  const [filters, setFilters] = useState<OutboxFilters>({});
  const [mobileError, setMobileError] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [resending, setResending] = useState('');
  const query = useQuery({
    queryKey: ['sms-outbox', filters],
    queryFn: ({ signal }) => listOutbox(filters, signal),
    placeholderData: keepPreviousData,
  });
  const loadError = query.isError && !query.isFetching ? errorMessage(query.error, t('common.failedToLoad')) : '';
  const set = (name: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value }));

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    const bad = Boolean(form.mobile.trim()) && !normaliseMobile(form.mobile);
    setMobileError(bad);
    if (!bad) setFilters(toFilters(form));
  };

  const resend = async (item: OutboxItemReply) => {
    setResending(item.id);
    setError('');
    try {
      await resendMessage(item.id);
      setNotice(t('sms.outbox.resent', { id: item.id }));
      await query.refetch();
    } catch (e) {
      setError(errorMessage(e, t('sms.outbox.resendFailed')));
    } finally {
      setResending('');
    }
  };

  const columns: StaffColumn<OutboxItemReply>[] = [
    {
      header: t('sms.outbox.written'),
      cell: (m) => <DateAndTime iso={m.createdOn} lang={i18n.language} />,
      sx: { whiteSpace: 'nowrap' },
    },
    { header: t('sms.outbox.kind'), cell: (m) => t(`sms.kinds.${m.kind}`) },
    { header: t('sms.outbox.registration'), cell: (m) => `${m.registrationId}/${m.year}` },
    { header: t('sms.outbox.mobile'), cell: (m) => m.mobile, sx: { whiteSpace: 'nowrap' } },
    { header: t('sms.outbox.language'), cell: (m) => t(`sms.languages.${m.language}`) },
    {
      header: t('sms.outbox.status'),
      cell: (m) => (
        <Box>
          <Typography sx={{ fontSize: 'inherit', fontWeight: 600 }}>{t(`sms.statuses.${m.status}`)}</Typography>
          {m.failureReason && (
            <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
              {m.failureReason}
            </Typography>
          )}
          {m.holdUntil && m.status === 'held' && (
            <Typography variant="body2" color="text.secondary">
              {t('sms.outbox.heldUntil')} <DateAndTime iso={m.holdUntil} lang={i18n.language} />
            </Typography>
          )}
        </Box>
      ),
    },
    { header: t('sms.outbox.tries'), cell: (m) => m.tries, align: 'right' },
    { header: t('sms.outbox.templateId'), cell: (m) => m.templateId ?? '—', sx: { fontFamily: 'monospace' } },
    {
      header: t('sms.outbox.sentDelivered'),
      cell: (m) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          {m.sentAt ? <DateAndTime iso={m.sentAt} lang={i18n.language} /> : '—'}
          {m.deliveredAt && (
            <Typography variant="body2" color="text.secondary">
              <DateAndTime iso={m.deliveredAt} lang={i18n.language} />
            </Typography>
          )}
        </Box>
      ),
    },
    {
      header: t('common.actions'),
      align: 'right',
      cell: (m) =>
        m.status === 'failed' && !m.resent ? (
          <Button
            size="small"
            variant="outlined"
            disabled={resending === m.id}
            onClick={() => void resend(m)}
            data-testid={`resend-${m.id}`}
          >
            {t('sms.outbox.resend')}
          </Button>
        ) : m.resent ? (
          <Typography variant="body2" color="text.secondary">
            {t('sms.outbox.resentOnce')}
          </Typography>
        ) : null,
    },
  ];

  const counts = query.data?.counts;
  return (
    <StaffPage title={t('sms.outbox.title')}>
      <Box
        component="form"
        onSubmit={onSearch}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, '@media print': { display: 'none' } }}
      >
        <NativeSelectField
          label={t('sms.outbox.status')}
          name="status"
          value={form.status}
          onChange={set('status')}
          sx={{ minWidth: 150 }}
        >
          <option value="">{t('sms.outbox.all')}</option>
          {OUTBOX_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`sms.statuses.${s}`)}
            </option>
          ))}
        </NativeSelectField>
        <NativeSelectField
          label={t('sms.outbox.kind')}
          name="kind"
          value={form.kind}
          onChange={set('kind')}
          sx={{ minWidth: 170 }}
        >
          <option value="">{t('sms.outbox.all')}</option>
          {SMS_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`sms.kinds.${k}`)}
            </option>
          ))}
        </NativeSelectField>
        <TextField
          size="small"
          type="date"
          label={t('sms.outbox.day')}
          name="day"
          value={form.day}
          onChange={set('day')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          label={t('sms.outbox.mobile')}
          name="mobile"
          value={form.mobile}
          onChange={set('mobile')}
          error={mobileError}
          helperText={mobileError ? t('sms.outbox.mobileInvalid') : ' '}
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 20 } }}
        />
        <Box>
          <Button type="submit" variant="contained">
            {t('sms.outbox.show')}
          </Button>
        </Box>
      </Box>
      {counts && (
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}
          aria-label={t('sms.outbox.counts', { day: query.data!.day })}
        >
          <Typography variant="body2" sx={{ alignSelf: 'center', mr: 1 }}>
            {t('sms.outbox.counts', { day: query.data!.day })}
          </Typography>
          {OUTBOX_STATUSES.map((s) => (
            <Chip key={s} size="small" label={`${t(`sms.statuses.${s}`)}: ${counts[s]}`} data-count={s} />
          ))}
        </Box>
      )}
      <FeedbackAlerts error={error} onCloseError={() => setError('')} notice={notice} onCloseNotice={() => setNotice('')} />
      <LoadErrorAlert message={loadError} />
      <StaffTable
        label={t('sms.outbox.title')}
        columns={columns}
        rows={query.isError ? [] : (query.data?.items ?? null)}
        rowKey={(m) => m.id}
        rowProps={(m) => ({ hover: true, 'data-message': m.id })}
        emptyText={t('sms.outbox.none')}
        hideEmpty={Boolean(loadError)}
      />
    </StaffPage>
  );
}
