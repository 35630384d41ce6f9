import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** Announcements. Placeholder until the screen is built. */
export default function AnnouncementsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('admin.nav.cmsAnnouncements')} />;
}
