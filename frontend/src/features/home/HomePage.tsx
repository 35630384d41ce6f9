import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** Home page (/ and /about). Placeholder until the screen is built. */
export default function HomePage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.home')} />;
}
