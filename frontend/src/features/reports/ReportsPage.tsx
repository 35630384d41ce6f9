import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ReportReply } from '@shared/schemas/replies/reports';
import { REPORT_GROUPINGS, reportSeason, type ReportGrouping } from '@shared/schemas/reports';
import { NativeSelectField } from '@web/components/FilterFields';
import { StaffPage } from '@web/components/StaffPage';
import { StaffTable, type StaffColumn } from '@web/components/StaffTable';
import { usePageTitle } from '@web/components/use-page-title';
import { formatDay } from '@shared/format';
import { errorMessage } from '@web/lib/api';
import { saveBlob } from '@web/lib/save-blob';
import { getReport, type ReportRequest } from './api';
import { ReportChart } from './ReportChart';
import { reportCsv } from './report-csv';
import { REPORT_COLUMNS, rowLabel, valueOf, valueText, type ReportColumn } from './report-figures';

/** The year in India now: the report's default year. */
const indiaYear = () =>
  Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date()));

type Line = ReportReply['rows'][number] & { name: string };

/**
 * Reports (/admin/reports, admins; docs/decisions/0028-reports.md): for a year and a range of its days, the
 * registrations and bills by district, crop, category or gender, as a table with a totals row and a bar chart
 * of one chosen measure; printed on A4 (the form and buttons stay off paper) and saved as CSV.
 */
