import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** Public bill view reached from a bill's QR code. Placeholder until the screen is built. */
export default function BillViewPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.bill')} />;
}
