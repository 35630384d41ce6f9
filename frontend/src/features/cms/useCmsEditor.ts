import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorMessage } from '@web/lib/api';
import { fieldErrors } from '@web/lib/forms';
import { useFeedback } from '@web/lib/useFeedback';

interface CmsEditorOptions<F, I, R> {
  /** A blank form (id 0: Save creates). */
  empty: () => F;
  /** Checks the form as the API input; the first problem is also shown in the error alert. */
  parse: (form: F) => z.ZodSafeParseResult<I>;
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
export function useCmsEditor<F, I, R extends { title: string }>({
  empty,
  parse,
  requiredMessage,
  requiredText,
  save,
  reload,
}: CmsEditorOptions<F, I, R>) {
  const { t } = useTranslation();
  const [form, setForm] = useState<F>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { error, notice, clear, fail, succeed, closeError, closeNotice } = useFeedback();
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof F>(key: K, value: F[K]) => setForm((f) => ({ ...f, [key]: value }));

  const reset = () => {
    setForm(empty());
    setErrors({});
    clear();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = parse(form);
    if (!parsed.success) {
      const message = parsed.error.issues[0].message;
      setErrors(fieldErrors(parsed.error));
      fail(message === requiredMessage ? requiredText : message);
      return;
    }
    setErrors({});
    clear();
    setBusy(true);
    try {
      const saved = await save(parsed.data);
      setForm(empty());
      succeed(t('cms.saved', { title: saved.title }));
      await reload();
    } catch (err) {
      fail(errorMessage(err, t('common.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  const edit = (row: F) => {
    setForm(row);
    setErrors({});
    clear();
    window.scrollTo({ top: 0 });
  };

  return { form, set, errors, error, closeError, notice, closeNotice, busy, reset, submit, edit };
}
