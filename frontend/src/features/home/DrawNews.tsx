import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@shared/format';
import { loadStatusMessages } from '@web/lib/i18n';

/**
 * The home page's line about the draw (docs/product-rules.md#the-draws-result-is-a-public-page-linked-from-home): the
 * day of the draw while it is announced, and a link to the published results once there are some. Loaded with its
 * texts (the status part, fetched here) only when the home summary has one of them. The results are the allocation
 * function's pages, not a screen of the app: a plain link.
 */
export default function DrawNews({ drawOn, drawResults }: { drawOn?: string; drawResults?: boolean }) {
  const { t, i18n } = useTranslation();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    loadStatusMessages().then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!ready) return null;
  return (
    <Box data-testid="home-draw" sx={{ mb: 2, display: 'grid', gap: 1, justifyItems: 'start' }}>
      {drawOn && (
        <Typography component="p" data-testid="home-draw-on" sx={{ fontWeight: 600 }}>
          {t('drawPublic.drawOn', { date: formatDay(drawOn, i18n.language, { long: true }) })}
        </Typography>
      )}
      {drawResults && (
        <Button component="a" href="/draw" variant="contained" color="secondary" data-testid="home-draw-results">
          {t('drawPublic.homeLink')}
        </Button>
      )}
    </Box>
  );
}
