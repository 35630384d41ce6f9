import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDay, formatRupees } from '@shared/format';
import type { DayCount } from '@shared/schemas/dashboard';
import { usePageTitle } from '@web/components/use-page-title';
import { getSummary } from './api';
import { SetupChecklist } from './SetupChecklist';
import { Sparkline } from './Sparkline';

/**
 * The admin dashboard (/admin): one big number per tile with what it counts, and a second figure in words:
 * crops (total; how many were added on the latest day), producers, registrations today (the total; a bar of
 * today's share) and sales ('All sales' for admins, 'Your sales' for sellers: the total; today's), each with a
 * small trend line.
 */
const longDay = (day: string | null, lang: string) => formatDay(day, lang);
const count = (n: number) => new Intl.NumberFormat('en-IN').format(n);

function Tile({ title, testId, children, trend }: { title: string; testId: string; children: ReactNode; trend?: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      data-testid={testId}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, minHeight: 170 }}
    >
      <Typography variant="subtitle2" component="h2" color="text.secondary">
        {title}
      </Typography>
      <Box sx={{ flex: 1 }}>{children}</Box>
      {trend && <Box sx={{ color: 'primary.main' }}>{trend}</Box>}
    </Paper>
  );
}

const Big = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <Typography variant="h4" component="p" data-testid={testId} sx={{ fontWeight: 600, lineHeight: 1.1 }}>
    {children}
  </Typography>
);

/** What the big number counts, right under it. */
const Label = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="text.secondary">
    {children}
  </Typography>
);

/** The tile's second figure, in a sentence that says what it is. */
const Second = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <Typography variant="body2" data-testid={testId} sx={{ mt: 1 }}>
    {children}
  </Typography>
);

const days = (d: DayCount[]) => d.map((x) => x.count);

export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('dashboard.title'));
  const summary = useQuery({ queryKey: ['dashboard'], queryFn: ({ signal }) => getSummary(signal) });
  const data = summary.data ?? null;
  const loading = summary.isFetching;
  const error = summary.isError && !summary.isFetching ? t('dashboard.failed') : '';
  const lang = i18n.language;
  const { refetch } = summary;
  const load = () => void refetch();

  const regs = data?.registrations;
  const share = regs && regs.total > 0 ? Math.min(100, (regs.today / regs.total) * 100) : 0;
  const sales = data?.sales;
  const producers = data ? (data.producers?.total ?? data.producersTotal) : 0;

  return (
    <Box component="section">
      {/* The header's Refresh reloads this page; a second button here would only repeat it. */}
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('dashboard.title')}
      </Typography>
      {loading && <LinearProgress sx={{ mb: 1 }} aria-label={t('app.loading')} />}
      {error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          data-testid="dashboard-error"
          action={
            <Button color="inherit" size="small" onClick={load}>
              {t('dashboard.retry')}
            </Button>
          }
        >
          {error}
        </Alert>
      )}
      {data?.setup && <SetupChecklist steps={data.setup} />}
      {data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
          <Tile
            title={t('dashboard.crops')}
            testId="tile-crops"
            trend={
              <Sparkline values={days(data.crops.last7Days)} label={`${t('dashboard.crops')}: ${t('dashboard.last7Days')}`} />
            }
          >
            <Big testId="crops-total">{count(data.crops.total)}</Big>
            <Label>{t('dashboard.cropsTotalLabel')}</Label>
            <Second>
              {t('dashboard.cropsLatestBefore')}
              <strong data-testid="crops-latest-count">{count(data.crops.latestCount ?? data.crops.latestDateCount)}</strong>
              {t('dashboard.cropsLatestAfter', { date: longDay(data.crops.latestDay ?? data.crops.latestDate, lang) })}
            </Second>
          </Tile>
          <Tile
            title={t('dashboard.producers')}
            testId="tile-producers"
            trend={
              data.producers?.last7Days && (
                <Sparkline
                  values={days(data.producers.last7Days)}
                  label={`${t('dashboard.producers')}: ${t('dashboard.last7Days')}`}
                />
              )
            }
          >
            <Big testId="producers-total">{count(producers)}</Big>
            <Label>{t('dashboard.producersTotalLabel')}</Label>
          </Tile>
          <Tile
            title={t('dashboard.registrations')}
            testId="tile-registrations"
            trend={
              <Sparkline
                values={days(data.registrations.last7Days)}
                label={`${t('dashboard.registrations')}: ${t('dashboard.last7Days')}`}
              />
            }
          >
            <Big testId="registrations-today">{count(data.registrations.today)}</Big>
            <Label>{t('dashboard.registrationsTodayLabel')}</Label>
            <Second>
              {t('dashboard.registrationsTotalBefore')}
              <strong data-testid="registrations-total">{count(data.registrations.total)}</strong>
            </Second>
            <LinearProgress
              variant="determinate"
              value={share}
              aria-label={t('dashboard.progress')}
              sx={{ mt: 1, height: 8, borderRadius: 4 }}
            />
          </Tile>
          <Tile
            title={sales!.scopedToUser ? t('dashboard.yourSales') : t('dashboard.allSales')}
            testId="tile-sales"
            trend={<Sparkline values={sales!.last10Amounts} label={`${t('dashboard.last10')}`} />}
          >
            <Big testId="sales-total">₹{formatRupees(sales!.totalAmount)}</Big>
            <Label>{t('dashboard.salesTotalLabel', { count: count(sales!.totalCount) })}</Label>
            <Second testId="sales-today">
              {t('dashboard.salesToday', { amount: formatRupees(sales!.todayAmount), count: count(sales!.todayCount) })}
            </Second>
          </Tile>
        </Box>
      )}
    </Box>
  );
}
