import { Fragment } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@shared/format';
import { errorMessage } from '@web/lib/api';
import { getCapacity } from './api';

export const CAPACITY_QUERY_KEY = ['appointment-capacity'] as const;
const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** The next working days, each shift with its bookings against its capacity and a bar (docs/product-rules.md#capacity-at-a-glance). */
export function CapacityTable() {
  const { t, i18n } = useTranslation();
  const capacity = useQuery({ queryKey: CAPACITY_QUERY_KEY, queryFn: getCapacity });
  const data = capacity.data;

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
      {!data && !capacity.isError && <Typography>{t('common.loading')}</Typography>}
      {data && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="capacity-title" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('settings.capacityDay')}</TableCell>
                <TableCell>{t('settings.capacityShift')}</TableCell>
                <TableCell>{t('settings.capacityBooked')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.days.map((day) => (
                <Fragment key={day.date}>
                  {day.shifts.map((s, i) => {
                    const full = s.capacity !== null && s.booked >= s.capacity;
                    const share = s.capacity ? Math.min(100, (s.booked / s.capacity) * 100) : 0;
                    return (
                      <TableRow key={s.shift} data-day={day.date} data-shift={s.shift}>
                        {i === 0 && (
                          <TableCell rowSpan={day.shifts.length} sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                            <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                              {formatDay(day.date, i18n.language)}
                            </Box>
                            <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                              {t(`settings.weekdays.${WEEKDAY_KEYS[day.weekday]}`)}
                            </Box>
                          </TableCell>
                        )}
                        <TableCell sx={{ minWidth: { xs: 70, sm: 120 } }}>{s.label}</TableCell>
                        <TableCell sx={{ minWidth: { xs: 80, sm: 220 } }}>
                          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
                            <Box
                              component="span"
                              data-testid="capacity-figure"
                              sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', minWidth: 64 }}
                            >
                              {s.capacity === null
                                ? t('settings.capacityNoCap', { booked: s.booked })
                                : t('settings.capacityOf', { booked: s.booked, capacity: s.capacity })}
                            </Box>
                            {s.capacity !== null && (
                              <LinearProgress
                                variant="determinate"
                                value={share}
                                color={full ? 'warning' : 'primary'}
                                aria-label={t('settings.capacityBar', {
                                  day: formatDay(day.date, i18n.language),
                                  shift: s.label,
                                })}
                                sx={{ flex: '1 1 80px', minWidth: 60, height: 8, borderRadius: 4 }}
                              />
                            )}
                          </Box>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
}
