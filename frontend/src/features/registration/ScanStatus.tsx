import { useEffect, useRef } from 'react';
import { LazyAlert as Alert } from '@web/components/LazyAlert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RegistrationForm } from './use-registration-form';

/**
 * The scan's status under its chooser: the progress and result of making a big photo smaller, the file's
 * message and reason, the upload's progress, and a retry after a failed upload. Its own chunk, off the
 * page's first load (docs/decisions/0011-public-bundle.md).
 */
export default function ScanStatus({ form, error }: { form: RegistrationForm; error: string | undefined }) {
  const { t } = useTranslation();
  const { file, busy, progress, shrinking, shrunk } = form;
  // One bar: a big photo being made smaller when chosen, the upload on Submit.
  const working = shrinking ?? progress;
  const shown = useRef<HTMLDivElement>(null);
  const news = shrinking !== null ? 'shrinking' : shrunk ? 'shrunk' : '';
  // The photo being made smaller, then what was done, come into view under the chooser: after the phone's file
  // chooser closes, the chooser sits at the bottom of the screen, and the progress drawn under it went unseen.
  useEffect(() => {
    if (news) shown.current?.scrollIntoView?.({ block: 'nearest' });
  }, [news]);
  const workingText =
    shrinking !== null ? t('registration.shrinking', { percent: shrinking }) : t('registration.uploading', { percent: progress });
  return (
    <div ref={shown} data-testid="scan-status">
      {working !== null && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress variant="determinate" value={working} aria-label={workingText} />
          <Typography variant="caption">{workingText}</Typography>
        </Box>
      )}
      {shrunk && (
        <Typography variant="caption" role="status" sx={{ display: 'block', mt: 0.5, color: 'success.dark' }}>
          {t('registration.shrunk', shrunk)}
        </Typography>
      )}
      {error && (
        <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', mt: 0.5 }}>
          {error}
          {/* A file too large says so in the message itself; the other reasons follow the rule's message. */}
          {form.fileReason && form.fileReason !== 'size' && file && (
            <>
              <br />
              {t(`registration.fileIssue.${form.fileReason}`)}
            </>
          )}
        </Typography>
      )}
      {form.uploadFailed && (
        <Alert
          severity="warning"
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => void form.submit()} disabled={busy}>
              {t('registration.retryUpload')}
            </Button>
          }
        >
          {t('registration.uploadFailed')}
        </Alert>
      )}
    </div>
  );
}
