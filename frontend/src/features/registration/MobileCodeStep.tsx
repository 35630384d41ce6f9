import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FarmerCodeForm } from '@web/components/FarmerCodeForm';
import type { FarmerSession } from '@web/lib/farmer-session';

/**
 * VerifyMobileAtRegistration (docs/product-rules.md#verifying-the-mobile-at-registration): before the form is
 * sent, a code to the typed mobile (purpose `register`); its proof goes with the submit and is kept for this form
 * only (never as the tab's farmer session: it opens nothing else).
 */
export function MobileCodeStep({ mobile, onVerified }: { mobile: string; onVerified: (proof: FarmerSession) => void }) {
  const { t } = useTranslation();
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  return (
    <Box
      component="section"
      ref={box}
      aria-labelledby="verify-mobile-title"
      data-testid="verify-mobile"
      sx={{ border: 2, borderColor: 'primary.main', borderRadius: 1, p: 1.5, my: 2 }}
    >
      <Typography variant="subtitle1" component="h2" id="verify-mobile-title" sx={{ fontWeight: 600, mb: 1 }}>
        {t('registration.verifyMobile.verifyTitle')}
      </Typography>
      <FarmerCodeForm
        purpose="register"
        idPrefix="verify"
        initialMobile={mobile}
        keep={false}
        autoFocus
        submitLabel={t('registration.verifyMobile.verifySubmit')}
        intro={<Typography variant="body2">{t('registration.verifyMobile.verifyIntro', { mobile })}</Typography>}
        onVerified={onVerified}
      />
    </Box>
  );
}
