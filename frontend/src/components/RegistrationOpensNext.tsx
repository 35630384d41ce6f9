import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@shared/format';
import { call } from '../lib/api';

/**
 * While registrations are closed: when they open next (RegistrationOpensNext), a date in the page's language
 * or the admin's short text, or that it will be announced. Given `value` (the home summary carries it), or
 * asked for itself (the registration page); nothing shows while that is on its way or when it fails.
 * Loaded on demand: only a closed registration needs it.
 */
export default function RegistrationOpensNext({ value }: { value?: string }) {
  const { t, i18n } = useTranslation();
  const [asked, setAsked] = useState<string | null>(null);

  useEffect(() => {
    if (value !== undefined) return;
    let live = true;
    void call('GET /api/config/{key}', { params: { key: 'RegistrationOpensNext' }, skipAuthRedirect: true }).then(
      (r) => live && setAsked(r.value.trim()),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [value]);

  const when = value ?? asked;
  if (when === null) return null;
  return (
    <Box component="span" data-testid="registration-opens-next" sx={{ display: 'block', fontWeight: 600 }}>
      {when
        ? t('registration.opensNext', { when: formatDay(when, i18n.language, { long: true }) })
        : t('registration.opensNextUnknown')}
    </Box>
  );
}
