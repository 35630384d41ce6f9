import { cropLabel } from '@shared/crop-names';
import { qtyChoices, type CropRules } from '@shared/crop-rules';
import { UP_DISTRICTS } from '@shared/districts';
import { FILE_FIELD, FORM_FIELDS, type FormField } from '@shared/registration-form-fields';
import { CATEGORIES, FILE_ACCEPT, GENDERS, NAME_MAX, PLACE_MAX } from '@shared/schemas/registration';
import type { SitePageResponse } from '@shared/schemas/cms';
import { AADHAAR_INPUT_MAX, MOBILE_INPUT_MAX } from '@shared/typed-numbers';
import { MOBILE_CODE_FIELD, MOBILE_PROOF_FIELD, SEND_CODE_FIELD } from '@shared/mobile-proof';
import { pageDocument } from '../lib/pages/document';
import { html, type Html } from '../lib/pages/html';
import type { PageLanguage } from '../lib/pages/texts';
import { BASIC_FORM_CSS } from './basic-form-css';
import { APP_TEXTS, fill, PAGE_TEXTS, type Both } from './basic-form-texts';

/** The page's address (GET); its language comes from `?lang=`, as the QR pages' does. */
export const BASIC_FORM_PATH = '/svsregistration/basic';

/** The find-my-letter page for the same phones (find-letter-page.ts), linked from this one. */
export const FIND_LETTER_PAGE_PATH = '/svsregistration/find-my-letter';

/** A plain page's address in the page's language. */
export const inLanguage = (path: string, lang: PageLanguage) => (lang === 'en' ? `${path}?lang=en` : path);

/** The hidden field that marks a post as this page's (functions/registrations/basic-form.ts). */
export const BASIC_FORM_MARK = { name: 'via', value: 'basic' } as const;

/** The hidden field that keeps a plain page's language across its post (the form's address has no query). */
export const PAGE_LANG_FIELD = 'lang';

/** The fields whose value a refused post shows again: all but the file, which browsers never let a page fill in. */
export const TYPED_FIELDS: readonly FormField[] = FORM_FIELDS.filter((f) => f !== FILE_FIELD);

export interface OfferedCrop {
  id: number;
  name: string;
  nameHi: string;
  rules: CropRules | undefined;
}

/** What a plain form's fields show: the language said first, what was typed, each field's message. */
export interface PlainFormState {
  /** The language said first; the other follows every text (a farmer may read only one). */
  lang: PageLanguage;
  /**
   * The page's language alone, as the app says it (the form at /registration, which has the language switch and
   * which the app takes over), instead of both languages side by side.
   */
  oneLanguage?: boolean;
  /** What the fields' ids begin with ('reg' unless given): each form of a page has its own. */
  idPrefix?: string;
  /** What the farmer typed (a file is never given back). */
  values: Readonly<Record<string, string>>;
  /** Each field's message, in both languages. */
  errors: Readonly<Record<string, string>>;
}

export interface BasicFormView extends PlainFormState {
  /** The hidden mark its posts carry (BASIC_FORM_MARK's value unless given). */
  mark?: string;
  open: boolean;
  crops: readonly OfferedCrop[];
  /** The notice before the consent box; null when it could not be read. */
  notice: SitePageResponse | null;
  /** The refusal as a whole, in both languages. */
  alert?: string;
  idempotencyKey: string;
  /** VerifyMobileAtRegistration is on: the mobile's code field and its "Send code" button beside the mobile. */
  verifyMobile?: boolean;
  /** A code was just sent to the typed mobile (its field says so). */
  codeSent?: boolean;
  /** The proof the code gave, kept in the form while a later refusal is put right (not asked for twice). */
  mobileProof?: string;
}

const otherLanguage = (lang: PageLanguage): PageLanguage => (lang === 'hi' ? 'en' : 'hi');
const noStar = (s: string) => s.replace(/\s*\*$/, '');

/** The page's language first (without a required field's star, which the second keeps), the other in its own span (screen readers switch voice). */
export function both(t: Both, lang: PageLanguage): Html {
  const other = otherLanguage(lang);
  return html`${noStar(t[lang])} / <span lang="${other}">${t[other]}</span>`;
}

/**
 * A server message that says both languages already ("हिंदी / English"), with the page's language first and the
 * other in its own span; a message in one language as it is. The split is the first " / " before Latin letters
 * (Hindi texts such as "पिता / पति" keep their own slash).
 */
