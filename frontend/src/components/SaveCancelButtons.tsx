import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

interface SaveCancelButtonsProps {
  busy: boolean;
  editing: boolean;
  onCancel: () => void;
}

/** A catalogue form's Save / Update ("Saving…" while busy) button, with Cancel while a row is being edited. */
export function SaveCancelButtons({ busy, editing, onCancel }: SaveCancelButtonsProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? t('catalogue.saving') : editing ? t('catalogue.update') : t('catalogue.save')}
      </Button>
      {editing && (
        <Button onClick={onCancel} disabled={busy}>
          {t('catalogue.cancel')}
        </Button>
      )}
    </Box>
  );
}
