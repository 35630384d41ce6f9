import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@shared/format';
import { REOPEN_REASON_MAX, REOPEN_REASON_MIN, type DayCloseView } from '@shared/schemas/day-close';
import { errorMessage } from '@web/lib/api';
import { reopenDay } from './api';

/** Reopening a closed day asks for the reason, which stays with the close in the day's history. */
export function ReopenDialog({
  day,
  onClose,
  onReopened,
}: {
  day: DayCloseView;
  onClose: () => void;
  onReopened: (d: DayCloseView) => void;
}) {
  const { t, i18n } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const reopen = useMutation({ mutationFn: () => reopenDay(day.id, { reason }) });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < REOPEN_REASON_MIN) {
      setError(t('dayClose.reasonShort', { min: REOPEN_REASON_MIN }));
      return;
    }
    setError('');
    try {
      onReopened(await reopen.mutateAsync());
    } catch (err) {
      setError(errorMessage(err, t('common.failed')));
    }
  };

  return (
    <Dialog open onClose={reopen.isPending ? undefined : onClose} aria-labelledby="reopen-title" fullWidth maxWidth="sm">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="reopen-title">{t('dayClose.reopenTitle', { name: day.sellerName })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>{t('dayClose.reopenText', { date: formatDay(day.date, i18n.language) })}</DialogContentText>
          <TextField
            label={t('dayClose.reason')}
            name="reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            helperText={t('dayClose.reasonHelp', { min: REOPEN_REASON_MIN, max: REOPEN_REASON_MAX })}
            required
            multiline
            minRows={2}
            autoFocus
            slotProps={{ htmlInput: { maxLength: REOPEN_REASON_MAX } }}
          />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={reopen.isPending}>
            {t('dayClose.goBack')}
          </Button>
          <Button type="submit" variant="contained" color="warning" disabled={reopen.isPending} data-testid="confirm-reopen">
            {t('dayClose.reopen')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
