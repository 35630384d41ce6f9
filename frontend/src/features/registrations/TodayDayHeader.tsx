import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { indiaLongDay } from '@shared/india-day';
import type { TodayReply } from '@shared/schemas/counter';

/** The id of the closed-day notice: a disabled Issue names it as its description. */
export const DAY_CLOSED_ID = 'today-day-closed';

/**
 * Above Today's list (docs/product-rules.md#the-counter-says-which-day-it-shows-and-whether-the-sellers-day-is-closed):
 * the day listed, in words; on another day's list, that check-in is for today only, with the way back; and,
 * when the clerk's own day of sales is closed, that Issue is off until an admin reopens it.
 */
export function TodayDayHeader({
  day,
  isToday,
  listed,
  dayClosed,
  onToday,
}: {
  day: string;
  isToday: boolean;
  /** The list is in (its day and today are the server's). */
  listed: boolean;
  dayClosed: TodayReply['dayClosed'];
  onToday: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'hi' ? 'hi' : 'en';
  return (
    <>
      {day && (
        <Typography variant="h6" component="p" data-testid="today-day" sx={{ mb: 1 }}>
          {indiaLongDay(day, lang)}
          {isToday && (
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
              {` · ${t('counterDesk.isToday')}`}
            </Box>
          )}
        </Typography>
      )}
      {listed && !isToday && (
        <Alert
          severity="info"
          data-testid="today-not-today"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onToday}>
              {t('counterDesk.backToToday')}
            </Button>
          }
        >
          {t('counterDesk.notToday')}
        </Alert>
      )}
      {dayClosed && (
        <Alert severity="warning" id={DAY_CLOSED_ID} data-testid="today-day-closed" sx={{ mb: 2 }}>
          {t('counterDesk.dayClosed', { day: indiaLongDay(dayClosed.date, lang) })}
        </Alert>
      )}
    </>
  );
}
