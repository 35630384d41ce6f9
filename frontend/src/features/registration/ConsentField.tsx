import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import NoticeText from './NoticeText';
import type { RegistrationForm } from './use-registration-form';

/** The registration form as a plain page of the registrations function, for phones without JavaScript worth the name. */
const BASIC_FORM_PATH = '/svsregistration/basic';

/**
 * The notice and the required consent box before Submit (docs/product-rules.md#notice-and-consent), drawn with
 * the form: its text is in before the form shows (the page's own, or fetched while the form's code loads: ./notice),
 * and its words are among the texts the public pages load at start-up (PUBLIC_KEYS, lib/i18n/parts.ts). Drawn
 * after the form's first paint, it pushed the Submit button down under a thumb aiming at it, and the tap was lost.
 * A native checkbox: light, and as accessible. On the public form, a link to the plain form follows.
 */
export default function ConsentField({
  form,
  refused,
  basicFormLink,
}: {
  form: RegistrationForm;
  /** The last Submit was refused for want of consent (the message is the box's own, in the page's language). */
  refused: boolean;
  basicFormLink: boolean;
}) {
  const { t, i18n } = useTranslation();
  const error = refused ? t('sitePages.consentError') : undefined;
  const { notice } = form;

  // Only the Internal Registration's form, opened without waiting for the notice, draws it later.
  if (notice === undefined) return null;
  return (
    <div>
      {basicFormLink && (
        // A page of the server, not of the app: a full navigation.
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {/* The page has no script to read the app's language from: the address says it (Hindi is its default). */}
          <a href={i18n.language === 'en' ? `${BASIC_FORM_PATH}?lang=en` : BASIC_FORM_PATH} data-testid="basic-form-link">
            {t('sitePages.basicForm')}
          </a>
        </Typography>
      )}
      <Box
        component="section"
        aria-labelledby="notice-title"
        sx={{ mb: 2, p: 1.5, border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1 }}
      >
        <NoticeText page={notice} />
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
    </div>
  );
}
