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
import { usePageTitle } from '@web/components/usePageTitle';
import { getSummary } from './api';
import { Sparkline } from './Sparkline';

/**
 * The admin dashboard (/admin): crops (latest day), producers, registrations today against the total with a
 * progress bar, and sales ('All sales' for admins, 'Your sales' for sellers), each with a small trend line.
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
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('dashboard.title')}
        </Typography>
        <Button variant="outlined" onClick={load} disabled={loading}>
          {t('dashboard.refresh')}
        </Button>
      </Box>
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
      {data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
          <Tile
            title={t('dashboard.crops')}
            testId="tile-crops"
            trend={
              <Sparkline values={days(data.crops.last7Days)} label={`${t('dashboard.crops')}: ${t('dashboard.last7Days')}`} />
            }
          >
            <Typography variant="body2">
              {t('dashboard.date')}: <strong>{longDay(data.crops.latestDay ?? data.crops.latestDate, lang)}</strong>
            </Typography>
            <Typography variant="body2">
              {t('dashboard.count')}:{' '}
              <strong data-testid="crops-latest-count">{count(data.crops.latestCount ?? data.crops.latestDateCount)}</strong>
            </Typography>
            <Typography variant="body2">
              {t('dashboard.total')}: <strong data-testid="crops-total">{count(data.crops.total)}</strong>
            </Typography>
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
            <Typography variant="body2" color="text.secondary">
              {t('dashboard.total')}
            </Typography>
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
            <Big testId="registrations-today">
              {count(data.registrations.today)}
              <Typography component="span" variant="h6" color="text.secondary">
                {' / '}
                <span data-testid="registrations-total">{count(data.registrations.total)}</span>
              </Typography>
            </Big>
            <Typography variant="body2" color="text.secondary">
              {t('dashboard.today')} / {t('dashboard.total')}
            </Typography>
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
            <Typography variant="body1" data-testid="sales-today">
              {t('dashboard.todayAmount', { amount: formatRupees(sales!.todayAmount), count: sales!.todayCount })}
            </Typography>
            <Typography variant="body1" data-testid="sales-total" sx={{ fontWeight: 600 }}>
              {t('dashboard.totalAmount', { amount: formatRupees(sales!.totalAmount), count: sales!.totalCount })}
            </Typography>
          </Tile>
        </Box>
      )}
    </Box>
  );
}
