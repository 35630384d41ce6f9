import { pageDocument } from '../lib/pages/document';
import { html } from '../lib/pages/html';
import { BASIC_FORM_CSS } from './basic-form-css';
import {
  BASIC_FORM_PATH,
  both,
  bothText,
  FIND_LETTER_PAGE_PATH,
  inLanguage,
  message,
  mobileField,
  PAGE_LANG_FIELD,
  textField,
  type PlainFormState,
} from './basic-form-page';
import { letterPath } from './basic-form';
import { APP_TEXTS, fill, PAGE_TEXTS, type Both } from './basic-form-texts';

export interface LetterLink {
  uniqueCode: string;
  id: number;
  year: number;
  cropName: string;
  cropNameHi: string;
}

export interface FindLetterView extends PlainFormState {
  /** Why the last search found nothing, in both languages, under its heading. */
  alert?: { title: Both; message: string };
  /** The letters of a farmer with more than one registration, to choose from. */
  letters?: readonly LetterLink[];
  /** A code was asked for the mobile: the page asks for it. */
  codeSent?: boolean;
}

/** The code's field (6 digits), shown once a code was asked for. */
const otpField = (v: FindLetterView) =>
  textField(
    v,
    { name: 'otp', label: APP_TEXTS['registration.otp'], hint: APP_TEXTS['registration.codeSent'] },
    { maxlength: 6, inputmode: 'numeric', autocomplete: 'one-time-code' },
  );

function letterChoices(v: FindLetterView) {
  if (!v.letters?.length) return undefined;
  const label = (l: LetterLink): Both => ({
    hi: fill(APP_TEXTS['registration.letterFor'].hi, { crop: l.cropNameHi || l.cropName, year: l.year, id: l.id }),
    en: fill(APP_TEXTS['registration.letterFor'].en, { crop: l.cropName, year: l.year, id: l.id }),
  });
  const items = v.letters.map((l) => html`<li><a href="${letterPath(l.uniqueCode)}">${both(label(l), v.lang)}</a></li>`);
  return html`<section class="notice" aria-labelledby="letters-title"><h2 id="letters-title">${both(PAGE_TEXTS.chooseLetter, v.lang)}</h2><ul>${items}</ul></section>`;
}

/**
 * The find-my-letter page (GET FIND_LETTER_PAGE_PATH) for phones without JavaScript: the mobile number, then the
 * code sent to it (docs/decisions/0043-farmer-one-time-codes.md), the letters found, or why none. It posts to
 * POST /svsregistration/find-letter, as the app's "Find my letter" does: without a code the post asks for one.
 */
export function renderFindLetterPage(v: FindLetterView): string {
  const title = bothText(APP_TEXTS['registration.findTitle'], v.lang);
  const alert =
    v.alert &&
    html`<div class="alert" role="alert"><h2>${both(v.alert.title, v.lang)}</h2><p>${message(v.alert.message, v.lang)}</p></div>`;
  const form = html`<form method="post" action="/svsregistration/find-letter" accept-charset="utf-8" novalidate><input type="hidden" name="${PAGE_LANG_FIELD}" value="${v.lang}">${mobileField(v)}${v.codeSent ? html`${otpField(v)}<button type="submit">${both(APP_TEXTS['registration.findSubmit'], v.lang)}</button>` : html`<button type="submit">${both(APP_TEXTS['registration.sendCode'], v.lang)}</button>`}</form>`;
  const main = html`<div class="basic"><h1>${both(APP_TEXTS['registration.findTitle'], v.lang)}</h1><p>${both(PAGE_TEXTS.findIntro, v.lang)}</p><p class="hint"><a href="${inLanguage(BASIC_FORM_PATH, v.lang)}">${both(PAGE_TEXTS.newRegistration, v.lang)}</a></p>${alert}${letterChoices(v)}${form}</div>`;
  return pageDocument({
    lang: v.lang,
    title: v.alert ? `${bothText(v.alert.title, v.lang)}: ${title}` : title,
    path: FIND_LETTER_PAGE_PATH,
    main,
    css: BASIC_FORM_CSS,
    script: false,
  });
}
