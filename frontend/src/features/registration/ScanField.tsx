import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FILE_ACCEPT, FILE_FIELD } from './fields';
import type { RegistrationForm } from './use-registration-form';

/** The stored kinds, plus photo kinds that are converted to JPEG when chosen (./photo-fit). */
const SCAN_ACCEPT = `${FILE_ACCEPT},.webp,.heic,.heif,image/webp,image/heic,image/heif`;

/** "12.3 MB" or "387 KB" (the note and messages say the same with photo-fit's formatSize, fetched later). */
const sizeText = (bytes: number) =>
  bytes < 1048576 ? `${Math.ceil(bytes / 1024)} KB` : `${Math.round(bytes / 104857.6) / 10} MB`;

/** What follows a choice or a Submit; fetched with the form's checks (./load-validation), when first needed. */
const ScanStatus = lazy(() => import('./ScanStatus'));

/** The Aadhaar scan: label, chooser and the chosen file, then its status (./ScanStatus). */
export function ScanField({
  form,
  error,
}: {
  form: RegistrationForm;
  /** The field's message, already in the page's language. */
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const { file, busy } = form;
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
          accept={SCAN_ACCEPT}
          hidden
          onChange={form.pickFile}
          data-testid="registration-file"
        />
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          {file ? `${file.name} (${sizeText(file.size)})` : t('registration.noFile')}
        </Typography>
      </Box>
      {(error || form.shrinking !== null || form.shrunk || form.progress !== null || form.uploadFailed) && (
        <Suspense>
          <ScanStatus form={form} error={error} />
        </Suspense>
      )}
    </Box>
  );
}
