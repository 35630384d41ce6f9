import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay } from '@shared/format';
import {
  countedRupees,
  DAY_CLOSE_NOTE_MAX,
  DayCloseInput,
  NOTE_VALUES,
  noteKey,
  type DayCloseView,
  type Denominations,
  type NoteKey,
} from '@shared/schemas/day-close';
import { ApiError, errorMessage } from '@web/lib/api';
import { FeedbackAlerts, LoadErrorAlert } from '@web/components/FeedbackAlerts';
import { useStaffForm } from '@web/lib/use-staff-form';
import { closeDay, dayCloseOf, indiaToday } from './api';
import { DayFigures, DifferenceText, rupees } from './figures';
import { DenominationsTable } from './DenominationsTable';

type CountKey = NoteKey | 'coins';
interface CloseForm {
  denominations: Record<CountKey, string>;
  note: string;
}

const COUNT_KEYS: readonly CountKey[] = [...NOTE_VALUES.map(noteKey), 'coins'];
const emptyForm = (): CloseForm => ({
  denominations: Object.fromEntries(COUNT_KEYS.map((k) => [k, ''])) as Record<CountKey, string>,
  note: '',
});

/** A typed count as a number ('' is none; anything else goes to the schema as typed, to be refused there). */
const typed = (v: string): number | string => {
  const s = v.trim();
  if (!s) return '';
  const n = Number(s);
  return Number.isNaN(n) ? s : n;
};
const asNumber = (v: string) => (v.trim() === '' ? 0 : Number(v)) || 0;

/** A day its owner sold on (a sale moves the revision, a cancellation too) or closed, now or before a reopen. */
const dayInUse = (d: DayCloseView) => d.revision > 0 || d.status === 'closed' || d.history.length > 0;

/**
 * The seller's own day (today): the system's figures, the cash counted by denomination, and Close day. With
 * `onlyWhenInUse` (an admin who is not also a seller) it shows only once the day has a sale or a close.
 */
