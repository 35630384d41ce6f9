import { useEffect, useState } from 'react';
import { LazyAlert as Alert } from '@web/components/LazyAlert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import type { PublicLotResponse } from '@shared/schemas/lots';
import { ApiError, call, errorMessage, routeUrl } from '@web/lib/api';
import { usePageTitle } from '@web/components/usePageTitle';

/**
 * Public lot details, opened by scanning a lot's QR code on a phone: one small request, one image, plain
 * markup (a definition list) and only three MUI components so the chunk stays small.
 */
export default function PublicLotPage() {
  const { t, i18n } = useTranslation();
  const { code = '' } = useParams();
  usePageTitle(code ? `${t('lotPublic.title')} ${code}` : t('lotPublic.title'));
  const [lot, setLot] = useState<PublicLotResponse | null>(null);
  /** The failure: the server's message (spec: 'the message or Not found') and whether it was a 404. */
  const [error, setError] = useState<{ message: string; notFound: boolean } | null>(null);

  useEffect(() => {
    let live = true;
    setLot(null);
    setError(null);
    call('GET /api/lots/by-code/{code}', { params: { code } })
      .then((r) => live && setLot(r))
      .catch((e) => live && setError({ message: errorMessage(e, ''), notFound: e instanceof ApiError && e.status === 404 }));
    return () => {
      live = false;
    };
  }, [code]);

  const locale = i18n.language === 'hi' ? 'hi-IN' : 'en-IN';
  const kg = (v: number) => t('lotPublic.kg', { value: v.toLocaleString(locale, { maximumFractionDigits: 2 }) });

  if (error) {
    // The server's message as it is; in Hindi, with a Hindi sentence before it (the server's is English).
    const { message, notFound } = error;
    return (
      <Box component="section" sx={{ py: 3, maxWidth: 560, mx: 'auto' }}>
        <Alert severity="error" role="alert">
          {!message
            ? t('lotPublic.notFound')
            : /[\u0900-\u097F]/.test(message)
              ? message
              : t(notFound ? 'lotPublic.notFoundMessage' : 'lotPublic.failedMessage', { code, message })}
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

  const rows: [string, string][] = [
    [t('lotPublic.code'), lot.lotCode],
    [t('lotPublic.type'), lot.isSubsidized ? t('lotPublic.subsidised') : t('lotPublic.nonSubsidised')],
    [t('lotPublic.year'), String(lot.year)],
    [t('lotPublic.crop'), cropLabel(lot, i18n.language)],
    [t('lotPublic.cropDescription'), lot.cropDescription || '—'],
    [
      t('lotPublic.producer'),
      lot.producerAadhaarLast4
        ? `${lot.producerName} (${t('lotPublic.aadhaarLast4', { last4: lot.producerAadhaarLast4 })})`
        : lot.producerName,
    ],
    [t('lotPublic.contact'), lot.producerContact || '—'],
    [t('lotPublic.address'), lot.producerAddress || '—'],
    [t('lotPublic.total'), kg(lot.quantityAvailable)],
    [t('lotPublic.used'), kg(lot.quantityUsed)],
    [t('lotPublic.remaining'), kg(lot.remaining)],
    [
      t('lotPublic.created'),
      new Date(lot.createdOn).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }),
    ],
  ];

  return (
    <Box component="section" sx={{ py: 2, maxWidth: 560, mx: 'auto' }} data-testid="public-lot">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('lotPublic.title')}
      </Typography>
      <Box sx={{ textAlign: 'center', mb: 2 }}>
        <img
          src={routeUrl('GET /api/lots/by-code/{code}/qrcode.svg', { params: { code: lot.lotCode } })}
          alt={t('lotPublic.qrAlt')}
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
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
