import { useEffect, useState } from 'react';
import { LazyAlert as Alert } from '@web/components/LazyAlert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { AppointmentRecord } from '@shared/schemas/registration';
import { call } from '@web/lib/api';
import { loadStatusMessages } from '@web/lib/i18n';
import { isJustRegistered } from '@web/lib/just-registered';
import { registeredStatusLines } from '@shared/public-pages/letter-status';
import { letterFileName } from '@shared/public-pages/letter';
import { usePageWords } from '@web/lib/page-words';
import { paths, to } from '@web/paths';
import { LetterActions } from './LetterActions';
import { LetterSheet } from './LetterSheet';

/**
 * The appointment letter at /svs/appointment/{uniqueCode}: everything the farmer brings to the counter,
 * printable on one A4 page (12 mm margins, set in styles/global.css) with the registration id in the
 * document title (the name of the saved PDF). Right after a registration it opens with a short 'registered'
 * note (docs/product-rules.md#the-letter-opens-at-once-after-a-registration).
 */
async function loadLetter(code: string): Promise<AppointmentRecord> {
  // The letter's texts and its status block's come beside the letter (lib/i18n/parts.ts), also when it fails.
  const texts = loadStatusMessages().catch(() => undefined);
  const r = await call('GET /svsregistration/AppointmentList/{code}', { params: { code }, skipAuthRedirect: true }).catch(
    async (e: unknown) => {
      await texts;
      throw e;
    },
  );
  await texts;
  const first = r?.data?.[0];
  if (!first) throw new Error('empty');
  return first;
}

export default function AppointmentLetterPage() {
  const { t } = useTranslation();
  const words = usePageWords();
  const { uniqueCode = '' } = useParams();
  const { state, pathname, search } = useLocation();
  const navigate = useNavigate();
  const justRegistered = isJustRegistered(state) ? state : null;
  const [letter, setLetter] = useState<AppointmentRecord | null>(null);
  const [failed, setFailed] = useState(false);
  /** Bumped after the farmer cancels: the letter is read again and shows the new status. */
  const [reads, setReads] = useState(0);
  /** Opened from the older system's misspelt link (paths.misspeltAppointment): moves to the letter's address. */
  const misspelt = !pathname.startsWith('/svs/appointment/');

  useEffect(() => {
    if (misspelt) {
      void navigate(`${to.appointment(uniqueCode)}${search}`, { replace: true });
      return;
    }
    let live = true;
    loadLetter(uniqueCode)
      .then((a) => live && setLetter(a))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [uniqueCode, misspelt, navigate, search, reads]);

  // The document title names the saved PDF: it carries the registration id and year.
  useEffect(() => {
    const before = document.title;
    document.title = letter ? letterFileName(letter) : t('appointment.title');
    return () => {
      document.title = before;
    };
  }, [letter, t]);

  if (failed) {
    return (
      <Box component="section" sx={{ maxWidth: 640, mx: 'auto' }}>
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              {t('appointment.retry')}
            </Button>
          }
        >
          {t('appointment.loadError')}
        </Alert>
        <Typography variant="body2" sx={{ mt: 2 }}>
          <RouterLink to={`${paths.registration}#find`}>{t('appointment.findLink')}</RouterLink>
        </Typography>
      </Box>
    );
  }
  if (!letter) return <LinearProgress aria-label={t('app.loading')} />;

  return (
    <Box component="section" sx={{ maxWidth: 760, mx: 'auto' }}>
      {justRegistered && (
        <Box
          className="no-print"
          role="status"
          data-testid="letter-registered"
          sx={{ mb: 1.5, px: 1.5, py: 1, borderRadius: 1, bgcolor: 'success.main', color: 'success.contrastText' }}
        >
          <Typography component="p" sx={{ fontWeight: 700 }} data-testid="letter-registered-title">
            {/* A repeated submission made nothing new: it says so instead of 'Registration successful'. */}
            {justRegistered.existing ? t('appointment.alreadyTitle') : t('registration.successTitle')}
          </Typography>
          {registeredStatusLines(letter, words.t, words.lang).map((line) => (
            <Typography key={line.id} component="p" sx={line.strong ? { fontWeight: 700 } : undefined} data-testid={line.id}>
              {line.text}
            </Typography>
          ))}
          {justRegistered.existing && (
            <Typography component="p" variant="body2" data-testid="letter-existing">
              {t('registration.alreadyRegistered')}
            </Typography>
          )}
        </Box>
      )}
      <LetterSheet letter={letter} />
      <LetterActions letter={letter} onCancelled={() => setReads((n) => n + 1)} />
      {justRegistered && (
        <Typography className="no-print" variant="body2" sx={{ mt: 2 }}>
          <RouterLink to={paths.registration} data-testid="letter-new-registration">
            {t('registration.newRegistration')}
          </RouterLink>
        </Typography>
      )}
    </Box>
  );
}
