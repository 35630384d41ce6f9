import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** Crops. Placeholder until the screen is built. */
export default function CropsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('admin.nav.crops')} />;
}
