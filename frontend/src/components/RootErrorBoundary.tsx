import { LazyAlert as Alert } from './LazyAlert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** What the app shows when a screen throws while rendering or loading (see RouteErrorBoundary). */
export function RootErrorBoundary({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const detail = error instanceof Error ? error.message : '';
  return (
    <Box component="main" sx={{ p: 3, maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('app.unexpectedError')}
      </Typography>
      {detail && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {detail}
        </Alert>
      )}
      {/* A full page load: the app may be in a bad state. */}
      <Button variant="contained" href="/">
        {t('app.goHome')}
      </Button>
    </Box>
  );
}
