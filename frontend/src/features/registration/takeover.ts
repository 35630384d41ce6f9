import { useLayoutEffect, useRef, useState } from 'react';
import { FIND_FORM_ID, FORM_PAGE_DATA_ID, FORM_PAGE_FORM_ID, type FormPageData } from '@shared/form-page';

/**
 * The first view of /registration is the working form, drawn by the registrations function
 * (functions/registrations/registration-page.ts, docs/decisions/0042-registration-form-in-its-html.md). The app
 * takes it over: its data (the switch, the crops, the notice, the idempotency key) instead of asking for them
 * again, and what the farmer typed and chose in its two forms before the app started, with the field that had the
 * focus (its caret, and its place on the screen). This module is loaded with the form's code, before the app
 * renders: it finds the page's forms then, and keeps them after the app's first render has put its own in their
 * place (a form out of the document keeps its fields' values, its chosen file and its caret).
 */
export type ServerForm = 'registration' | 'find';

const doc = typeof document == 'object' ? document : undefined;

function readData(): FormPageData | undefined {
  const text = doc?.getElementById(FORM_PAGE_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as FormPageData;
  } catch {
    return undefined;
  }
}

const data = readData();
const forms: Record<ServerForm, HTMLFormElement | null> = {
  registration: doc?.getElementById(FORM_PAGE_FORM_ID) as HTMLFormElement | null,
  find: doc?.querySelector<HTMLFormElement>(`#${FIND_FORM_ID} form`) ?? null,
};
/** Set once the app's form has taken the page over: a later visit of /registration inside the app starts afresh. */
let served = false;
/** A field of the page had the focus when the app took it over (the app's same field has it now). */
let focusKept = false;
export const pageFocusKept = () => focusKept;

/** The page's data, for the app's first form on the page (undefined once it has taken the page over, or without it). */
export const formPageData = (): FormPageData | undefined => (served ? undefined : data);

/** The field of the page's forms that has the focus, and where it was last seen on the screen. */
let focused: { field: HTMLInputElement | HTMLSelectElement; top: number } | undefined;

function serverField(el: EventTarget | Element | null): HTMLInputElement | HTMLSelectElement | undefined {
  if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement) || !el.name || !el.form) return undefined;
  return el.form === forms.registration || el.form === forms.find ? el : undefined;
}

function see(el: EventTarget | Element | null) {
  const field = serverField(el);
  if (field) focused = { field, top: field.getBoundingClientRect().top };
}

/** Where the focused field is now: the screen scrolls, the keyboard opens, the page's fonts arrive. */
const again = () => focused?.field.isConnected && see(focused.field);

if (forms.registration || forms.find) {
  see(doc!.activeElement);
  doc!.addEventListener('focusin', (e) => see(e.target));
  doc!.addEventListener('focusout', (e) => {
    const left = e.target;
    // Cleared only when the farmer left the field: a field the app's render took away keeps its place here.
    setTimeout(() => {
      if (focused?.field === left && (left as Element).isConnected && doc!.activeElement !== left) focused = undefined;
    });
  });
  window.addEventListener('scroll', again, { passive: true, capture: true });
  window.addEventListener('resize', again, { passive: true });
  doc!.addEventListener('input', again, { passive: true });
}

/** The field that had the focus: its name, its caret, and its distance from the top of the screen. */
export interface TakenFocus {
  name: string;
  start: number | null;
  end: number | null;
  top: number;
}

export interface TakenForm {
  /** What the form held (a file input with nothing chosen gives an empty file). */
  values: FormData;
  focus?: TakenFocus;
}

/** The selection of a text field (null for fields without one: a select, a checkbox, a file). */
function caret(field: HTMLInputElement | HTMLSelectElement): Pick<TakenFocus, 'start' | 'end'> {
  try {
    return field instanceof HTMLInputElement
      ? { start: field.selectionStart, end: field.selectionEnd }
      : { start: null, end: null };
  } catch {
    return { start: null, end: null };
  }
}

/**
 * What the farmer left in the page's form, once (undefined when the page had none, or it was taken): called in a
 * layout effect of the app's form, which runs in the same task as the render that replaced the page's, so that
 * nothing typed in between is lost.
 */
export function takeOver(name: ServerForm): TakenForm | undefined {
  // The app's form has opened on the page (or on another: a later one has no page to take over).
  if (name === 'registration') served = true;
  const form = forms[name];
  if (!form) return undefined;
  forms[name] = null;
  const f = focused?.field.form === form ? focused : undefined;
  if (f) focusKept = true;
  return {
    values: new FormData(form),
    focus: f && { name: f.field.name, top: f.top, ...caret(f.field) },
  };
}

/** Gives the focus to the app's field that stands for the page's, with the same caret, where the farmer saw it. */
export function restoreFocus(focus: TakenFocus, id: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  el.focus({ preventScroll: true });
  if (el instanceof HTMLInputElement && focus.start !== null) {
    try {
      el.setSelectionRange(focus.start, focus.end ?? focus.start);
    } catch {
      // a field without a caret
    }
  }
  window.scrollBy(0, el.getBoundingClientRect().top - focus.top);
}

/**
 * An app form's side of the takeover: on its first render, `adopt` gets what the farmer left in the page's form
 * `form`, and the field `idOf(name)` of the app's form gets the focus the page's field had.
 */
export function useTakeOver(form: ServerForm, adopt: (values: FormData) => void, idOf: (name: string) => string): void {
  const [focus, setFocus] = useState<TakenFocus | undefined>();
  const latest = useRef({ adopt, idOf });
  useLayoutEffect(() => {
    latest.current = { adopt, idOf };
  });
  useLayoutEffect(() => {
    const taken = takeOver(form);
    if (!taken) return;
    latest.current.adopt(taken.values);
    setFocus(taken.focus);
  }, [form]);
  // After the render that shows the values: the caret is set in the text as it now is.
  useLayoutEffect(() => {
    if (focus) restoreFocus(focus, latest.current.idOf(focus.name));
  }, [focus]);
}
