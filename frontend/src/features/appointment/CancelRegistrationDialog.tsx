import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { inLanguage } from '@shared/bilingual';
import { useTranslation } from 'react-i18next';
import { FarmerCodeForm } from '@web/components/FarmerCodeForm';
import { ApiError, call, errorMessage } from '@web/lib/api';
import { clearFarmerSession, farmerHeaders, getFarmerSession, type FarmerSession } from '@web/lib/farmer-session';

/**
 * The farmer cancels their own registration from the letter or My registrations (a chunk of its own, fetched when
 * the button is pressed): first the farmer session of the registration's mobile (a one-time code, unless one is
 * held: docs/decisions/0043-farmer-one-time-codes.md), then what it means (the place goes to the next farmer, it
 * cannot be undone), and the server's refusal in the dialog: another mobile's session (404), already billed,
 * expired or cancelled (409).
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
  const [session, setSession] = useState<FarmerSession | null>(getFarmerSession);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!session) return;
    setBusy(true);
    setError('');
    try {
      await call('POST /svsregistration/{code}/cancel', {
        params: { code },
        body: {},
        headers: farmerHeaders(session),
        skipAuthRedirect: true,
      });
      onCancelled();
    } catch (err) {
      // The session ended, or is another mobile's: the code step again, for the registration's own mobile.
      const status = err instanceof ApiError ? err.status : 0;
      if (status === 401) clearFarmerSession();
      if (status === 401 || status === 404) setSession(null);
      setError(status === 404 ? t('myRegistrations.otherMobile') : errorMessage(err, t('allocationStatus.cancelFailed')));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="cancel-registration-title" fullWidth maxWidth="xs">
      <DialogTitle id="cancel-registration-title">{t('allocationStatus.cancelTitle')}</DialogTitle>
      {session ? (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <Typography>{t('allocationStatus.cancelExplain')}</Typography>
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
            <Button type="submit" variant="contained" color="error" disabled={busy} data-testid="cancel-confirm">
              {busy ? t('allocationStatus.cancelling') : t('allocationStatus.cancelConfirm')}
            </Button>
          </DialogActions>
        </form>
      ) : (
        <>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            {error && (
              <Alert severity="warning" role="alert" data-testid="cancel-error">
                {inLanguage(error, i18n.language === 'en' ? 'en' : 'hi')}
              </Alert>
            )}
            <FarmerCodeForm
              purpose="manage"
              idPrefix="cancel"
              autoFocus
              intro={<Typography>{t('myRegistrations.confirmFirst')}</Typography>}
              onVerified={(s) => {
                setError('');
                setSession(s);
              }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('allocationStatus.cancelKeep')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
