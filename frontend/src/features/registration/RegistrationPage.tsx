import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** Farmer seed registration form (public, and inside the admin area as Internal Registration). Placeholder until the screen is built. */
export default function RegistrationPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.registration')} />;
}
