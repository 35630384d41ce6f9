import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** Registered farmers. Placeholder until the screen is built. */
export default function FarmersPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('admin.nav.farmers')} />;
}
