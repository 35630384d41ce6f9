import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LoginInput } from '@shared/schemas/auth';
import { errorMessage } from '@web/lib/api';
import { fieldErrors } from '@web/lib/forms';
import { sessionFromLogin, setSession } from '@web/lib/session';
import { usePageTitle } from '@web/components/use-page-title';
import type { FromState } from '@web/components/RequireAuth';
import { landingFor } from '@web/lib/landing';
import { paths, safeNext } from '@web/paths';
import type { LoginResponse } from '@shared/schemas/auth';
import { SecondFactorStep } from './SecondFactorStep';
import { login } from './api';

/** Sign-in page. On success goes to the page first asked for (guard state or ?next=), else to the person's work (landingFor). */
export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const reauth = params.get('reauth') === '1';
  const from = (location.state as FromState | null)?.from;
  // The page that sent the visitor here, if any; otherwise their work (landingFor, once the roles are known).
  const sentFrom =
    safeNext(from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : null) ?? safeNext(params.get('next'));

  const [challenge, setChallenge] = useState('');

  const signedIn = (reply: LoginResponse) => {
    const session = sessionFromLogin(reply);
    setSession(session);
    // A session that opens only the enrolment goes to it; the others to the page asked for, or the person's work.
    const next = reply.secondFactorEnrolRequired ? paths.admin.secondFactor : (sentFrom ?? landingFor(session.user.roles));
    void navigate(next, { replace: true });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = LoginInput.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setError('');
    setBusy(true);
    try {
      const reply = await login(parsed.data);
      if ('secondFactorRequired' in reply) {
        // The second step: the code from the authenticator app (docs/decisions/0044-staff-second-factor.md).
        setChallenge(reply.challenge);
        setBusy(false);
        return;
      }
      signedIn(reply);
    } catch (err) {
      setError(errorMessage(err, t('login.failed')));
      setBusy(false);
    }
  };

  if (challenge) {
    return (
      <SecondFactorStep
        challenge={challenge}
        onSignedIn={signedIn}
        onBack={() => {
          setChallenge('');
          setPassword('');
        }}
      />
    );
  }

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 1, sm: 4 } }}>
      <Card sx={{ width: '100%', maxWidth: 420 }} variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {t('login.title')}
          </Typography>
          {reauth && !error && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="login-reauth">
              {t('login.unauthorized')}
            </Alert>
          )}
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="login-error">
              {error}
            </Alert>
          )}
          <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2 }}>
            <TextField
              label={t('login.email')}
              type="email"
              name="email"
              autoComplete="username"
              required
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={!!errors.email}
              helperText={errors.email}
              slotProps={{ htmlInput: { maxLength: 254, inputMode: 'email' } }}
            />
            <TextField
              label={t('login.password')}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={!!errors.password}
              helperText={errors.password}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {busy ? t('login.busy') : t('login.submit')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
