import { FILE_FIELD, type FormField } from './fields';

/** The element that takes the focus for a field: its input or select, or the file chooser's button. */
export const fieldElementId = (field: FormField) => (field === FILE_FIELD ? 'reg-file-button' : `reg-${field}`);

/** The error summary's box (its id takes the focus when a refusal names no field). */
export const SUMMARY_ID = 'registration-summary';

/** Moves the focus to an element by id and brings it to the middle of the screen; false when it is not there. */
export function focusElement(id: string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  el.focus({ preventScroll: true });
  el.scrollIntoView?.({ block: 'center' });
  return true;
}
