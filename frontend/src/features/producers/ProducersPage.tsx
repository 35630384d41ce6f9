import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** Producers. Placeholder until the screen is built. */
export default function ProducersPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('admin.nav.producers')} />;
}
