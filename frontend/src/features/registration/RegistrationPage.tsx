import { lazy, Suspense } from 'react';
import { LazyAlert as Alert } from '@web/components/LazyAlert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { inLanguage } from '@shared/bilingual';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { usePageTitle } from '@web/components/use-page-title';
import { loadFormMessages, loadStatusMessages } from '@web/lib/i18n';
import ConsentField from './ConsentField';
import { FIELD_MESSAGES, FILE_FIELD } from './fields';
import { FindLetter } from './FindLetter';
import { SUMMARY_ID } from './focus';
import { loadedSummary, loadValidation } from './load-validation';
import { isFormOpen } from './api';
import { noticeReady } from './notice';
import { formPageData } from './takeover';
import { RegistrationFields } from './RegistrationFields';
import { ScanField } from './ScanField';
import { useRegistrationForm } from './use-registration-form';

const RegistrationOpensNext = lazy(() => import('@web/components/RegistrationOpensNext'));
/** Shown only after a submit whose reply had no letter code: fetched then, off the form's first load. */
const RegistrationSuccess = lazy(() => import('./RegistrationSuccess'));
/** Shown only while the site is too busy: fetched then, with its texts (the status part, lib/i18n/parts.ts). */
const Notice = lazy(() => Promise.all([import('./RetryNotice'), loadStatusMessages()]).then(([m]) => m));
/** The code to the typed mobile (VerifyMobileAtRegistration): fetched when asked for, off the form's first load. */
const MobileCodeStep = lazy(() => import('./MobileCodeStep').then((m) => ({ default: m.MobileCodeStep })));

/**
 * Resolves when the form can show at once with everything it shows, so that nothing arrives later above Submit
 * (the router's loader waits for it, startup.ts): its own texts (FORM_KEYS, lib/i18n/parts.ts), the notice above
 * the consent box and whether registrations are open, which the form's own page carries (./takeover).
 */
export const formReady = (): Promise<unknown> =>
  Promise.all([loadFormMessages(), ...(formPageData() ? [] : [noticeReady(), isFormOpen()])]);

/** The key of a spec field message (FIELD_MESSAGES), to show it in the page's language. */
const messageKey = (message: string) =>
  (Object.keys(FIELD_MESSAGES) as (keyof typeof FIELD_MESSAGES)[]).find((k) => FIELD_MESSAGES[k] === message);

/**
 * The farmer's seed registration form (public at /registration, and Internal Registration inside the admin
 * area). Light on purpose: it is the page the registration-day surge hits on cheap phones.
 */
export default function RegistrationPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'hi';
  const { pathname } = useLocation();
  const inAdmin = pathname.startsWith('/admin');
  const title = inAdmin ? t('registration.adminTitle') : t('registration.title');
  usePageTitle(title);
  const form = useRegistrationForm(inAdmin);
  const { errors, busy, findWith } = form;
  const Summary = loadedSummary();

  /**
   * A field's message in the page's language: the Hindi text of docs/product-rules.md#registration-form-checks-and-messages (shared schema, server) as it is in
   * Hindi, with its English after it in English (registration.fieldErrors); any other message as given.
   */
  const fieldError = (message: string | undefined) => {
    const key = message ? messageKey(message) : undefined;
    // A server message in both languages shows the page's side (docs/product-rules.md#a-hindi-page-speaks-hindi).
    return key ? t(`registration.fieldErrors.${key}`) : message && inLanguage(message, lang);
  };

  if (form.done) {
    return (
      <Suspense fallback={<LinearProgress aria-label={t('app.loading')} />}>
        <RegistrationSuccess done={form.done} onNewRegistration={form.newRegistration} />
      </Suspense>
    );
  }

  if (form.open === false) {
    return (
      <Box component="section" sx={{ maxWidth: 720, mx: 'auto' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Alert severity="warning" role="status">
          <strong>{t('registration.closed')}</strong>
          <br />
          {t('registration.closedBody')}
          <Suspense fallback={null}>
            <RegistrationOpensNext />
          </Suspense>
        </Alert>
        <FindLetter />
      </Box>
    );
  }

  return (
    <Box component="section" sx={{ maxWidth: 760, mx: 'auto' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('registration.intro')}
      </Typography>
      {form.open === null && <LinearProgress sx={{ mb: 2 }} aria-label={t('app.loading')} />}
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void form.submit(e)}
        aria-busy={busy}
        onFocus={() => void loadValidation().catch(() => undefined)}
      >
        <RegistrationFields form={form} fieldError={fieldError} />
        <ScanField form={form} error={fieldError(errors[FILE_FIELD])} />
        <ConsentField form={form} refused={Boolean(errors.consent)} basicFormLink={!inAdmin} />
        {/* The site was too busy and the form is being sent again: said politely, and seen (./RetryNotice). */}
        <Box role="status" aria-live="polite" data-testid="registration-retrying">
          {form.retrying && (
            <Suspense fallback={null}>
              <Notice notice={form.retrying} />
            </Suspense>
          )}
        </Box>
        {/* Announces a refusal when it appears (the region is there from the start, so screen readers watch it). */}
        <Box aria-live="assertive">
          {form.alert &&
            (Summary ? (
              <Summary form={form} fieldError={fieldError} findLink={findWith && t('registration.findSubmit')} />
            ) : (
              <Box component="p" id={SUMMARY_ID} tabIndex={-1} sx={{ color: 'error.main' }} data-testid="registration-alert">
                {inLanguage(form.alert, lang)}
              </Box>
            ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button type="submit" variant="contained" disabled={busy} data-testid="registration-submit">
            {busy ? t('registration.submitting') : t('registration.submit')}
          </Button>
          <Button type="button" variant="text" onClick={form.reset} disabled={busy}>
            {t('registration.reset')}
          </Button>
        </Box>
      </Box>
      {form.askCode && !inAdmin && (
        <Suspense fallback={<LinearProgress aria-label={t('app.loading')} />}>
          <MobileCodeStep mobile={form.values.mobile} onVerified={form.mobileVerified} />
        </Suspense>
      )}
      <FindLetter key={findWith ? `${findWith.aadhaar}-${findWith.mobile}` : ''} prefill={findWith} />
    </Box>
  );
}
