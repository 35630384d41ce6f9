import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@web/components/usePageTitle';
import { UserAreaNav } from './UserAreaNav';

export default function OrdersPage() {
  const { t } = useTranslation();
  usePageTitle(t('userArea.ordersTitle'));
  return (
    <Box component="section">
      <UserAreaNav />
      <Typography variant="h5" component="h1" gutterBottom>
        {t('userArea.ordersTitle')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 560 }}>
        <Typography>{t('userArea.ordersBody')}</Typography>
      </Paper>
    </Box>
  );
}
