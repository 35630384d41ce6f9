import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useTranslation } from 'react-i18next';
import { FeedbackAlerts, LoadErrorAlert } from '@web/components/FeedbackAlerts';
import { FormPaper } from '@web/components/StaffPage';
import { StaffTable, type StaffTableProps } from '@web/components/StaffTable';

/** A CMS form's Save (Update while editing) button, with Cancel while editing; spans the form's grid. */
function CmsFormButtons({ busy, editing, onCancel }: { busy: boolean; editing: boolean; onCancel: () => void }) {
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

/** What the form box and the list section need of useCmsEditor. */
export interface CmsEditorState {
  form: { isActive: boolean };
  editing: boolean;
  setActive: (active: boolean) => void;
  submit: (e: FormEvent) => void;
  busy: boolean;
  reset: () => void;
  error: string;
  closeError: () => void;
  notice: string;
  closeNotice: () => void;
}

interface CmsEditorFormProps {
  /** "New …" or "Editing … #id": the box's heading and the form's name. */
  heading: string;
  /** The grid's columns from the small breakpoint up (one column on a phone). */
  columns: string;
  editor: CmsEditorState;
  /** The record's own fields, before Active and the buttons. */
  children: ReactNode;
}

/** A CMS record's form in its box: its fields, Active, then Save / Update and Cancel. */
export function CmsEditorForm({ heading, columns, editor, children }: CmsEditorFormProps) {
  const { t } = useTranslation();
  const { form, editing, setActive, submit, busy, reset } = editor;
  return (
    <FormPaper title={heading}>
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        aria-label={heading}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: columns } }}
      >
        {children}
        <FormControlLabel
          control={<Checkbox name="isActive" checked={form.isActive} onChange={(e) => setActive(e.target.checked)} />}
          label={t('cms.active')}
        />
        <CmsFormButtons busy={busy} editing={editing} onCancel={reset} />
      </Box>
    </FormPaper>
  );
}

type CmsTableProps<T> = StaffTableProps<T> & { editor: CmsEditorState; loadError: string };

/** Under a CMS form: the outcome of the latest save, why the list could not load, and the list. */
export function CmsTable<T>({ editor, loadError, ...table }: CmsTableProps<T>) {
  const { error, closeError, notice, closeNotice } = editor;
  return (
    <>
      <FeedbackAlerts error={error} onCloseError={closeError} notice={notice} onCloseNotice={closeNotice} />
      <LoadErrorAlert message={loadError} />
      <StaffTable {...table} />
    </>
  );
}