export function MyDaySection({ onlyWhenInUse = false }: { onlyWhenInUse?: boolean }) {
  const { t, i18n } = useTranslation();
  const today = indiaToday();
  const query = useQuery({
    queryKey: ['day-close', 'mine', today],
    queryFn: ({ signal }) => dayCloseOf(today, signal, { mine: true }),
  });
  const day = query.data?.items[0];
  const [confirming, setConfirming] = useState(false);

  const staff = useStaffForm({
    schema: DayCloseInput,
    empty: emptyForm,
    toInput: (f: CloseForm) => ({
      date: today,
      revision: day?.revision,
      note: f.note,
      denominations: Object.fromEntries(COUNT_KEYS.map((k) => [k, typed(f.denominations[k])])),
    }),
    // A refusal (409) means the figures changed since they were shown, or the day was closed meanwhile: the
    // figures are read again below and the message says to check them.
    save: (input) =>
      closeDay(input).catch((e: unknown) => {
        throw e instanceof ApiError && e.status === 409 ? new ApiError(t('dayClose.changed'), 409, e.code) : e;
      }),
    savedMessage: () => t('dayClose.closedMessage'),
    onSaved: async () => {
      await query.refetch();
    },
    // New sales meanwhile: the figures shown again are what the next close names.
    onSaveFailed: async () => {
      await query.refetch();
    },
  });
  const { feedback } = staff;

  const counts = Object.fromEntries(COUNT_KEYS.map((k) => [k, asNumber(staff.values.denominations[k])])) as Denominations;
  const counted = countedRupees(counts);
  const difference = day ? Math.round((counted - day.cashAmount) * 100) / 100 : 0;

  if (onlyWhenInUse && !query.isError && !(day && dayInUse(day))) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid="my-day">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('dayClose.myDay', { date: formatDay(today, i18n.language) })}
        </Typography>
        {day && (
          <Chip
            data-testid="my-day-status"
            label={t(`dayClose.statuses.${day.status}`)}
            color={day.status === 'closed' ? 'default' : 'success'}
            variant={day.status === 'closed' ? 'filled' : 'outlined'}
          />
        )}
      </Box>
      <LoadErrorAlert message={query.isError ? errorMessage(query.error, t('common.failedToLoad')) : ''} />
      {day && <DayFigures day={day} />}
      <FeedbackAlerts
        error={feedback.error}
        onCloseError={feedback.closeError}
        notice={feedback.notice}
        onCloseNotice={feedback.closeNotice}
      />
      {day?.status === 'closed' && <ClosedDay day={day} />}
      {day?.status === 'open' && (
        <Box component="form" noValidate onSubmit={(e) => e.preventDefault()} sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h3" gutterBottom>
            {t('dayClose.countTitle')}
          </Typography>
          <Box
            role="group"
            aria-label={t('dayClose.countTitle')}
            sx={{
              display: 'grid',
              gridTemplateColumns: 'max-content minmax(72px, 140px) max-content',
              gap: 1,
              alignItems: 'center',
            }}
          >
            {COUNT_KEYS.map((k) => {
              const value = k === 'coins' ? null : Number(k.slice(1));
              const label = value === null ? t('dayClose.coins') : t('dayClose.notesOf', { value });
              const line = value === null ? counts.coins : value * counts[k as NoteKey];
              return (
                <Box key={k} sx={{ display: 'contents' }}>
                  <Typography component="label" htmlFor={`count-${k}`} sx={{ whiteSpace: 'nowrap' }}>
                    {label}
                  </Typography>
                  <TextField
                    id={`count-${k}`}
                    name={k}
                    size="small"
                    {...staff.field(`denominations.${k}`)}
                    slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `count-${k}` } }}
                  />
                  <Typography sx={{ textAlign: 'right', whiteSpace: 'nowrap' }} data-testid={`line-${k}`}>
                    {/* On a phone the row's label already names the note: the amount alone fits. */}
                    <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                      {value === null ? '' : `× ₹${value} = `}
                    </Box>
                    {rupees(line)}
                  </Typography>
                </Box>
              );
            })}
          </Box>
          <Box sx={{ display: 'grid', gap: 0.5, my: 2, maxWidth: 520 }}>
            <Typography>
              {t('dayClose.counted')}: <strong data-testid="counted">{rupees(counted)}</strong>
            </Typography>
            <Typography>
              {t('dayClose.systemCash')}: <strong>{rupees(day.cashAmount)}</strong>
            </Typography>
            <Typography>
              {t('dayClose.difference')}: <DifferenceText value={difference} testId="difference" />
            </Typography>
          </Box>
          <TextField
            label={t('dayClose.note')}
            name="note"
            {...staff.field('note')}
            helperText={staff.errorOf('note') ?? t('dayClose.noteHelp')}
            multiline
            minRows={2}
            fullWidth
            sx={{ maxWidth: 520, mb: 2 }}
            slotProps={{ htmlInput: { maxLength: DAY_CLOSE_NOTE_MAX } }}
          />
          <Box>
            <Button variant="contained" disabled={staff.busy} onClick={() => setConfirming(true)} data-testid="close-day">
              {t('dayClose.close')}
            </Button>
          </Box>
          <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="close-day-title">
            <DialogTitle id="close-day-title">{t('dayClose.confirmTitle')}</DialogTitle>
            <DialogContent>
              <DialogContentText>
                {t('dayClose.confirmText', { date: formatDay(today, i18n.language), counted: rupees(counted) })}
              </DialogContentText>
              <Box sx={{ mt: 1 }}>
                {t('dayClose.difference')}: <DifferenceText value={difference} />
              </Box>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(false)}>{t('dayClose.goBack')}</Button>
              <Button
                variant="contained"
                data-testid="confirm-close-day"
                onClick={() => {
                  setConfirming(false);
                  staff.save();
                }}
              >
                {t('dayClose.close')}
              </Button>
            </DialogActions>
          </Dialog>
        </Box>
      )}
    </Paper>
  );
}

/** A closed day, read-only: who closed it and when, the count, the difference and the note. */
function ClosedDay({ day }: { day: DayCloseView }) {
  const { t, i18n } = useTranslation();
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 1 }} data-testid="closed-day">
      <Alert severity="info">
        {t('dayClose.closedNotice', { when: formatDateTime(day.closedAt, i18n.language), name: day.closedByName ?? '' })}
      </Alert>
      {day.denominations && <DenominationsTable denominations={day.denominations} />}
      <Typography>
        {t('dayClose.counted')}: <strong data-testid="counted">{rupees(day.counted ?? 0)}</strong>
      </Typography>
      <Typography>
        {t('dayClose.difference')}: <DifferenceText value={day.difference ?? 0} testId="difference" />
      </Typography>
      {day.note && (
        <Typography>
          {t('dayClose.note')}: {day.note}
        </Typography>
      )}
    </Box>
  );
}
