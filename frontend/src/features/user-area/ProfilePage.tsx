import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSession } from '@web/lib/session';
import { UserAreaPage, UserAreaPanel } from './UserAreaPage';

export default function ProfilePage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <UserAreaPage title={t('userArea.profileTitle')}>
      <UserAreaPanel>
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
      </UserAreaPanel>
    </UserAreaPage>
  );
}
