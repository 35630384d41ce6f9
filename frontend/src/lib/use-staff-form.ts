import { useCallback, useRef, useState, type FormEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { get, useForm, type FieldErrors, type FieldValues, type Path, type PathValue, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError, errorMessage } from './api';
import { messagesOf } from './field-messages';
import { useFeedback } from './use-feedback';

/** How a failed save's field messages from the server (ApiError.fields) are shown on the form. */
type ServerFields = 'all' | 'first' | 'none';

export interface StaffFormOptions<F extends FieldValues, I, R> {
  /** The API's request schema (shared/schemas); the form's values are checked as `toInput` makes them. */
  schema: z.ZodType<I>;
  /** The blank form: shown first and again after a save. */
  empty: () => F;
  /** The form's values (text as typed) as the request the schema checks; the values themselves by default. */
  toInput?: (form: F) => unknown;
  save: (input: I) => Promise<R>;
  /** The success message of a save. */
  savedMessage: (saved: R, input: I) => string;
  /** What the form shows after a save (the blank form by default). */
  afterSave?: (saved: R) => F;
  /** After a save, once the form shows `afterSave` and the message: e.g. leaving edit mode and reloading the list. */
  onSaved?: (saved: R) => Promise<void> | void;
  /** After a failed save, once the failure is shown. */
  onSaveFailed?: () => Promise<void> | void;
  /** The error alert when the form does not pass the schema (the messages stand on the fields; no alert by default). */
  invalidMessage?: (firstIssue: string) => string;
  /** Which field messages of a refused save are put on the fields: all (default), the first only, or none. */
  serverFields?: ServerFields;
  /** Only the first field message is shown (the form shows one problem at a time). */
  firstErrorOnly?: boolean;
  /** A submit is ignored while this is false (e.g. a required key still blank). */
  canSubmit?: (form: F) => boolean;
  /** The messages of a screen with more than one form (one useFeedback for all); the form's own by default. */
  feedback?: Feedback;
}

type Feedback = ReturnType<typeof useFeedback>;

/**
 * A staff screen's form: react-hook-form holding the values, the zod resolver checking them against the API's
 * request schema on submit, and the save with its busy state and the latest action's error or success
 * message (useFeedback; FeedbackAlerts shows them). Field messages stay until the next submit or reset.
 */
export function useStaffForm<F extends FieldValues, I, R>(options: StaffFormOptions<F, I, R>) {
  const { t } = useTranslation();
  const ownFeedback = useFeedback();
  const feedback = options.feedback ?? ownFeedback;
  const [busy, setBusy] = useState(false);
  const saving = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  // The schema and the mapping of the latest render (a screen may check a new record and an edit differently).
  const [resolver] = useState(() => {
    const resolve: Resolver<F, unknown, I> = (values, context, opts) => {
      const { schema, toInput } = latest.current;
      const check = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, I>;
      return check((toInput ? toInput(values) : values) as FieldValues, context, opts as never) as never;
    };
    return resolve;
  });
  const form = useForm<F, unknown, I>({
    defaultValues: options.empty() as never,
    resolver,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { setError, reset: resetForm, clearErrors, setValue, handleSubmit, formState } = form;
  const values = form.watch() as F;

  const shown = messagesOf(formState.errors);
  const visible = options.firstErrorOnly ? shown.slice(0, 1) : shown;
  /** The message on a field ('name', 'rules.minQty', 'ShiftLabels.0'), if any. */
  const errorOf = (name: string): string | undefined => visible.find(([k]) => k === name)?.[1];

  /** Sets one value, as typed. */
  const set = useCallback(
    <K extends Path<F>>(name: K, value: PathValue<F, K>) => setValue(name, value, { shouldDirty: true }),
    [setValue],
  );
  /** The props of a text field bound to `name`: its value, its change handler and its message. */
  const field = (name: Path<F>) => {
    const message = errorOf(name);
    return {
      value: get(values, name) as string,
      onChange: (e: { target: { value: string } }) => set(name, e.target.value as PathValue<F, Path<F>>),
      error: !!message,
      helperText: message,
    };
  };

  /** Shows `next` (blank by default) with no field messages. */
  const reset = useCallback((next?: F) => resetForm((next ?? latest.current.empty()) as never), [resetForm]);

  const onValid = async (input: I) => {
    const o = latest.current;
    feedback.clear();
    saving.current = true;
    setBusy(true);
    try {
      const saved = await o.save(input);
      resetForm((o.afterSave ? o.afterSave(saved) : o.empty()) as never);
      feedback.succeed(o.savedMessage(saved, input));
      await o.onSaved?.(saved);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : undefined;
      const mode = o.serverFields ?? 'all';
      if (fields && mode !== 'none') {
        const entries = Object.entries(fields);
        for (const [k, message] of mode === 'first' ? entries.slice(0, 1) : entries)
          setError(k as Path<F>, { type: 'server', message });
      }
      feedback.fail(errorMessage(err, t('common.saveFailed')));
      await o.onSaveFailed?.();
    } finally {
      saving.current = false;
      setBusy(false);
    }
  };

  const onInvalid = (errors: FieldErrors<F>) => {
    const o = latest.current;
    const first = messagesOf(errors)[0]?.[1] ?? '';
    if (o.invalidMessage) feedback.fail(o.invalidMessage(first));
    else feedback.clear();
  };

  /** Checks, then saves (ignored while a save runs). */
  const save = () => {
    if (saving.current || (options.canSubmit && !options.canSubmit(values))) return;
    void handleSubmit(onValid, onInvalid)();
  };
  /** The form's onSubmit. */
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save();
  };

  return { form, values, set, field, errorOf, messages: visible, submit, save, busy, reset, clearErrors, feedback };
}
