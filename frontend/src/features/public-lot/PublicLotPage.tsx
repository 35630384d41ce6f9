import { LazyAlert as Alert } from '@web/components/LazyAlert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { lotView } from '@shared/public-pages/lot';
import { LOT_REFUSAL, lotTitle, refusalText } from '@shared/public-pages/words';
import { call, routeUrl } from '@web/lib/api';
import { usePageWords } from '@web/lib/page-words';
import { usePageReply } from '@web/lib/use-page-reply';
import { usePageTitle } from '@web/components/use-page-title';

/**
 * Public lot details, opened by scanning a lot's QR code on a phone: one small request, one image, plain
 * markup (a definition list) and only three MUI components so the chunk stays small. What it shows comes from
 * shared/public-pages/lot.ts, as the functions' page of the lot (functions/lots/lot-page.ts) draws it.
 */
export default function PublicLotPage() {
  const { t } = useTranslation();
  const words = usePageWords();
  const { code = '' } = useParams();
  usePageTitle(code ? lotTitle(code, words.t) : t('lotPublic.title'));
  const { reply: lot, error } = usePageReply(code, (signal) =>
    call('GET /api/lots/by-code/{code}', { params: { code }, signal }),
  );

  if (error) {
    return (
      <Box component="section" sx={{ py: 3, maxWidth: 560, mx: 'auto' }}>
        <Alert severity="error" role="alert">
          {refusalText(words.t, error, LOT_REFUSAL, { code })}
        </Alert>
      </Box>
    );
  }
  if (!lot) {
    return (
      <Box component="section" sx={{ py: 3 }} role="status">
        {t('lotPublic.loading')}
      </Box>
    );
  }

  const view = lotView(lot, words.t, words.lang);
  return (
    <Box component="section" sx={{ py: 2, maxWidth: 560, mx: 'auto' }} data-testid="public-lot">
      <Typography variant="h5" component="h1" gutterBottom>
        {view.title}
      </Typography>
      <Box sx={{ textAlign: 'center', mb: 2 }}>
        <img
          src={routeUrl('GET /api/lots/by-code/{code}/qrcode.svg', { params: { code: lot.lotCode } })}
          alt={view.qrAlt}
          width={200}
          height={200}
          style={{ maxWidth: '60vw', height: 'auto' }}
        />
      </Box>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(7rem, max-content) 1fr',
          columnGap: 2,
          rowGap: 1,
          m: 0,
          '& dt': { fontWeight: 600, color: 'text.secondary' },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        {view.facts.map((fact) => (
          <Box key={fact.label} sx={{ display: 'contents' }}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
