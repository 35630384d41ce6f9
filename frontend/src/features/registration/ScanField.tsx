import { lazy, Suspense, useEffect, useState } from 'react';
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

/**
 * A small picture of the chosen photo (the smaller one once made), so that the farmer sees it is the card and
 * that it is readable; nothing for a PDF, or for a photo this browser cannot draw (HEIC on most phones, until it
 * has been redrawn as a JPEG). Decorative: the file's name and size say the same to a screen reader.
 */
function Thumbnail({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.type.startsWith('image/')) return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [file]);
  if (!url) return null;
  return (
    <Box
      component="img"
      src={url}
      alt=""
      onError={() => setUrl(null)}
      data-testid="registration-file-thumb"
      sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', flex: 'none' }}
    />
  );
}

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
        {file && <Thumbnail file={file} />}
        <Typography variant="body2" sx={{ wordBreak: 'break-all', flex: '1 1 8rem' }}>
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
