import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** Registrations list. Placeholder until the screen is built. */
export default function RegistrationsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('admin.nav.registrations')} />;
}
