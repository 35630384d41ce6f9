import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSession } from '@web/lib/session';
import { usePageTitle } from '@web/components/usePageTitle';
import { UserAreaNav } from './UserAreaNav';

export default function ProfilePage() {
  const { t } = useTranslation();
  usePageTitle(t('userArea.profileTitle'));
  const session = useSession();
  return (
    <Box component="section">
      <UserAreaNav />
      <Typography variant="h5" component="h1" gutterBottom>
        {t('userArea.profileTitle')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 560 }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
          <Typography component="dt" color="text.secondary">
            {t('userArea.name')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {session?.user.name}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {t('userArea.email')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
            {session?.user.email}
          </Typography>
        </Box>
        <Typography sx={{ mt: 2 }}>{t('userArea.profileBody')}</Typography>
      </Paper>
    </Box>
  );
}
