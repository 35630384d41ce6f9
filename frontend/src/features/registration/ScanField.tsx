import { LazyAlert as Alert } from '@web/components/LazyAlert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FILE_ACCEPT, FILE_FIELD } from './fields';
import type { RegistrationForm } from './useRegistrationForm';

/** The Aadhaar scan: chooser, the file's rule message and reason, upload progress, and a retry after a failed upload. */
export function ScanField({
  form,
  error,
}: {
  form: RegistrationForm;
  /** The field's message, already in the page's language. */
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const { file, busy, progress } = form;
  return (
    <Box sx={{ mt: 1, mb: 2 }}>
      <Typography
        component="label"
        id="reg-file-label"
        htmlFor="reg-file"
        variant="body2"
        sx={{ display: 'block', mb: 0.5, color: error ? 'error.main' : 'text.secondary' }}
      >
        {t('registration.file')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {/* A real button (keyboard and screen readers) that opens the hidden file input. */}
        <Button
          id="reg-file-button"
          variant="outlined"
          color={error ? 'error' : 'primary'}
          // error.dark keeps the text at 4.5:1 on the button's tinted background (WCAG AA).
          sx={error ? { color: 'error.dark' } : undefined}
          disabled={busy}
          onClick={() => form.fileInput.current?.click()}
          aria-labelledby="reg-file-label reg-file-button"
          data-testid="registration-file-button"
        >
          {file ? t('registration.changeFile') : t('registration.chooseFile')}
        </Button>
        <input
          ref={form.fileInput}
          id="reg-file"
          name={FILE_FIELD}
          type="file"
          accept={FILE_ACCEPT}
          hidden
          onChange={form.pickFile}
          data-testid="registration-file"
        />
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          {file ? `${file.name} (${Math.ceil(file.size / 1024)} KB)` : t('registration.noFile')}
        </Typography>
      </Box>
      {error && (
        <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', mt: 0.5 }}>
          {error}
          {form.fileReason && file && (
            <>
              <br />
              {t(`registration.fileIssue.${form.fileReason}`, { size: Math.ceil(file.size / 1024) })}
            </>
          )}
        </Typography>
      )}
      {progress !== null && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={t('registration.uploading', { percent: progress })}
          />
          <Typography variant="caption">{t('registration.uploading', { percent: progress })}</Typography>
        </Box>
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
    </Box>
  );
}
