import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@shared/format';
import type { CapacityReply } from '@shared/schemas/replies/registration';
import { errorMessage } from '@web/lib/api';
import { StaffTable, type StaffColumn } from '@web/components/StaffTable';
import { getCapacity } from './api';

export const CAPACITY_QUERY_KEY = ['appointment-capacity'] as const;
const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

type Day = CapacityReply['days'][number];
/** One row per day and shift; the day shows on its first shift's row. */
type Row = Day['shifts'][number] & { day: Day; firstOfDay: boolean };

const rowsOf = (data: CapacityReply): Row[] =>
  data.days.flatMap((day) => day.shifts.map((s, i) => ({ ...s, day, firstOfDay: i === 0 })));

/** The next working days, each shift with its bookings against its capacity and a bar (docs/product-rules.md#capacity-at-a-glance). */
export function CapacityTable() {
  const { t, i18n } = useTranslation();
  const capacity = useQuery({ queryKey: CAPACITY_QUERY_KEY, queryFn: getCapacity });
  const data = capacity.data;
  const dayText = (date: string) => formatDay(date, i18n.language);

  const columns: StaffColumn<Row>[] = [
    {
      header: t('settings.capacityDay'),
      sx: { verticalAlign: 'top', whiteSpace: 'nowrap' },
      cell: (r) =>
        r.firstOfDay && (
          <>
            <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
              {dayText(r.day.date)}
            </Box>
            <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
              {t(`settings.weekdays.${WEEKDAY_KEYS[r.day.weekday]}`)}
            </Box>
          </>
        ),
    },
    { header: t('settings.capacityShift'), sx: { minWidth: { xs: 70, sm: 120 } }, cell: (r) => r.label },
    {
      header: t('settings.capacityBooked'),
      sx: { minWidth: { xs: 80, sm: 220 } },
      cell: (r) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <Box
            component="span"
            data-testid="capacity-figure"
            sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', minWidth: 64 }}
          >
            {r.capacity === null
              ? t('settings.capacityNoCap', { booked: r.booked })
              : t('settings.capacityOf', { booked: r.booked, capacity: r.capacity })}
          </Box>
          {r.capacity !== null && (
            <LinearProgress
              variant="determinate"
              value={r.capacity ? Math.min(100, (r.booked / r.capacity) * 100) : 0}
              color={r.booked >= r.capacity ? 'warning' : 'primary'}
              aria-label={t('settings.capacityBar', { day: dayText(r.day.date), shift: r.label })}
              sx={{ flex: '1 1 80px', minWidth: 60, height: 8, borderRadius: 4 }}
            />
          )}
        </Box>
      ),
    },
  ];

  return (
    <Box component="section" aria-labelledby="capacity-title" sx={{ maxWidth: 760, mt: 4 }} data-testid="capacity">
      <Typography variant="h6" component="h2" id="capacity-title">
        {t('settings.capacityTitle')}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 1.5 }}>
        {data && data.perDayLimit > 0
          ? t('settings.capacityIntro', { limit: data.perDayLimit })
          : t('settings.capacityIntroNoCap')}
      </Typography>
      {capacity.isError && <Alert severity="error">{errorMessage(capacity.error, t('common.failedToLoad'))}</Alert>}
      <StaffTable
        label={t('settings.capacityTitle')}
        columns={columns}
        rows={data ? rowsOf(data) : capacity.isError ? [] : null}
        hideEmpty={capacity.isError}
        emptyText={t('settings.capacityNoDays')}
        rowKey={(r) => `${r.day.date}#${r.shift}`}
        rowProps={(r) => ({
          'data-day': r.day.date,
          'data-shift': r.shift,
          // The day's cell reads as one with the next row's empty one, as if it spanned both shifts.
          sx: r.firstOfDay ? { '& td:first-of-type': { borderBottom: 0 } } : undefined,
        })}
        tableSx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
        containerSx={{ overflowX: 'auto' }}
      />
    </Box>
  );
}
