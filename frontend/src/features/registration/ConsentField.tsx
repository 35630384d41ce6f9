import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import NoticeText, { loadNotice, type Notice } from './NoticeText';
import type { RegistrationForm } from './use-registration-form';

/** The registration form as a plain page of the registrations function, for phones without JavaScript worth the name. */
const BASIC_FORM_PATH = '/svsregistration/basic';

/**
 * The notice and the required consent box before Submit (docs/product-rules.md#notice-and-consent), loaded
 * after the form's first paint (RegistrationPage). A native checkbox: light, and as accessible. On the public
 * form, a link to the plain form follows (its text comes with the notice's, off the first paint's budget).
 * Nothing shows until the notice's text is in (or has failed): shown piecemeal, the notice arrived above a box
 * already ticked and pushed the Submit button down under a pointer aiming at it, so the click was lost.
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
  const [notice, setNotice] = useState<Notice | undefined>(undefined);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    void loadNotice().then((page) => live && setNotice(page));
    return () => {
      live = false;
    };
  }, []);

  // This part appears after the page's first paint, above the find-letter box: when the page was opened at that
  // box (/registration#find), keep it in view while this part appears.
  useEffect(() => {
    if (notice === undefined || window.location.hash !== '#find' || !root.current) return;
    const keepFindInView = () => document.getElementById('find')?.scrollIntoView({ block: 'start' });
    const observer = new ResizeObserver(keepFindInView);
    observer.observe(root.current);
    const stop = setTimeout(() => observer.disconnect(), 5000);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, [notice]);

  if (notice === undefined) return null;
  return (
    <div ref={root}>
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