export function message(text: string, lang: PageLanguage): Html {
  const at = text.search(/ \/ (?=[A-Za-z])/);
  if (at < 0) return html`${text}`;
  const said: Both = { hi: text.slice(0, at), en: text.slice(at + 3) };
  const other = otherLanguage(lang);
  return html`${said[lang]} / <span lang="${other}">${said[other]}</span>`;
}

/** The same as plain text, for an option or the title (no markup allowed there). */
export const bothText = (t: Both, lang: PageLanguage) => `${noStar(t[lang])} / ${t[otherLanguage(lang)]}`;

/** How a form's page speaks: its language, alone or followed by the other. */
type Speech = Pick<PlainFormState, 'lang' | 'oneLanguage'>;

/** A text as the form's page says it: in its language (a required field's star kept), or in both. */
export const say = (t: Both, v: Speech): Html => (v.oneLanguage ? html`${t[v.lang]}` : both(t, v.lang));

/** The same as plain text. */
export const sayText = (t: Both, v: Speech): string => (v.oneLanguage ? t[v.lang] : bothText(t, v.lang));

/** A server message as the form's page says it: its part in the page's language alone, or both. */
export function sayMessage(text: string, v: Speech): Html {
  if (!v.oneLanguage) return message(text, v.lang);
  const at = text.search(/ \/ (?=[A-Za-z])/);
  if (at < 0) return html`${text}`;
  return html`${v.lang === 'hi' ? text.slice(0, at) : text.slice(at + 3)}`;
}

/** A name in the page's language with the other in brackets, once when both are the same. */
const named = (t: Both, lang: PageLanguage) => (t.hi && t.hi !== t.en ? `${t[lang]} (${t[otherLanguage(lang)]})` : t.en);

/** The id of a field's input, from which its message's and hint's ids are made. */
export const idOf = (v: Pick<PlainFormState, 'idPrefix'>, name: string) =>
  `${v.idPrefix ?? 'reg'}-${name === FILE_FIELD ? 'file' : name}`;

function describedBy(ids: readonly (string | false)[]): Html | undefined {
  const listed = ids.filter(Boolean);
  return listed.length ? html` aria-describedby="${listed.join(' ')}"` : undefined;
}

const invalid = (error: string | undefined) => error && html` aria-invalid="true"`;

/** The field's message, then its hint. */
function below(v: PlainFormState, name: string, error: string | undefined, hint: Html | undefined): Html {
  const id = idOf(v, name);
  return html`${error && html`<p class="err" id="${id}-error">${sayMessage(error, v)}</p>`}${hint && html`<p class="hint" id="${id}-hint">${hint}</p>`}`;
}

function aria(v: PlainFormState, name: string, error: string | undefined, hint: Html | undefined): Html {
  const id = idOf(v, name);
  return html`${invalid(error)}${describedBy([!!error && `${id}-error`, !!hint && `${id}-hint`])}`;
}

interface FieldSpec {
  name: string;
  label: Both;
  hint?: Both;
}

export function textField(
  v: PlainFormState,
  f: FieldSpec,
  attributes: { type?: 'text' | 'tel'; maxlength: number; inputmode?: string; autocomplete?: string },
): Html {
  const error = v.errors[f.name];
  const hint = f.hint && say(f.hint, v);
  const { type = 'text', maxlength, inputmode, autocomplete } = attributes;
  return html`<div class="field"><label for="${idOf(v, f.name)}">${say(f.label, v)}</label><input type="${type}" id="${idOf(v, f.name)}" name="${f.name}" value="${v.values[f.name] ?? ''}" maxlength="${maxlength}"${inputmode && html` inputmode="${inputmode}"`}${autocomplete && html` autocomplete="${autocomplete}"`}${aria(v, f.name, error, hint)}>${below(v, f.name, error, hint)}</div>`;
}

interface Option {
  value: string;
  label: string;
}

function select(v: BasicFormView, f: FieldSpec, options: readonly Option[], hint: Html | undefined): Html {
  const error = v.errors[f.name];
  const chosen = v.values[f.name] ?? '';
  const opts = [{ value: '', label: sayText(APP_TEXTS['registration.choose'], v) }, ...options].map(
    (o) => html`<option value="${o.value}"${o.value && o.value === chosen && html` selected`}>${o.label}</option>`,
  );
  return html`<div class="field"><label for="${idOf(v, f.name)}">${say(f.label, v)}</label><select id="${idOf(v, f.name)}" name="${f.name}"${aria(v, f.name, error, hint)}>${opts}</select>${below(v, f.name, error, hint)}</div>`;
}

