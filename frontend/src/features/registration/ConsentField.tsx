import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import NoticeText from './NoticeText';
import type { RegistrationForm } from './useRegistrationForm';

/**
 * The notice and the required consent box before Submit (docs/product-rules.md#notice-and-consent), loaded
 * after the form's first paint (RegistrationPage). A native checkbox: light, and as accessible.
 */
export default function ConsentField({
  form,
  error,
}: {
  form: RegistrationForm;
  /** The field's message, already in the page's language. */
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-labelledby="notice-title"
      sx={{ mb: 2, p: 1.5, border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1 }}
    >
      <NoticeText />
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mt: 1 }}>
        <input
          type="checkbox"
          id="reg-consent"
          name="consent"
          checked={form.consent}
          onChange={form.toggleConsent}
          disabled={form.busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'reg-consent-error' : undefined}
          data-testid="registration-consent"
          style={{ width: 22, height: 22, margin: '1px 0 0', flex: 'none' }}
        />
        <Typography component="label" htmlFor="reg-consent" variant="body2" sx={{ fontWeight: 600 }}>
          {t('sitePages.consentLabel')}
        </Typography>
      </Box>
      {error && (
        <Typography id="reg-consent-error" variant="body2" sx={{ color: 'error.main', mt: 0.5 }} data-testid="consent-error">
          {error}
        </Typography>
      )}
    </Box>
  );
}
