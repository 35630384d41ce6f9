import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { UserAreaPage, UserAreaPanel } from './UserAreaPage';

export default function OrdersPage() {
  const { t } = useTranslation();
  return (
    <UserAreaPage title={t('userArea.ordersTitle')}>
      <UserAreaPanel>
        <Typography>{t('userArea.ordersBody')}</Typography>
      </UserAreaPanel>
    </UserAreaPage>
  );
}
