import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { inLanguage } from '@shared/bilingual';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '@web/lib/api';
import { digitsOnly } from '@web/lib/filters';

/** Hindi and Arabic digits as the farmer types them; the server takes both. */
const asDigits = (v: string) =>
  digitsOnly(
    v.replace(/[०-९]/g, (d) => String(d.charCodeAt(0) - 0x0966)),
    4,
  );

/**
 * The farmer cancels their own registration from the letter (a chunk of its own, fetched when the button is
 * pressed): the last 4 digits of the registered mobile number, what it means (the place goes to the next
 * farmer, it cannot be undone), and the server's refusal in the dialog: wrong digits (403), too many tries
 * with the minutes to wait (429), already billed, expired or cancelled (409).
 */
export default function CancelRegistrationDialog({
  code,
  onClose,
  onCancelled,
}: {
  code: string;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [last4, setLast4] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (last4.length !== 4) {
      setError(t('allocationStatus.last4Invalid'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await call('POST /svsregistration/{code}/cancel', {
        params: { code },
        body: { mobileLast4: last4 },
        skipAuthRedirect: true,
      });
      onCancelled();
    } catch (err) {
      setError(errorMessage(err, t('allocationStatus.cancelFailed')));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="cancel-registration-title" fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="cancel-registration-title">{t('allocationStatus.cancelTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography>{t('allocationStatus.cancelExplain')}</Typography>
          <TextField
            autoFocus
            label={t('allocationStatus.last4')}
            name="mobileLast4"
            value={last4}
            onChange={(e) => setLast4(asDigits(e.target.value))}
            helperText={t('allocationStatus.last4Help')}
            error={Boolean(error)}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4, autoComplete: 'off' } }}
            sx={{ mt: 1 }}
          />
          {error && (
            <Alert severity="error" role="alert" data-testid="cancel-error">
              {/* A server message in both languages shows the page's side (docs/product-rules.md#a-hindi-page-speaks-hindi). */}
              {inLanguage(error, i18n.language === 'en' ? 'en' : 'hi')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('allocationStatus.cancelKeep')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={busy}>
            {busy ? t('allocationStatus.cancelling') : t('allocationStatus.cancelConfirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
