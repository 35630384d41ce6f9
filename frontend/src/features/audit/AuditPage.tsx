import { useMemo, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AuditEntryResponse } from '@shared/schemas/audit';
import { errorMessage } from '@web/lib/api';
import { checkFilters } from '@web/lib/filters';
import { roleLabel } from '@web/lib/role-label';
import { usePagedSearch } from '@web/lib/use-paged-search';
import { DateAndTime } from '@web/components/DateAndTime';
import { filterBinder } from '@web/components/FilterFields';
import { PagingRow, SearchStatus } from '@web/components/PagedListParts';
import { StaffPage } from '@web/components/StaffPage';
import { StaffTable, type StaffColumn } from '@web/components/StaffTable';
import { usePageTitle } from '@web/components/use-page-title';
import { EMPTY_AUDIT_FILTERS, exportAudit, listAudit, type AuditFilters } from './api';
import { changeText, targetText } from './audit-csv';
import { actionLabel, auditWords } from './audit-text';
import { indiaDay } from '@shared/india-day';

/**
 * The audit log (/admin/audit, super_admin): who changed what, newest first, over a window of India days
 * (today when none is given, at most 31 days), filtered by who, action (exact or a prefix like "lot.") and
 * record ("lot" or "lot:12"); the filtered window can be saved as a CSV file.
 */
interface AuditSearch {
  filters: AuditFilters;
  skip: number;
  take: number;
}
const PAGE_SIZE = 50;
const checkQuery = ({ filters: f }: AuditSearch) => checkFilters({ from: f.from, to: f.to }, {}, { from: 'from', to: 'to' });
const fetchPage = (q: AuditSearch, signal: AbortSignal) => listAudit(q.filters, q.skip, q.take, signal);

export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'hi' ? 'hi' : 'en';
  usePageTitle(t('audit.title'));
  const words = useMemo(() => auditWords(t), [t]);
  const [form, setForm] = useState<AuditFilters>(EMPTY_AUDIT_FILTERS);
  const [exporting, setExporting] = useState(false);
  const { query, data, loading, error, problem, search, previousPage, nextPage, showError } = usePagedSearch({
    name: 'audit',
    initial: { filters: EMPTY_AUDIT_FILTERS, skip: 0, take: PAGE_SIZE },
    check: checkQuery,
    fetchPage,
  });
  const bind = filterBinder(form, setForm, problem);

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    search((q) => ({ ...q, filters: { ...form }, skip: 0 }));
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const CSV_KEYS = ['when', 'who', 'userId', 'role', 'address', 'action', 'target', 'change'] as const;
      const headers = CSV_KEYS.map((k) => t(`audit.csv.${k}` as const));
      await exportAudit(query.filters, headers, words);
    } catch (e) {
      showError(errorMessage(e, t('audit.exportFailed')));
    } finally {
      setExporting(false);
    }
  };

  const columns: StaffColumn<AuditEntryResponse>[] = [
    { header: t('audit.when'), cell: (e) => <DateAndTime iso={e.at} lang={i18n.language} />, sx: { whiteSpace: 'nowrap' } },
    { header: t('audit.who'), cell: (e) => `${e.userName} (${e.userID})`, sx: { minWidth: 120 } },
    { header: t('audit.role'), cell: (e) => e.roles.map((r) => roleLabel(t, r)).join(', '), sx: { minWidth: 100 } },
    {
      header: t('audit.address'),
      cell: (e) => <span title={e.sourceIp}>{words.address(e.sourceIp)}</span>,
      sx: { whiteSpace: 'nowrap' },
    },
    {
      header: t('audit.action'),
      cell: (e) => (
        <>
          {actionLabel(t, e.action)}
          {/* The code, as the Action filter takes it. */}
          <Typography variant="caption" component="code" color="text.secondary" sx={{ display: 'block' }}>
            {e.action}
          </Typography>
        </>
      ),
      sx: { minWidth: 140 },
    },
    { header: t('audit.target'), cell: (e) => targetText(e) },
    { header: t('audit.change'), cell: (e) => changeText(e, words), sx: { minWidth: 220, overflowWrap: 'anywhere' } },
  ];

  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const failed = !data && Boolean(error);

  return (
    <StaffPage title={t('audit.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('audit.intro')}
      </Typography>
      <Box
        component="form"
        onSubmit={onSearch}
        noValidate
        aria-label={t('audit.filters')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'flex-start' }}
      >
        <TextField
          label={t('audit.from')}
          type="date"
          size="small"
          {...bind('from')}
          helperText={problem?.field === 'from' ? t(problem.messageKey) : ' '}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: '1 1 150px' }}
        />
        <TextField
          label={t('audit.to')}
          type="date"
          size="small"
          {...bind('to')}
          helperText=" "
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: '1 1 150px' }}
        />
        <TextField label={t('audit.actor')} size="small" {...bind('actor')} helperText=" " sx={{ flex: '1 1 160px' }} />
        <TextField
          label={t('audit.actionFilter')}
          size="small"
          {...bind('action')}
          helperText={t('audit.actionHelp')}
          sx={{ flex: '1 1 160px' }}
        />
        <TextField
          label={t('audit.targetFilter')}
          size="small"
          {...bind('target')}
          helperText={t('audit.targetHelp')}
          sx={{ flex: '1 1 160px' }}
        />
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button type="submit" variant="contained">
            {t('audit.search')}
          </Button>
          <Button variant="outlined" onClick={() => void onExport()} disabled={exporting || failed || total === 0}>
            {exporting ? t('audit.exporting') : t('audit.export')}
          </Button>
        </Box>
      </Box>

      <Typography data-testid="audit-count" sx={{ fontWeight: 600, mb: 1, visibility: failed ? 'hidden' : undefined }}>
        {data
          ? t('audit.results', {
              count: total,
              from: indiaDay(data.from, lang).date,
              to: indiaDay(data.to, lang).date,
            })
          : ' '}
      </Typography>

      <SearchStatus error={error} errorTestId="audit-error" partialText={null} loading={loading} />

      <StaffTable
        label={t('audit.title')}
        columns={columns}
        rows={loading && !data ? null : items}
        rowKey={(e) => e.eventId}
        rowProps={(e) => ({ 'data-action': e.action, hover: true })}
        emptyText={t('audit.empty')}
        hideEmpty={Boolean(error)}
      />

      <PagingRow
        summary={
          failed
            ? '—'
            : t('audit.showing', { from: total ? query.skip + 1 : 0, to: Math.min(query.skip + query.take, total), total })
        }
        summaryTestId="audit-showing"
        page={query}
        total={total}
        loading={loading}
        onPrevious={previousPage}
        onNext={nextPage}
        previousLabel={t('audit.prev')}
        nextLabel={t('audit.next')}
      />
    </StaffPage>
  );
}
