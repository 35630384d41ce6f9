import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { UserAreaPage } from './UserAreaPage';

/** Fixed placeholder figures until the user area has real data. */
const TILES = [
  { key: 'userArea.tileOrders', value: 3 },
  { key: 'userArea.tilePending', value: 1 },
  { key: 'userArea.tileCompleted', value: 2 },
] as const;

export default function UserDashboardPage() {
  const { t } = useTranslation();
  return (
    <UserAreaPage title={t('userArea.dashboardTitle')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('userArea.dashboardIntro')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        {TILES.map((tile) => (
          <Card key={tile.key} variant="outlined">
            <CardContent>
              <Typography color="text.secondary">{t(tile.key)}</Typography>
              <Typography variant="h4" component="p">
                {tile.value}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </UserAreaPage>
  );
}
