import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { UserResponse } from '@shared/schemas/admin';

/** Asks before a super_admin resets another account's second factor (docs/decisions/0044-staff-second-factor.md). */
export function ResetSecondFactorDialog({
  user,
  busy,
  onCancel,
  onConfirm,
}: {
  user: UserResponse | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (user: UserResponse) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={!!user} onClose={onCancel} aria-labelledby="reset-second-factor-title">
      <DialogTitle id="reset-second-factor-title">{t('secondFactor.resetTitle', { email: user?.email ?? '' })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('secondFactor.resetText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('secondFactor.cancel')}</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => user && onConfirm(user)}>
          {t('secondFactor.reset')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
