import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** Bills list. Placeholder until the screen is built. */
export default function BillsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('admin.nav.bills')} />;
}
