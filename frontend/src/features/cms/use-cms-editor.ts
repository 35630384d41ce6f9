import type { FieldValues, Path, PathValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useStaffForm } from '@web/lib/use-staff-form';

interface CmsEditorOptions<F, I, R> {
  /** A blank form (id 0: Save creates). */
  empty: () => F;
  /** The record's id in the form (0 for a new one). */
  idOf: (form: F) => number;
  /** The API's request schema; the first problem is also shown in the error alert. */
  schema: z.ZodType<I>;
  /** The form as the request the schema checks (the form itself by default). */
  toInput?: (form: F) => unknown;
  /** The schema's message for a missing required field, shown as `requiredText` instead. */
  requiredMessage: string;
  requiredText: string;
  save: (input: I) => Promise<R>;
  /** Reloads the table after a save. */
  reload: () => Promise<void>;
}

/**
 * The form of a CMS screen (announcements, content blocks): one record at a time, created when its id is 0
 * and updated otherwise; Edit loads a row into it, Cancel empties it, a save empties it and says so.
 */
export function useCmsEditor<F extends FieldValues & { isActive: boolean }, I, R extends { title: string }>({
  empty,
  idOf,
  schema,
  toInput,
  requiredMessage,
  requiredText,
  save,
  reload,
}: CmsEditorOptions<F, I, R>) {
  const { t } = useTranslation();
  const staffForm = useStaffForm({
    schema,
    empty,
    toInput,
    save,
    savedMessage: (saved) => t('cms.saved', { title: saved.title }),
    onSaved: reload,
    invalidMessage: (first) => (first === requiredMessage ? requiredText : first),
    serverFields: 'none',
  });
  const { values: form, field, errorOf, submit, busy, feedback } = staffForm;
  const { error, closeError, notice, closeNotice } = feedback;

  const setActive = (active: boolean) => staffForm.set('isActive' as Path<F>, active as PathValue<F, Path<F>>);

  const reset = () => {
    staffForm.reset();
    feedback.clear();
  };

  const edit = (row: F) => {
    staffForm.reset(row);
    feedback.clear();
    window.scrollTo({ top: 0 });
  };

  return {
    form,
    editing: idOf(form) !== 0,
    setActive,
    field,
    errorOf,
    error,
    closeError,
    notice,
    closeNotice,
    busy,
    reset,
    submit,
    edit,
  };
}
