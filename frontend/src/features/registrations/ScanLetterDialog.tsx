import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { frameReader } from './letter-scanner';

/** The browser's camera error, as the clerk reads it in the page's language (by the error's name). */
type CameraFailure = 'cameraDenied' | 'cameraMissing' | 'cameraBusy' | 'cameraOther';
function cameraFailureOf(e: unknown): CameraFailure {
  const name = e instanceof Error ? e.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'cameraDenied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'cameraMissing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'cameraBusy';
  return 'cameraOther';
}

/** How often a frame is read while the camera looks for the QR code. */
const READ_EVERY_MS = 250;

/**
 * Scan letter: the device camera (the back one on a phone) until a QR code is read; the code's text (the
 * letter's link) goes to `onScanned` and the dialog closes. Closing it stops the camera.
 */
export function ScanLetterDialog({ onScanned, onClose }: { onScanned: (text: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<{ kind: CameraFailure; raw: string } | null>(null);
  const scanned = useRef(onScanned);
  scanned.current = onScanned;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer = 0;
    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const read = await frameReader();
        const tick = async () => {
          if (stopped || !video.current) return;
          const text = await read(video.current).catch(() => null);
          if (stopped) return;
          if (text) {
            stopped = true;
            scanned.current(text);
            return;
          }
          timer = window.setTimeout(() => void tick(), READ_EVERY_MS);
        };
        void tick();
      } catch (e) {
        if (stopped) return;
        const raw = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
        console.warn('camera', raw);
        setFailure({ kind: cameraFailureOf(e), raw });
      }
    };
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <Dialog open onClose={onClose} aria-labelledby="scan-letter-title" fullWidth maxWidth="sm" disableRestoreFocus>
      <DialogTitle id="scan-letter-title">{t('today.scanTitle')}</DialogTitle>
      <DialogContent>
        {failure ? (
          <Alert severity="error" title={failure.raw} data-testid="camera-failed">
            {t(`today.${failure.kind}`)}
          </Alert>
        ) : (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('today.scanHint')}
            </Typography>
            <video
              ref={video}
              muted
              playsInline
              data-testid="scan-video"
              style={{ width: '100%', maxHeight: '60vh', background: '#000', borderRadius: 4 }}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('today.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