const selectField = (v: BasicFormView, f: FieldSpec, options: readonly Option[]) =>
  select(v, f, options, f.hint && say(f.hint, v));

const UNIT = { kg: { hi: 'किलो', en: 'kg' } } as const;

/** The quantity: one list for every crop (a page without script cannot change it with the crop), the range of each crop said under it. */
function quantityField(v: BasicFormView): Html | undefined {
  const ruled = v.crops.filter((c) => qtyChoices(c.rules).length > 0);
  if (!ruled.length) return undefined;
  const most = Math.max(...ruled.flatMap((c) => qtyChoices(c.rules)));
  const options = Array.from({ length: most }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
  const ranges = ruled.map((c) => {
    const q = qtyChoices(c.rules);
    // A bag's kg beside the bags, as the app's choices say it ('2 बैग (80 किलो)').
    const size = c.rules?.unit === 'bag' ? c.rules.bagSizeKg : 0;
    const unit = size ? { hi: `बैग (एक बैग ${size} किलो)`, en: `bags (${size} kg a bag)` } : UNIT.kg;
    const range = (lang: PageLanguage) =>
      fill(PAGE_TEXTS.quantityRange[lang], { min: q[0], max: q[q.length - 1], unit: unit[lang] });
    return html`<br>${say({ hi: `${c.nameHi || c.name}: ${range('hi')}`, en: `${c.name}: ${range('en')}` }, v)}`;
  });
  const hint = html`${say(PAGE_TEXTS.quantityHint, v)}${ranges}`;
  return select(v, { name: 'bagsRequested', label: PAGE_TEXTS.quantity }, options, hint);
}

function fileField(v: BasicFormView): Html {
  const error = v.errors[FILE_FIELD];
  const id = idOf(v, FILE_FIELD);
  return html`<div class="field"><label for="${id}">${say(PAGE_TEXTS.file, v)}</label><input type="file" id="${id}" name="${FILE_FIELD}" accept="${FILE_ACCEPT}"${aria(v, FILE_FIELD, error, undefined)}>${below(v, FILE_FIELD, error, undefined)}${v.alert && html`<p class="hint">${say(PAGE_TEXTS.fileAgain, v)}</p>`}</div>`;
}

const paragraphs = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

function noticeBlock(v: BasicFormView): Html {
  const n = v.notice;
  if (!n) return html`<p><a href="/privacy">${say(APP_TEXTS['sitePages.noticeFailed'], v)}</a></p>`;
  const other = otherLanguage(v.lang);
  const texts = { hi: paragraphs(n.bodyHi || n.body), en: paragraphs(n.body) };
  const [first, ...rest] = texts[v.lang];
  const [otherFirst, ...otherRest] = v.oneLanguage ? [] : texts[other];
  const p = (s: string | undefined, lang?: PageLanguage) => s && html`<p${lang && html` lang="${lang}"`}>${s}</p>`;
  const more = [...rest.map((s) => p(s)), ...otherRest.map((s) => p(s, other))];
  // The officer's name and contact are settings, often written in both languages already: said once.
  const officerLabel = (lang: PageLanguage) => APP_TEXTS['sitePages.grievanceOfficer'][lang].split(':')[0];
  const officer = say({ hi: officerLabel('hi'), en: officerLabel('en') }, v);
  return html`<section class="notice" aria-labelledby="notice-title"><h2 id="notice-title">${say({ hi: n.titleHi || n.title, en: n.title }, v)}</h2>${p(first)}${p(otherFirst, other)}${more.length > 0 && html`<details><summary>${say(APP_TEXTS['sitePages.noticeReadMore'], v)}</summary>${more}</details>`}<p>${officer}: ${`${n.grievanceOfficerName}, ${n.grievanceOfficerContact}`}</p></section>`;
}

/** The consent box, after the notice it agrees to. */
function consentField(v: BasicFormView): Html {
  const error = v.errors.consent;
  const id = idOf(v, 'consent');
  return html`${noticeBlock(v)}<div class="field"><div class="consent"><input type="checkbox" id="${id}" name="consent" value="on"${v.values.consent === 'on' && html` checked`}${aria(v, 'consent', error, undefined)}><label for="${id}">${say(APP_TEXTS['sitePages.consentLabel'], v)}</label></div>${below(v, 'consent', error, undefined)}</div>`;
}

/** The Aadhaar number and the mobile number, as this page and the find-my-letter page show them. */
export const aadhaarField = (v: PlainFormState) =>
  textField(
    v,
    { name: 'adharNumber', label: APP_TEXTS['registration.adharNumber'], hint: APP_TEXTS['registration.hints.adharNumber'] },
    { maxlength: AADHAAR_INPUT_MAX, inputmode: 'numeric', autocomplete: 'off' },
  );
export const mobileField = (v: PlainFormState) =>
  textField(
    v,
    { name: 'mobile', label: APP_TEXTS['registration.mobile'], hint: APP_TEXTS['registration.hints.mobile'] },
    { type: 'tel', maxlength: MOBILE_INPUT_MAX, inputmode: 'tel', autocomplete: 'tel-national' },
  );

/**
 * The mobile's code (VerifyMobileAtRegistration, docs/product-rules.md#verifying-the-mobile-at-registration): a
 * "Send code" button posting the same form (the server answers with the form again, what was typed kept, and
 * says the code was sent), and the code's field; once a code was accepted, its proof in a hidden field instead.
 */
function mobileCodeBlock(v: BasicFormView): Html {
  if (v.mobileProof)
    return html`<input type="hidden" name="${MOBILE_PROOF_FIELD}" value="${v.mobileProof}"><p class="hint" role="status" id="${idOf(v, MOBILE_CODE_FIELD)}-done">${say(PAGE_TEXTS.mobileConfirmed, v)}</p>`;
  const id = idOf(v, MOBILE_CODE_FIELD);
  const hint = say(v.codeSent ? APP_TEXTS['registration.codeSentAny'] : PAGE_TEXTS.verifyPlainHint, v);
  return html`<div class="field code"><button type="submit" class="second" name="${SEND_CODE_FIELD}" value="1" formnovalidate>${say(PAGE_TEXTS.sendCodePlain, v)}</button><label for="${id}">${say(APP_TEXTS['registration.otp'], v)}</label><input type="text" id="${id}" name="${MOBILE_CODE_FIELD}" value="" maxlength="6" inputmode="numeric" autocomplete="one-time-code" aria-describedby="${id}-hint"><p class="hint" id="${id}-hint"${v.codeSent && html` role="status"`}>${hint}</p></div>`;
}

/** Each field as the page shows it. */
const FIELDS: Record<FormField, (v: BasicFormView) => Html | undefined> = {
  Name: (v) =>
    textField(
      v,
      { name: 'Name', label: APP_TEXTS['registration.name'], hint: APP_TEXTS['registration.hints.name'] },
      { maxlength: NAME_MAX, autocomplete: 'name' },
    ),
  fatherName: (v) =>
    textField(
      v,
      { name: 'fatherName', label: APP_TEXTS['registration.fatherName'], hint: APP_TEXTS['registration.hints.fatherName'] },
      { maxlength: NAME_MAX },
    ),
  adharNumber: aadhaarField,
  mobile: (v) => html`${mobileField(v)}${v.verifyMobile && mobileCodeBlock(v)}`,
  category: (v) =>
    selectField(
      v,
      { name: 'category', label: APP_TEXTS['registration.category'] },
      CATEGORIES.map((c) => ({ value: c, label: sayText(PAGE_TEXTS.categories[c], v) })),
    ),
  gender: (v) =>
    selectField(v, { name: 'gender', label: APP_TEXTS['registration.gender'] }, [
      { value: GENDERS[0], label: sayText(PAGE_TEXTS.male, v) },
      { value: GENDERS[1], label: sayText(PAGE_TEXTS.female, v) },
    ]),
  village: (v) => textField(v, { name: 'village', label: APP_TEXTS['registration.village'] }, { maxlength: PLACE_MAX }),
  block: (v) => textField(v, { name: 'block', label: APP_TEXTS['registration.block'] }, { maxlength: PLACE_MAX }),
  subDistrict: (v) =>
    textField(v, { name: 'subDistrict', label: APP_TEXTS['registration.subDistrict'] }, { maxlength: PLACE_MAX }),
  district: (v) =>
    selectField(
      v,
      { name: 'district', label: APP_TEXTS['registration.district'], hint: APP_TEXTS['registration.hints.district'] },
      UP_DISTRICTS.map((d) => ({ value: d.en, label: named(d, v.lang) })),
    ),
  cropId: (v) =>
    selectField(
      v,
      {
        name: 'cropId',
        label: APP_TEXTS['registration.crop'],
        hint: v.crops.length ? APP_TEXTS['registration.hints.crop'] : APP_TEXTS['registration.cropsEmpty'],
      },
      v.crops.map((c) => ({
        value: String(c.id),
        // One language: the crop's name as the app's list says it (its Hindi name on a Hindi page, when it has one).
        label: v.oneLanguage
          ? cropLabel({ cropName: c.name, cropNameHi: c.nameHi }, v.lang)
          : named({ hi: c.nameHi, en: c.name }, v.lang),
      })),
    ),
  bagsRequested: quantityField,
  [FILE_FIELD]: fileField,
  consent: consentField,
};

/** The refusal as a whole, with a link to each field it names (in the form's order). */
export function alertBlock(v: BasicFormView): Html | undefined {
  if (!v.alert) return undefined;
  const listed = FORM_FIELDS.filter((f) => v.errors[f]).map(
    (f) => html`<li><a href="#${idOf(v, f)}">${sayMessage(v.errors[f], v)}</a></li>`,
  );
  return html`<div class="alert" role="alert" id="${v.idPrefix ?? 'reg'}-alert"><h2>${say(PAGE_TEXTS.errorsTitle, v)}</h2><p>${sayMessage(v.alert, v)}</p>${listed.length > 0 && html`<ul>${listed}</ul>`}</div>`;
}

/**
 * The form: every field of FORM_FIELDS, what was typed, and the hidden mark, key and language its post carries.
 * With the mobile's code, an unseen Submit comes first: Enter in a field submits the form, not "Send code".
 */
export function registrationForm(v: BasicFormView, id?: string): Html {
  return html`<form${id && html` id="${id}"`} method="post" action="/svsregistration" enctype="multipart/form-data" accept-charset="utf-8" novalidate><input type="hidden" name="${BASIC_FORM_MARK.name}" value="${v.mark ?? BASIC_FORM_MARK.value}"><input type="hidden" name="idempotencyKey" value="${v.idempotencyKey}"><input type="hidden" name="${PAGE_LANG_FIELD}" value="${v.lang}">${v.verifyMobile && !v.mobileProof && html`<button type="submit" class="enter" tabindex="-1" aria-hidden="true">${say(APP_TEXTS['registration.submit'], v)}</button>`}${FORM_FIELDS.map((f) => FIELDS[f](v))}<button type="submit">${say(APP_TEXTS['registration.submit'], v)}</button></form>`;
}

/** The page: the form (with what was typed and each refusal beside its field), or the closed notice. */
export function renderBasicForm(v: BasicFormView): string {
  const title = bothText(APP_TEXTS['registration.title'], v.lang);
  const heading = html`<h1>${both(APP_TEXTS['registration.title'], v.lang)}</h1>`;
  const findLink = html`<p class="hint"><a href="${inLanguage(FIND_LETTER_PAGE_PATH, v.lang)}">${both(APP_TEXTS['registration.findTitle'], v.lang)}</a></p>`;
  const content = v.open
    ? html`${heading}<p>${both(APP_TEXTS['registration.intro'], v.lang)}</p><p class="hint">${both(PAGE_TEXTS.basicNote, v.lang)} <a href="/registration">${both(PAGE_TEXTS.fullForm, v.lang)}</a></p>${findLink}${alertBlock(v)}${registrationForm(v)}`
    : html`${heading}<div class="alert" role="alert"><h2>${both(PAGE_TEXTS.closedTitle, v.lang)}</h2><p>${both(APP_TEXTS['registration.closedBody'], v.lang)}</p></div>${findLink}`;
  return pageDocument({
    lang: v.lang,
    title: v.open && v.alert ? `${bothText(PAGE_TEXTS.errorsTitle, v.lang)}: ${title}` : title,
    path: BASIC_FORM_PATH,
    main: html`<div class="basic">${content}</div>`,
    css: BASIC_FORM_CSS,
    script: false,
  });
}
