import { createPortal } from 'react-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import type { CheckinReply } from '@shared/schemas/counter';
import { translate } from '@web/lib/i18n/lite';
import { kolkataDateTime } from '@shared/kolkata-date-time';
import { indiaDay } from '@shared/india-day';

/** A day in words in Hindi and English, as the slip prints everything: '30 नवंबर 2026 / 30 November 2026'. */
const bothDays = (day: string | null) => (day ? `${indiaDay(day, 'hi').date} / ${indiaDay(day, 'en').date}` : '');

export type CheckinOutcome =
  | { kind: 'done'; reply: CheckinReply }
  | { kind: 'refused'; text: string }
  /** Nothing was sent: the clerk is told what to do (e.g. press Check in on the row). */
  | { kind: 'hint'; text: string };

/**
 * Printing the slip prints the slip alone, on a 58 or 80 mm strip: a copy of it outside the page (a portal on
 * the body) is the only thing shown while `body.print-slip` is set (the Print slip button sets it around
 * window.print()); the page itself is hidden.
 */
const slipPrint = (
  <GlobalStyles
    styles={{
      '.token-slip-print': { display: 'none' },
      '@media print': {
        'body.print-slip #root': { display: 'none' },
        'body.print-slip *': { visibility: 'hidden' },
        'body.print-slip .token-slip-print, body.print-slip .token-slip-print *': { visibility: 'visible' },
        'body.print-slip .token-slip-print': { display: 'block', position: 'fixed', left: 0, top: 0, width: '54mm' },
        '@page': { margin: '3mm' },
      },
    }}
  />
);

function printSlip() {
  document.body.classList.add('print-slip');
  const done = () => {
    document.body.classList.remove('print-slip');
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

/** The farmer's token slip: Hindi and English together, whatever the clerk's screen language. */
function TokenSlip({ reply, forPrint = false }: { reply: CheckinReply; forPrint?: boolean }) {
  // Re-renders once the other language's queue texts are in (TodayPage loads both).
  useTranslation();
  const both = (key: 'queue.slipTitle' | 'queue.title' | 'queue.slipOtherDay') =>
    `${translate('hi', key)} / ${translate('en', key)}`;
  const reg = reply.registration;
  const crops = [...new Set([cropLabel(reg, 'hi'), cropLabel(reg, 'en')])].join(' / ');
  return (
    <Box
      className={forPrint ? 'token-slip-print' : 'token-slip'}
      data-testid={forPrint ? undefined : 'token-slip'}
      sx={{
        textAlign: 'center',
        border: '1px dashed',
        borderColor: 'divider',
        p: 2,
        minWidth: forPrint ? 0 : { sm: '16rem' },
        '@media print': { border: 0, p: 0 },
      }}
    >
      <Typography variant="body2">{both('queue.slipTitle')}</Typography>
      <Typography
        data-testid={forPrint ? undefined : 'checkin-token'}
        sx={{ fontSize: '5rem', fontWeight: 800, lineHeight: 1, fontVariantNumeric: 'tabular-nums' }}
      >
        {reply.token}
      </Typography>
      <Typography sx={{ mt: 1, fontWeight: 700, overflowWrap: 'anywhere' }}>
        {reg.number}/{reg.year} · {reg.name}
      </Typography>
      <Typography variant="body2">{crops}</Typography>
      <Typography variant="body2">{kolkataDateTime(reply.arrivedAt, 'en')}</Typography>
      {reg.otherDay && (
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {both('queue.slipOtherDay')} ({bothDays(reg.appointmentDate)})
        </Typography>
      )}
    </Box>
  );
}

/**
 * The outcome of the latest scan or check-in, shown above the list (never over it, so the next scan goes on):
 * the token, big, with Print slip; or why the farmer was not checked in.
 */
export function CheckinOutcomePanel({ outcome, onClose }: { outcome: CheckinOutcome; onClose: () => void }) {
  const { t } = useTranslation();
  if (outcome.kind !== 'done') {
    const refused = outcome.kind === 'refused';
    return (
      <Alert
        severity={refused ? 'error' : 'info'}
        role={refused ? 'alert' : 'status'}
        data-testid={refused ? 'checkin-refused' : 'checkin-hint'}
        onClose={onClose}
        sx={{ m: 0 }}
      >
        {refused && <AlertTitle>{t('today.refusedTitle')}</AlertTitle>}
        {outcome.text}
      </Alert>
    );
  }
  return (
    <Paper
      variant="outlined"
      role="status"
      aria-labelledby="checkin-outcome-title"
      data-testid="checkin-done"
      sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
    >
      {slipPrint}
      <TokenSlip reply={outcome.reply} />
      {createPortal(<TokenSlip reply={outcome.reply} forPrint />, document.body)}
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="overline">{t('today.latestCheckin')}</Typography>
        <Typography id="checkin-outcome-title" variant="h6" component="p">
          {outcome.reply.newCheckin ? t('today.checkedIn') : t('today.checkedInBefore')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={printSlip}>
            {t('today.printSlip')}
          </Button>
          <Button onClick={onClose}>{t('today.close')}</Button>
        </Box>
      </Box>
    </Paper>
  );
}
