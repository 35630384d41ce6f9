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

/**
 * Gives the focus to what the next page says first, once it is drawn (the letter's 'registered' box after a
 * registration): the control that had it (Submit) is gone, and the focus would fall back to the page's body,
 * where a screen reader says nothing. Watches the page for at most `withinMs`.
 */
export function focusOnArrival(selector: string, withinMs = 15_000): void {
  const found = () => {
    const el = document.querySelector<HTMLElement>(selector);
    if (!el) return false;
    if (!el.hasAttribute('tabindex')) el.tabIndex = -1;
    el.focus({ preventScroll: true });
    return true;
  };
  if (found()) return;
  const watch = new MutationObserver(() => found() && watch.disconnect());
  watch.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => watch.disconnect(), withinMs);
}
