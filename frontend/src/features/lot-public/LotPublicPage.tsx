import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** Public lot details reached from a lot's QR code. Placeholder until the screen is built. */
export default function LotPublicPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.lot')} />;
}
