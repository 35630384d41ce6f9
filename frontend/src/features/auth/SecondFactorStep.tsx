import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LoginResponse } from '@shared/schemas/auth';
import { errorMessage } from '@web/lib/api';
import { verifySecondFactor } from './api';

/**
 * The sign-in's second step (docs/decisions/0044-staff-second-factor.md): the 6-digit code of the authenticator
 * app, or one of the recovery codes. The challenge lasts 5 minutes and a few wrong codes; then Back signs in again.
 */
export function SecondFactorStep({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: string;
  onSignedIn: (reply: LoginResponse) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !code.trim()) return;
    setBusy(true);
    setError('');
    try {
      onSignedIn(await verifySecondFactor(challenge, code));
    } catch (err) {
      setError(errorMessage(err, t('login.failed')));
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 1, sm: 4 } }}>
      <Card sx={{ width: '100%', maxWidth: 420 }} variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {t('secondFactor.stepTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {recovery ? t('secondFactor.recoveryStepHelp') : t('secondFactor.stepHelp')}
          </Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="login-error">
              {error}
            </Alert>
          )}
          <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2 }}>
            <TextField
              key={recovery ? 'recovery' : 'app'}
              label={recovery ? t('secondFactor.recoveryCode') : t('secondFactor.code')}
              name="code"
              autoComplete="one-time-code"
              required
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value)}
              slotProps={{ htmlInput: recovery ? { maxLength: 20 } : { inputMode: 'numeric', maxLength: 7 } }}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {busy ? t('secondFactor.verifying') : t('secondFactor.verify')}
            </Button>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Button size="small" onClick={onBack}>
                {t('secondFactor.back')}
              </Button>
              <Button
                size="small"
                onClick={() => {
                  setRecovery((r) => !r);
                  setCode('');
                  setError('');
                }}
              >
                {recovery ? t('secondFactor.useApp') : t('secondFactor.useRecovery')}
              </Button>
            </Box>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
