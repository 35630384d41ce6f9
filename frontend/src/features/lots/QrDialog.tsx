import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import type { LotResponse } from '@shared/schemas/lots';
import { errorMessage } from '@web/lib/api';
import { to } from '@web/paths';
import { downloadQr, publicQrSvgUrl } from './api';

/** A lot's QR code: the image, Download PNG, Download SVG and Open public page. */
export function QrDialog({ lot, onClose }: { lot: LotResponse | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<'png' | 'svg' | null>(null);
  if (!lot) return null;

  const download = async (kind: 'png' | 'svg') => {
    setError('');
    setBusy(kind);
    try {
      await downloadQr(lot, kind);
    } catch (e) {
      setError(errorMessage(e, t('lots.downloadFailed')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="lot-qr-title" maxWidth="xs" fullWidth>
      <DialogTitle id="lot-qr-title">{t('lots.qrTitle', { code: lot.lotCode })}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
          <img src={publicQrSvgUrl(lot.lotCode)} alt={t('lots.qrAlt', { code: lot.lotCode })} width={256} height={256} />
          <Typography sx={{ fontFamily: 'monospace', fontSize: '1.2rem' }}>{lot.lotCode}</Typography>
          <Typography variant="body2" color="text.secondary" align="center">
            {cropLabel(lot, i18n.language)} · {lot.producerName} · {lot.year}
          </Typography>
          {error && (
            <Alert severity="error" role="alert" sx={{ width: '100%' }}>
              {error}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => void download('png')} disabled={busy !== null}>
          {t('lots.downloadPng')}
        </Button>
        <Button variant="outlined" onClick={() => void download('svg')} disabled={busy !== null}>
          {t('lots.downloadSvg')}
        </Button>
        <Button variant="contained" component="a" href={to.lot(lot.lotCode)} target="_blank" rel="noopener">
          {t('lots.openPublic')}
        </Button>
        <Button onClick={onClose}>{t('catalogue.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
