import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Registered } from './useRegistrationForm';

/**
 * The panel after a registration whose reply carried no letter code: its number and year. With a code,
 * the letter opens at once instead (docs/product-rules.md#the-letter-opens-at-once-after-a-registration).
 */
export function RegistrationSuccess({ done, onNewRegistration }: { done: Registered; onNewRegistration: () => void }) {
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
      <Button variant="outlined" onClick={onNewRegistration}>
        {t('registration.newRegistration')}
      </Button>
    </Paper>
  );
}
