import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** Admin dashboard. Placeholder until the screen is built. */
export default function DashboardPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('admin.nav.dashboard')} />;
}
