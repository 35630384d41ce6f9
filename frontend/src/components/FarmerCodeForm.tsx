import { useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { inLanguage } from '@shared/bilingual';
import type { OtpPurpose } from '@shared/schemas/farmer-otp';
import { MOBILE_INPUT_MAX, typedMobile, westernDigits } from '@shared/typed-numbers';
import { call, errorMessage } from '@web/lib/api';
import { saveFarmerSession, type FarmerSession } from '@web/lib/farmer-session';
import { LazyAlert as Alert } from './LazyAlert';
import { LightTextField as TextField } from './LightTextField';

const CODE_DIGITS = 6;
/** The code as typed (Devanagari digits read as such, anything else dropped). */
const typedCode = (v: string) => westernDigits(v).replace(/\D/g, '').slice(0, CODE_DIGITS);

/** The code checked: by default POST /svsregistration/otp/verify; Find my letter checks it with its own call. */
export type VerifyCode = (mobile: string, otp: string) => Promise<{ token: string; expiresAt: string }>;

const verifyCode: VerifyCode = (mobile, otp) =>
  call('POST /svsregistration/otp/verify', { body: { mobile, otp }, skipAuthRedirect: true });

/**
 * The farmer proves the registered mobile (docs/decisions/0043-farmer-one-time-codes.md): the number, "Send code",
 * then the 6 digits of the SMS. The session the code gives is kept for its 30 minutes (lib/farmer-session.ts)
 * and handed to `onVerified`. The server's refusals (a wrong or used code, the wait after too many) show in the
 * page's language.
 */
export function FarmerCodeForm({
  purpose,
  idPrefix,
  onVerified,
  verify = verifyCode,
  submitLabel,
  initialMobile = '',
  autoFocus = false,
  intro,
  keep = true,
}: {
  purpose: OtpPurpose;
  /** Ids of the fields (`${idPrefix}-mobile`, `${idPrefix}-otp`), unique on the page. */
  idPrefix: string;
  onVerified: (session: FarmerSession) => void;
  verify?: VerifyCode;
  /** The last step's button (default "Confirm"). */
  submitLabel?: string;
  initialMobile?: string;
  autoFocus?: boolean;
  intro?: ReactNode;
  /** Kept as the tab's farmer session (false: a code to register gives a proof for one submit, not a session). */
  keep?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'hi';
  const [mobile, setMobile] = useState(initialMobile);
  const [otp, setOtp] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const sendCode = async () => {
    if (mobile.length !== 10) {
      setError(t('registration.mobileInvalid'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await call('POST /svsregistration/otp', { body: { mobile, purpose }, skipAuthRedirect: true });
      setSent(true);
      setOtp('');
    } catch (e) {
      setError(errorMessage(e, t('common.failed')));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (otp.length !== CODE_DIGITS) {
      setError(t('registration.codeInvalid'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const r = await verify(mobile, otp);
      const session = { token: r.token, expiresAt: r.expiresAt, mobile };
      if (keep) saveFarmerSession(session);
      onVerified(session);
    } catch (e) {
      setError(errorMessage(e, t('common.failed')));
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    void (sent ? confirm() : sendCode());
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }} data-testid={`${idPrefix}-code-form`}>
      {intro}
      <TextField
        size="small"
        id={`${idPrefix}-mobile`}
        name="mobile"
        label={t('registration.mobile')}
        value={mobile}
        disabled={sent}
        onChange={(e) => setMobile(typedMobile(e.target.value))}
        autoComplete="tel-national"
        slotProps={{ htmlInput: { inputMode: 'tel', maxLength: MOBILE_INPUT_MAX, autoFocus: autoFocus && !sent } }}
      />
      {sent && (
        <>
          <Typography variant="body2" role="status" data-testid={`${idPrefix}-code-sent`}>
            {purpose === 'register' ? t('registration.codeSentAny') : t('registration.codeSent')}
          </Typography>
          <TextField
            size="small"
            id={`${idPrefix}-otp`}
            name="otp"
            label={t('registration.otp')}
            value={otp}
            onChange={(e) => setOtp(typedCode(e.target.value))}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: CODE_DIGITS, autoFocus: true } }}
          />
        </>
      )}
      {error && (
        <Alert severity="error" data-testid={`${idPrefix}-code-error`}>
          {/* A server message in both languages shows the page's side (docs/product-rules.md#a-hindi-page-speaks-hindi). */}
          {inLanguage(error, lang)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy} data-testid={`${idPrefix}-code-submit`}>
          {sent
            ? busy
              ? t('registration.confirming')
              : (submitLabel ?? t('registration.confirmCode'))
            : busy
              ? t('registration.sendingCode')
              : t('registration.sendCode')}
        </Button>
        {sent && (
          <>
            <Button variant="text" disabled={busy} onClick={() => void sendCode()}>
              {t('registration.sendAgain')}
            </Button>
            <Button
              variant="text"
              disabled={busy}
              onClick={() => {
                setSent(false);
                setOtp('');
                setError('');
              }}
            >
              {t('registration.changeMobile')}
            </Button>
          </>
        )}
      </Box>
    </Box>
  );
}
