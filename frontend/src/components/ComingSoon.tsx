import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from './use-page-title';

/** Placeholder for a screen that is not built yet. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Box component="section" sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Alert severity="info" role="status">
        <strong>{t('app.comingSoonTitle')}</strong> — {t('app.comingSoonBody')}
      </Alert>
    </Box>
  );
}
