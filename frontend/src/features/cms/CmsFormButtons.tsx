import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** A CMS form's Save (Update while editing) button, with Cancel while editing; spans the form's grid. */
export function CmsFormButtons({ busy, editing, onCancel }: { busy: boolean; editing: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1 }}>
      <Button type="submit" variant="contained" disabled={busy}>
        {editing ? t('cms.update') : t('common.save')}
      </Button>
      {editing && (
        <Button type="button" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
      )}
    </Box>
  );
}
