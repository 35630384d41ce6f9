import { FIND_FORM_ID, FORM_PAGE_DATA_ID, FORM_PAGE_FORM_ID, type FormPageData } from '@shared/form-page';
import { pageDocument } from '../lib/pages/document';
import { Html, html } from '../lib/pages/html';
import { translator } from '../lib/pages/texts';
import { BASIC_FORM_CSS } from './basic-form-css';
import { alertBlock, mobileField, PAGE_LANG_FIELD, registrationForm, say, sayText, type BasicFormView } from './basic-form-page';
import { APP_TEXTS, PAGE_TEXTS } from './basic-form-texts';

/**
 * The first view of `/registration` (docs/decisions/0042-registration-form-in-its-html.md): the registration form
 * itself, in the page's language alone as the app's form is, with the crops, the districts, the notice and its
 * consent box, posting multipart to POST /svsregistration; then Find my letter, posting to POST
 * /svsregistration/find-letter. Both work without JavaScript. With it, the pages' script loads the app, which takes
 * both forms over with what was typed and chosen, reading the crops, the notice and the form switch from the
 * page's data (FORM_PAGE_DATA_ID) instead of asking for them again.
 */
export const REGISTRATION_PAGE_PATH = '/registration';

/** The mark of this page's posts: a refusal shows this page again (without the app), a success goes to the letter. */
export const REGISTRATION_PAGE_MARK = 'registration';

export interface RegistrationPageView extends BasicFormView {
  /** The app is loaded into the page and takes it over (the page as opened; a refused post's page has no app). */
  app: boolean;
  /** The data the app reads instead of asking for it (only with `app`). */
  data?: FormPageData;
}

/** This page's own rules, after the plain form's: Find my letter under the form, as in the app. */
const REGISTRATION_PAGE_CSS = `${BASIC_FORM_CSS}.sp .basic .find{border:1px solid #ccc;border-radius:4px;background:#fff;padding:12px;margin-top:32px;scroll-margin-top:16px}.sp .basic .find h2{font-size:1.05rem;margin:0 0 8px}.sp .basic .intro{color:#555;font-size:.875rem}`;

/** JSON inside a script element of type application/json: no `<` that could close it (JSON.parse reads \u003c back). */
const jsonData = (data: FormPageData) =>
  new Html(`<script type="application/json" id="${FORM_PAGE_DATA_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`);

/**
 * Find my letter: the registered mobile, posted as a plain form to the app's own route, which sends a code to it and
 * answers with the page that asks for the code (find-letter-plain.ts; docs/decisions/0043-farmer-one-time-codes.md).
 */
function findSection(v: RegistrationPageView): Html {
  const find = { lang: v.lang, oneLanguage: true, idPrefix: 'find', values: {}, errors: {} };
  return html`<section class="find" id="${FIND_FORM_ID}" aria-labelledby="find-title"><h2 id="find-title">${say(APP_TEXTS['registration.findTitle'], v)}</h2><form method="post" action="/svsregistration/find-letter" accept-charset="utf-8" novalidate><input type="hidden" name="${PAGE_LANG_FIELD}" value="${v.lang}">${mobileField(find)}<button type="submit">${say(APP_TEXTS['registration.sendCode'], v)}</button></form></section>`;
}

export function renderRegistrationPage(v: RegistrationPageView): string {
  const t = translator(v.lang);
  const heading = html`<h1>${say(APP_TEXTS['registration.title'], v)}</h1>`;
  const content = v.open
    ? html`${heading}<p class="intro">${say(APP_TEXTS['registration.intro'], v)}</p>${alertBlock(v)}${registrationForm(v, FORM_PAGE_FORM_ID)}`
    : html`${heading}<div class="alert" role="status"><h2>${say(PAGE_TEXTS.closedTitle, v)}</h2><p>${say(APP_TEXTS['registration.closedBody'], v)}</p></div>`;
  const title = `${sayText(APP_TEXTS['registration.title'], v)} · ${t('app.name')}`;
  return pageDocument({
    lang: v.lang,
    title: v.open && v.alert ? `${sayText(PAGE_TEXTS.errorsTitle, v)}: ${title}` : title,
    path: REGISTRATION_PAGE_PATH,
    main: html`<div class="basic">${content}${findSection(v)}</div>`,
    // Out of the root: still there once the app has drawn itself in it (its top bar reads the switch from it).
    after: v.app && v.data ? jsonData(v.data) : undefined,
    css: REGISTRATION_PAGE_CSS,
    script: v.app,
    app: v.app ? 'now' : undefined,
  });
}
