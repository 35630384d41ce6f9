import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecondFactorEnrolment } from '@shared/schemas/replies/second-factor';
import { errorMessage } from '@web/lib/api';
import { sessionFromLogin, setSession } from '@web/lib/session';
import { FormPaper, StaffPage } from '@web/components/StaffPage';
import { usePageTitle } from '@web/components/use-page-title';
import { confirmSecondFactor, enrolSecondFactor, secondFactorStatus } from './api';

/** The QR code of the otpauth:// address, drawn in the browser with the project's QR library. */
function OtpauthQr({ url, label }: { url: string; label: string }) {
  const [svg, setSvg] = useState('');
  useEffect(() => {
    let live = true;
    void import('qrcode').then((m) =>
      m.default.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((s) => live && setSvg(s)),
    );
    return () => {
      live = false;
    };
  }, [url]);
  const src = svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : '';
  return (
    <Box sx={{ width: 200, height: 200, bgcolor: '#fff', border: 1, borderColor: 'divider' }}>
      {src && <img src={src} alt={label} width={200} height={200} data-testid="second-factor-qr" />}
    </Box>
  );
}

/**
 * The signed-in staff member's second factor: its state, the enrolment (QR code, the key as text, the ten
 * recovery codes shown once with print and copy) and its confirmation with a first code from the app.
 */
export default function SecondFactorPage() {
  const { t } = useTranslation();
  usePageTitle(t('secondFactor.title'));
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: ['second-factor'], queryFn: secondFactorStatus });
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  const start = async () => {
    setBusy(true);
    setError('');
    try {
      setEnrolment(await enrolSecondFactor());
      setCode('');
    } catch (e) {
      setError(errorMessage(e, t('secondFactor.failed')));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      // The reply is a session opened with the second factor: it replaces the one signed in with the password.
      setSession(sessionFromLogin(await confirmSecondFactor(code)));
      setEnrolment(null);
      setNotice(t('secondFactor.confirmed'));
      await queryClient.invalidateQueries();
    } catch (err) {
      setError(errorMessage(err, t('secondFactor.failed')));
    } finally {
      setBusy(false);
    }
  };

  const s = status.data;
  const codesText = enrolment?.recoveryCodes.join('\n') ?? '';

  return (
    <StaffPage title={t('secondFactor.title')}>
      <Typography sx={{ mb: 2, maxWidth: 720 }}>{t('secondFactor.intro')}</Typography>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="second-factor-error">
          {error}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="second-factor-notice">
          {notice}
        </Alert>
      )}
      {s && (
        <Box sx={{ mb: 2 }} data-testid="second-factor-state" data-state={s.state}>
          {s.required && s.state !== 'active' && (
            <Alert severity="warning" sx={{ mb: 1 }}>
              {t('secondFactor.required')}
            </Alert>
          )}
          <Typography>
            {s.state === 'active'
              ? t('secondFactor.stateActive', { count: s.recoveryCodesLeft ?? 0 })
              : s.state === 'pending'
                ? t('secondFactor.statePending')
                : t('secondFactor.stateNone')}
          </Typography>
        </Box>
      )}
      {s && s.state !== 'active' && !enrolment && (
        <Button variant="contained" onClick={() => void start()} disabled={busy}>
          {s.state === 'pending' ? t('secondFactor.restart') : t('secondFactor.start')}
        </Button>
      )}
      {enrolment && (
        <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
          <FormPaper title={t('secondFactor.scan')}>
            <OtpauthQr url={enrolment.otpauthUrl} label={t('secondFactor.qrLabel')} />
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('secondFactor.typeSecret')}
            </Typography>
            <Typography
              component="code"
              data-testid="second-factor-secret"
              sx={{ fontFamily: 'monospace', fontSize: 16, display: 'block' }}
            >
              {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
            </Typography>
          </FormPaper>
          <FormPaper title={t('secondFactor.recoveryTitle')}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('secondFactor.recoveryHelp')}
            </Typography>
            <Box
              component="ol"
              data-testid="second-factor-recovery"
              sx={{ fontFamily: 'monospace', fontSize: 16, columns: { xs: 1, sm: 2 }, m: 0, pl: 4 }}
            >
              {enrolment.recoveryCodes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </Box>
            <Stack direction="row" spacing={1} sx={{ mt: 1, '@media print': { display: 'none' } }}>
              <Button size="small" variant="outlined" onClick={() => window.print()}>
                {t('secondFactor.print')}
              </Button>
              <Button
                size="small"
                variant="outlined"
                onClick={() => void navigator.clipboard?.writeText(codesText).then(() => setNotice(t('secondFactor.copied')))}
              >
                {t('secondFactor.copy')}
              </Button>
            </Stack>
          </FormPaper>
          <FormPaper title={t('secondFactor.confirmTitle')}>
            <Box component="form" noValidate onSubmit={(e) => void confirm(e)} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <TextField
                label={t('secondFactor.code')}
                name="code"
                size="small"
                required
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7, pattern: '[0-9 ]*' } }}
              />
              <Button type="submit" variant="contained" disabled={busy || code.replace(/\s/g, '').length !== 6}>
                {t('secondFactor.confirm')}
              </Button>
            </Box>
          </FormPaper>
        </Box>
      )}
    </StaffPage>
  );
}
