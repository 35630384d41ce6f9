import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { loadStatusMessages } from '@web/lib/i18n';
import { LetterStatus } from '@web/components/LetterStatus';
import type { Registered } from './use-registration-form';

/**
 * The panel after a registration whose reply carried no letter code: its number and year, and where it
 * stands (a date, the waiting list with its number, or the draw). With a code, the letter opens at once
 * instead and shows the same (docs/product-rules.md#the-letter-opens-at-once-after-a-registration).
 */
export default function RegistrationSuccess({ done, onNewRegistration }: { done: Registered; onNewRegistration: () => void }) {
  const { t } = useTranslation();
  const [statusTexts, setStatusTexts] = useState(false);
  useEffect(() => {
    let live = true;
    void loadStatusMessages()
      .catch(() => undefined)
      .then(() => live && setStatusTexts(true));
    return () => {
      live = false;
    };
  }, []);
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560, mx: 'auto' }}
      aria-live="polite"
      data-testid="registration-success"
    >
      <Typography variant="h5" component="h1" gutterBottom color="success.main">
        {done.existing && statusTexts ? t('appointment.alreadyTitle') : t('registration.successTitle')}
      </Typography>
      {done.existing && (
        <Typography sx={{ mb: 1, fontWeight: 600 }} data-testid="registration-existing">
          {t('registration.alreadyRegistered')}
        </Typography>
      )}
      {statusTexts && done.status !== 'confirmed' && (
        <LetterStatus letter={{ status: done.status, isBilled: false, waitlistPosition: done.waitlistPosition }} />
      )}
      <Typography sx={{ mb: 1 }}>{t('registration.successBody', { id: done.id, year: done.year })}</Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, my: 2, '& dt': { fontWeight: 600 }, '& dd': { m: 0 } }}
      >
        <dt>{t('registration.regNo')}</dt>
        <dd data-testid="registration-id">{done.id}</dd>
        <dt>{t('registration.year')}</dt>
        <dd>{done.year}</dd>
      </Box>
      <Button variant="outlined" onClick={onNewRegistration}>
        {t('registration.newRegistration')}
      </Button>
    </Paper>
  );
}
