import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** Content blocks. Placeholder until the screen is built. */
export default function ContentBlocksPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('admin.nav.cmsBlocks')} />;
}
