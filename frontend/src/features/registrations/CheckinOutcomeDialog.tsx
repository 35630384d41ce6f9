import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import type { CheckinReply } from '@shared/schemas/counter';
import { kolkataDateTime } from '@web/lib/kolkata-date-time';

export type CheckinOutcome = { kind: 'done'; reply: CheckinReply } | { kind: 'refused'; text: string };

/**
 * Printing the slip prints the slip alone, on a 58 or 80 mm strip: everything else on the page is hidden
 * while `body.print-slip` is set (the Print slip button sets it around window.print()).
 */
const slipPrint = (
  <GlobalStyles
    styles={{
      '@media print': {
        // The page itself (the dialog lies outside it), then whatever else is on top of it.
        'body.print-slip #root': { display: 'none' },
        'body.print-slip *': { visibility: 'hidden' },
        'body.print-slip .token-slip, body.print-slip .token-slip *': { visibility: 'visible' },
        'body.print-slip .token-slip': { position: 'fixed', left: 0, top: 0, width: '54mm', margin: 0 },
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

/** After a scan or a typed number: the token, big, with Print slip; or why the farmer was not checked in. */
export function CheckinOutcomeDialog({ outcome, onClose }: { outcome: CheckinOutcome; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Dialog open onClose={onClose} aria-labelledby="checkin-outcome-title" fullWidth maxWidth="xs">
      {outcome.kind === 'refused' ? (
        <>
          <DialogTitle id="checkin-outcome-title">{t('today.refusedTitle')}</DialogTitle>
          <DialogContent>
            <Alert severity="error" role="alert" data-testid="checkin-refused">
              <AlertTitle>{t('today.refusedTitle')}</AlertTitle>
              {outcome.text}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} variant="contained">
              {t('today.close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          {slipPrint}
          <DialogTitle id="checkin-outcome-title">
            {outcome.reply.newCheckin ? t('today.checkedIn') : t('today.checkedInBefore')}
          </DialogTitle>
          <DialogContent>
            <Box
              className="token-slip"
              data-testid="token-slip"
              sx={{
                textAlign: 'center',
                border: '1px dashed',
                borderColor: 'divider',
                p: 2,
                '@media print': { border: 0, p: 0 },
              }}
            >
              <Typography variant="body2">{t('today.slipTitle')}</Typography>
              <Typography variant="overline" component="p">
                {t('today.tokenLabel')}
              </Typography>
              <Typography
                data-testid="checkin-token"
                sx={{ fontSize: '5rem', fontWeight: 800, lineHeight: 1, fontVariantNumeric: 'tabular-nums' }}
              >
                {outcome.reply.token}
              </Typography>
              <Typography sx={{ mt: 1, fontWeight: 700 }}>
                {outcome.reply.registration.number}/{outcome.reply.registration.year} · {outcome.reply.registration.name}
              </Typography>
              <Typography variant="body2">{cropLabel(outcome.reply.registration, i18n.language)}</Typography>
              <Typography variant="body2">{kolkataDateTime(outcome.reply.arrivedAt, i18n.language)}</Typography>
              {outcome.reply.registration.otherDay && (
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {t('today.otherDay')} ({outcome.reply.registration.appointmentDate})
                </Typography>
              )}
            </Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('today.close')}</Button>
            <Button variant="contained" onClick={printSlip}>
              {t('today.printSlip')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
