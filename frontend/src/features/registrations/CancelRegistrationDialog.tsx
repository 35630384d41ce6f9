import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CANCEL_REASON_MAX } from '@shared/schemas/allocation';
import type { RegistrationRow } from '@shared/schemas/registration';
import { errorMessage } from '@web/lib/api';
import { cancelRegistration } from './api';

const REASON_MIN = 3;

/**
 * Staff cancel a registration (docs/product-rules.md#staff-cancel-a-registration-with-a-reason): a reason of
 * 3 to 300 characters, kept with the registration, and a plain warning that the place goes to the next
 * farmer and cannot be given back. A refusal (billed meanwhile, already cancelled) stays in the dialog.
 */
export function CancelRegistrationDialog({
  row,
  onClose,
  onCancelled,
}: {
  row: RegistrationRow;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const cancel = useMutation({ mutationFn: (why: string) => cancelRegistration(row, why) });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const why = reason.trim();
    if (why.length < REASON_MIN) {
      setProblem(t('registrations.cancelReasonShort'));
      return;
    }
    setProblem('');
    try {
      await cancel.mutateAsync(why);
      onCancelled();
    } catch (err) {
      setProblem(errorMessage(err, t('registrations.cancelFailed')));
    }
  };

  return (
    <Dialog open onClose={cancel.isPending ? undefined : onClose} aria-labelledby="staff-cancel-title" fullWidth maxWidth="sm">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="staff-cancel-title">
          {t('registrations.cancelTitle', { id: row.id, year: row.year, name: row.name })}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography>{t('registrations.cancelExplain')}</Typography>
          <TextField
            autoFocus
            required
            multiline
            minRows={2}
            label={t('registrations.cancelReason')}
            name="reason"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setProblem('');
            }}
            helperText={t('registrations.cancelReasonHelp')}
            error={Boolean(problem)}
            slotProps={{ htmlInput: { maxLength: CANCEL_REASON_MAX } }}
            sx={{ mt: 1 }}
          />
          {problem && (
            <Alert severity="error" role="alert" data-testid="staff-cancel-error">
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={cancel.isPending}>
            {t('registrations.cancelKeep')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={cancel.isPending}>
            {cancel.isPending ? t('registrations.cancelling') : t('registrations.cancelConfirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
