import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** Appointment letter. Placeholder until the screen is built. */
export default function AppointmentLetterPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.appointment')} />;
}
