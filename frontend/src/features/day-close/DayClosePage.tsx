import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { sessionHasRole, useSession } from '@web/lib/session';
import { StaffPage } from '@web/components/StaffPage';
import { usePageTitle } from '@web/components/use-page-title';
import { AllSellersSection } from './AllSellersSection';
import { MyDaySection } from './MyDaySection';

/**
 * Day close (docs/product-rules.md#a-sellers-day-ends-with-a-cash-close): everyone who sells closes their own
 * day (an admin's own day shows once they sold or closed that day); admins also see every seller's day, reopen
 * and print the Z-report. The screen does not print: only the Z-report does.
 */
export default function DayClosePage() {
  const { t } = useTranslation();
  usePageTitle(t('dayClose.title'));
  const session = useSession();
  const isAdmin = sessionHasRole(session, ['admin']);
  const sells = !isAdmin || !!session?.user.roles.includes('seller');
  return (
    <Box className="no-print">
      <StaffPage title={t('dayClose.title')}>
        <MyDaySection onlyWhenInUse={!sells} />
        {isAdmin && <AllSellersSection />}
      </StaffPage>
    </Box>
  );
}
