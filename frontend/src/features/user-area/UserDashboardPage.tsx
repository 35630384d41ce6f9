import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@web/components/usePageTitle';
import { UserAreaNav } from './UserAreaNav';

/** Fixed placeholder figures until the user area has real data. */
const TILES = [
  { key: 'userArea.tileOrders', value: 3 },
  { key: 'userArea.tilePending', value: 1 },
  { key: 'userArea.tileCompleted', value: 2 },
] as const;

export default function UserDashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t('userArea.dashboardTitle'));
  return (
    <Box component="section">
      <UserAreaNav />
      <Typography variant="h5" component="h1" gutterBottom>
        {t('userArea.dashboardTitle')}
      </Typography>
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
    </Box>
  );
}
