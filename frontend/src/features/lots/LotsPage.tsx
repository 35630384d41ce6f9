import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** Seed lots. Placeholder until the screen is built. */
export default function LotsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('admin.nav.lots')} />;
}
