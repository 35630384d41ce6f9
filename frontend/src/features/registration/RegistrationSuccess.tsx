import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { to } from '@web/paths';
import type { Registered } from './useRegistrationForm';

/** The panel after a registration: its number and year, and the way to the appointment letter. */
export function RegistrationSuccess({
  done,
  onOpenLetter,
  onNewRegistration,
}: {
  done: Registered;
  /** Called before the letter opens in a new tab (the page then stays where it is). */
  onOpenLetter: () => void;
  onNewRegistration: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560, mx: 'auto' }}
      aria-live="polite"
      data-testid="registration-success"
    >
      <Typography variant="h5" component="h1" gutterBottom color="success.main">
        {t('registration.successTitle')}
      </Typography>
      {done.existing && (
        <Typography sx={{ mb: 1, fontWeight: 600 }} data-testid="registration-existing">
          {t('registration.alreadyRegistered')}
        </Typography>
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
      {done.code && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('registration.openingLetter')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          disabled={!done.code}
          onClick={() => {
            onOpenLetter();
            window.open(to.appointment(done.code, done.id), '_blank', 'noopener');
          }}
        >
          {t('registration.getLetter')}
        </Button>
        <Button variant="outlined" onClick={onNewRegistration}>
          {t('registration.newRegistration')}
        </Button>
      </Box>
      {done.code && (
        <Typography variant="caption" component="p" sx={{ mt: 2 }}>
          <RouterLink to={to.appointment(done.code, done.id)} onClick={onOpenLetter} data-testid="registration-letter-link">
            {t('registration.letterLink')}
          </RouterLink>
        </Typography>
      )}
    </Paper>
  );
}