export default function ReportsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('reports.title'));
  const thisYear = indiaYear();
  const [form, setForm] = useState<ReportRequest>({ year: thisYear, from: '', to: '', by: 'district' });
  const [asked, setAsked] = useState<ReportRequest>(form);
  const [measure, setMeasure] = useState<ReportColumn>('registrations');
  const report = useQuery({ queryKey: ['reports', asked], queryFn: ({ signal }) => getReport(asked, signal) });

  const onShow = (e: FormEvent) => {
    e.preventDefault();
    setAsked({ ...form });
  };
  // A new year or grouping is shown at once (with the form as it stands), so the table and its heading always
  // agree with the selects; typed dates wait for Show, as a half-typed date would ask for a range not meant.
  const applyNow = (next: ReportRequest) => {
    setForm(next);
    setAsked(next);
  };
  const data = report.data;
  const lines: Line[] = (data?.rows ?? []).map((r) => ({ ...r, name: rowLabel(r, data!.by, i18n.language, t) }));
  const groupName = (by: ReportGrouping) => t(`reports.by.${by}`);
  // The days of the year's season, into the next year (its registrations are billed after the year ends).
  const season = reportSeason(form.year);
  const dayLimits = { min: season.first, max: season.last };

  const onExport = () => {
    if (!data) return;
    const headers = [groupName(data.by), ...REPORT_COLUMNS.map((c) => t(`reports.columns.${c}`))];
    const csv = reportCsv(
      headers,
      lines.map((l) => ({ label: l.name, figures: l })),
      { label: t('reports.total'), figures: data.total },
    );
    saveBlob(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), `report-${data.by}-${data.from}-to-${data.to}.csv`);
  };

  const columns: StaffColumn<Line>[] = [
    { header: data ? groupName(data.by) : '', cell: (l) => l.name, sx: { fontWeight: 500 } },
    ...REPORT_COLUMNS.map(
      (c): StaffColumn<Line> => ({
        header: t(`reports.columns.${c}`),
        cell: (l) => valueText(l, c),
        align: 'right',
        sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
      }),
    ),
  ];
  const totalLine: Line | undefined = data && {
    key: '\u0000total',
    label: '',
    name: t('reports.total'),
    ...data.total,
  };

  return (
    <StaffPage title={t('reports.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }} className="no-print">
        {t('reports.intro')}
      </Typography>
      <Box
        component="form"
        onSubmit={onShow}
        noValidate
        aria-label={t('reports.filters')}
        className="no-print"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'flex-start' }}
      >
        <NativeSelectField
          label={t('reports.year')}
          name="year"
          value={String(form.year)}
          onChange={(e) => applyNow({ ...form, year: Number(e.target.value), from: '', to: '' })}
          sx={{ flex: '0 1 110px' }}
        >
          {[thisYear, thisYear - 1, thisYear - 2, thisYear - 3].map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </NativeSelectField>
        <TextField
          label={t('reports.from')}
          name="from"
          type="date"
          size="small"
          value={form.from}
          onChange={(e) => setForm({ ...form, from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: dayLimits }}
          sx={{ flex: '1 1 150px' }}
        />
        <TextField
          label={t('reports.to')}
          name="to"
          type="date"
          size="small"
          value={form.to}
          onChange={(e) => setForm({ ...form, to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: dayLimits }}
          sx={{ flex: '1 1 150px' }}
        />
        <NativeSelectField
          label={t('reports.groupBy')}
          name="by"
          value={form.by}
          onChange={(e) => applyNow({ ...form, by: e.target.value as ReportGrouping })}
          sx={{ flex: '1 1 140px' }}
        >
          {REPORT_GROUPINGS.map((by) => (
            <option key={by} value={by}>
              {groupName(by)}
            </option>
          ))}
        </NativeSelectField>
        <Button type="submit" variant="contained">
          {t('reports.show')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }} data-testid="report-season">
          {t('reports.season', {
            year: form.year,
            first: formatDay(season.first, i18n.language),
            last: formatDay(season.last, i18n.language),
          })}
        </Typography>
      </Box>

      {report.error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="report-error">
          {errorMessage(report.error, t('reports.loadFailed'))}
        </Alert>
      )}

      {data && (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
            <Typography sx={{ fontWeight: 600, flex: '1 1 220px' }} data-testid="report-heading">
              {t('reports.heading', { by: groupName(data.by), from: data.from, to: data.to })}
            </Typography>
            <Box className="no-print" sx={{ display: 'flex', gap: 1 }}>
              <Button variant="outlined" onClick={() => window.print()}>
                {t('reports.print')}
              </Button>
              <Button variant="outlined" onClick={onExport}>
                {t('reports.export')}
              </Button>
            </Box>
          </Box>
          <StaffTable
            label={t('reports.tableLabel')}
            columns={columns}
            rows={totalLine && lines.length ? [...lines, totalLine] : lines}
            rowKey={(l) => l.key}
            rowProps={(l) =>
              l === totalLine
                ? { 'data-row': 'total', sx: { '& td': { fontWeight: 700, borderTop: 2 } } }
                : { 'data-row': l.key, hover: true }
            }
            emptyText={t('reports.empty')}
            containerSx={{ mb: 2, '@media print': { overflow: 'visible' } }}
            tableSx={{ '@media print': { '& td, & th': { px: 0.75, py: 0.25, fontSize: 11 } } }}
          />
          {lines.length > 0 && (
            <Paper variant="outlined" sx={{ p: 2, '@media print': { border: 0, p: 0 } }}>
              <NativeSelectField
                label={t('reports.measure')}
                name="measure"
                value={measure}
                onChange={(e) => setMeasure(e.target.value as ReportColumn)}
                className="no-print"
                sx={{ mb: 2, minWidth: 180 }}
              >
                {REPORT_COLUMNS.map((c) => (
                  <option key={c} value={c}>
                    {t(`reports.columns.${c}`)}
                  </option>
                ))}
              </NativeSelectField>
              <ReportChart
                title={t('reports.chartTitle', { measure: t(`reports.columns.${measure}`), by: groupName(data.by) })}
                bars={lines.map((l) => ({ key: l.key, label: l.name, value: valueOf(l, measure), text: valueText(l, measure) }))}
              />
            </Paper>
          )}
        </>
      )}
      {!data && report.isPending && <Typography color="text.secondary">{t('reports.loading')}</Typography>}
    </StaffPage>
  );
}
