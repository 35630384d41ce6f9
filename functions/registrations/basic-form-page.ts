import { qtyChoices, type CropRules } from '@shared/crop-rules';
import { UP_DISTRICTS } from '@shared/districts';
import { CATEGORIES, FILE_ACCEPT, FILE_FIELD, GENDERS, NAME_MAX, PLACE_MAX } from '@shared/schemas/registration';
import type { SitePageResponse } from '@shared/schemas/cms';
import { AADHAAR_INPUT_MAX, MOBILE_INPUT_MAX } from '@shared/typed-numbers';
import { APP_TEXTS, fill, PAGE_TEXTS, type Both } from './basic-form-texts';

/** The hidden field that marks a post as this page's (functions/registrations/basic-form.ts). */
export const BASIC_FORM_MARK = { name: 'via', value: 'basic' } as const;

export interface OfferedCrop {
  id: number;
  name: string;
  nameHi: string;
  rules: CropRules | undefined;
}

export interface BasicFormView {
  open: boolean;
  crops: readonly OfferedCrop[];
  /** The notice before the consent box; null when it could not be read. */
  notice: SitePageResponse | null;
  /** What the farmer typed (the file is never given back). */
  values: Readonly<Record<string, string>>;
  /** Each field's message, in both languages. */
  errors: Readonly<Record<string, string>>;
  /** The refusal as a whole, in both languages. */
  alert?: string;
  idempotencyKey: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const noStar = (s: string) => s.replace(/\s*\*$/, '');
/** Hindi, then English in its own span (screen readers switch voice). */
const both = (t: Both) => `${escapeHtml(noStar(t.hi))} / <span lang="en">${escapeHtml(t.en)}</span>`;
const bothText = (t: Both) => `${noStar(t.hi)} / ${t.en}`;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Devanagari",sans-serif;color:#1d1d1d;background:#fff}
header{background:#2e6b30;color:#fff;padding:10px 16px;font-weight:600}
main{max-width:40rem;margin:0 auto;padding:12px 16px 32px}
form{margin-top:16px}
h1{font-size:1.35rem;margin:.4rem 0}
.field{margin:0 0 14px}
label{display:block;font-weight:600;margin-bottom:4px}
input[type=text],input[type=tel],select{width:100%;font:inherit;padding:10px;border:1px solid #767676;border-radius:4px;background:#fff;color:inherit}
input[type=file]{font:inherit;max-width:100%}
.hint{margin:3px 0 0;font-size:.875rem;color:#555}
.err{margin:3px 0 0;font-size:.875rem;color:#b00020;font-weight:600}
[aria-invalid=true]{border:2px solid #b00020}
.alert{border:2px solid #b00020;border-radius:4px;padding:10px 12px;margin:0 0 16px}
.alert h2{font-size:1.05rem;margin:0 0 4px;color:#b00020}
.alert ul{margin:6px 0 0;padding-left:20px}
.notice{border:1px solid #ccc;border-radius:4px;padding:10px 12px;margin:0 0 14px}
.notice h2{font-size:1.05rem;margin:0 0 4px}
.consent{display:flex;gap:8px;align-items:flex-start}
.consent input{width:22px;height:22px;flex:none;margin:2px 0 0}
button{font:inherit;font-weight:600;color:#fff;background:#2e6b30;border:0;border-radius:4px;padding:12px 20px;min-width:10rem}
a{color:#1b5e20}
`;

function describedBy(name: string, error: string | undefined, hint: Both | undefined): string {
  const ids = [error ? `reg-${name}-error` : '', hint ? `reg-${name}-hint` : ''].filter(Boolean);
  return ids.length ? ` aria-describedby="${ids.join(' ')}"` : '';
}

function below(name: string, error: string | undefined, hint: Both | undefined): string {
  return [
    error ? `<p class="err" id="reg-${name}-error">${escapeHtml(error)}</p>` : '',
    hint ? `<p class="hint" id="reg-${name}-hint">${both(hint)}</p>` : '',
  ].join('');
}

interface FieldSpec {
  name: string;
  label: Both;
  hint?: Both;
}

function textField(v: BasicFormView, f: FieldSpec, attrs: string): string {
  const error = v.errors[f.name];
  return `<div class="field"><label for="reg-${f.name}">${both(f.label)}</label><input type="text" id="reg-${f.name}" name="${f.name}" value="${escapeHtml(v.values[f.name] ?? '')}" ${attrs}${error ? ' aria-invalid="true"' : ''}${describedBy(f.name, error, f.hint)}>${below(f.name, error, f.hint)}</div>`;
}

function selectField(v: BasicFormView, f: FieldSpec, options: { value: string; label: string }[]): string {
  const error = v.errors[f.name];
  const chosen = v.values[f.name] ?? '';
  const opts = [{ value: '', label: bothText(APP_TEXTS['registration.choose']) }, ...options]
    .map(
      (o) =>
        `<option value="${escapeHtml(o.value)}"${o.value === chosen && o.value ? ' selected' : ''}>${escapeHtml(o.label)}</option>`,
    )
    .join('');
  return `<div class="field"><label for="reg-${f.name}">${both(f.label)}</label><select id="reg-${f.name}" name="${f.name}"${error ? ' aria-invalid="true"' : ''}${describedBy(f.name, error, f.hint)}>${opts}</select>${below(f.name, error, f.hint)}</div>`;
}

const UNIT = { bag: { hi: 'बैग', en: 'bags' }, kg: { hi: 'किलो', en: 'kg' } } as const;

/** The quantity: one list for every crop (a page without script cannot change it with the crop), the range of each crop said under it. */
function quantityField(v: BasicFormView): string {
  const ruled = v.crops.filter((c) => qtyChoices(c.rules).length > 0);
  if (!ruled.length) return '';
  const most = Math.max(...ruled.flatMap((c) => qtyChoices(c.rules)));
  const options = Array.from({ length: most }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
  const ranges = ruled.map((c) => {
    const q = qtyChoices(c.rules);
    const unit = UNIT[c.rules?.unit === 'bag' ? 'bag' : 'kg'];
    const range = (lang: 'hi' | 'en') =>
      fill(PAGE_TEXTS.quantityRange[lang], { min: q[0], max: q[q.length - 1], unit: unit[lang] });
    return `${escapeHtml(c.nameHi || c.name)}: ${escapeHtml(range('hi'))} / <span lang="en">${escapeHtml(c.name)}: ${escapeHtml(range('en'))}</span>`;
  });
  const hint = `<p class="hint" id="reg-bagsRequested-hint">${both(PAGE_TEXTS.quantityHint)}<br>${ranges.join('<br>')}</p>`;
  const error = v.errors.bagsRequested;
  const chosen = v.values.bagsRequested ?? '';
  const opts = [{ value: '', label: bothText(APP_TEXTS['registration.choose']) }, ...options]
    .map((o) => `<option value="${o.value}"${o.value === chosen && o.value ? ' selected' : ''}>${escapeHtml(o.label)}</option>`)
    .join('');
  return `<div class="field"><label for="reg-bagsRequested">${both(PAGE_TEXTS.quantity)}</label><select id="reg-bagsRequested" name="bagsRequested"${error ? ' aria-invalid="true"' : ''} aria-describedby="${error ? 'reg-bagsRequested-error ' : ''}reg-bagsRequested-hint">${opts}</select>${error ? `<p class="err" id="reg-bagsRequested-error">${escapeHtml(error)}</p>` : ''}${hint}</div>`;
}

const paragraphs = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

function noticeBlock(v: BasicFormView): string {
  const n = v.notice;
  if (!n) return `<p><a href="/privacy">${both(APP_TEXTS['sitePages.noticeFailed'])}</a></p>`;
  const [hiFirst, ...hiRest] = paragraphs(n.bodyHi || n.body);
  const [enFirst, ...enRest] = paragraphs(n.body);
  const p = (s: string, lang?: string) => `<p${lang ? ` lang="${lang}"` : ''}>${escapeHtml(s)}</p>`;
  const rest = [...hiRest.map((s) => p(s)), ...enRest.map((s) => p(s, 'en'))].join('');
  // The officer's name and contact are settings, often written in both languages already: said once.
  const officerLabel = (lang: 'hi' | 'en') => APP_TEXTS['sitePages.grievanceOfficer'][lang].split(':')[0];
  const officer = `${escapeHtml(officerLabel('hi'))} / <span lang="en">${escapeHtml(officerLabel('en'))}</span>: ${escapeHtml(`${n.grievanceOfficerName}, ${n.grievanceOfficerContact}`)}`;
  return `<section class="notice" aria-labelledby="notice-title"><h2 id="notice-title">${escapeHtml(n.titleHi || n.title)} / <span lang="en">${escapeHtml(n.title)}</span></h2>${hiFirst ? p(hiFirst) : ''}${enFirst ? p(enFirst, 'en') : ''}${rest ? `<details><summary>${both(APP_TEXTS['sitePages.noticeReadMore'])}</summary>${rest}</details>` : ''}<p>${officer}</p></section>`;
}

/** The order the fields come in (the summary lists them so). */
const FIELD_ORDER = [
  'Name',
  'fatherName',
  'adharNumber',
  'mobile',
  'category',
  'gender',
  'village',
  'block',
  'subDistrict',
  'district',
  'cropId',
  'bagsRequested',
  FILE_FIELD,
  'consent',
];

function alertBlock(v: BasicFormView): string {
  if (!v.alert) return '';
  const listed = FIELD_ORDER.filter((f) => v.errors[f]).map(
    (f) => `<li><a href="#reg-${f === FILE_FIELD ? 'file' : f}">${escapeHtml(v.errors[f])}</a></li>`,
  );
  return `<div class="alert" role="alert" id="reg-alert"><h2>${both(PAGE_TEXTS.errorsTitle)}</h2><p>${escapeHtml(v.alert)}</p>${listed.length ? `<ul>${listed.join('')}</ul>` : ''}</div>`;
}

function shell(title: string, content: string): string {
  return `<!doctype html><html lang="hi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><header>${both(APP_TEXTS['registration.title'])}</header><main>${content}</main></body></html>`;
}

/** The page: the form (with what was typed and each refusal beside its field), or the closed notice. */
export function renderBasicForm(v: BasicFormView): string {
  const title = bothText(APP_TEXTS['registration.title']);
  if (!v.open) {
    return shell(
      title,
      `<h1>${both(APP_TEXTS['registration.title'])}</h1><div class="alert" role="alert"><h2>पंजीकरण बंद है / <span lang="en">Registrations are closed</span></h2><p>${both(APP_TEXTS['registration.closedBody'])}</p></div>`,
    );
  }
  const lang = (c: OfferedCrop) => (c.nameHi && c.nameHi !== c.name ? `${c.nameHi} (${c.name})` : c.name);
  const fileError = v.errors[FILE_FIELD];
  const consentError = v.errors.consent;
  const form = [
    `<form method="post" action="/svsregistration" enctype="multipart/form-data" accept-charset="utf-8" novalidate>`,
    `<input type="hidden" name="${BASIC_FORM_MARK.name}" value="${BASIC_FORM_MARK.value}">`,
    `<input type="hidden" name="idempotencyKey" value="${escapeHtml(v.idempotencyKey)}">`,
    textField(
      v,
      { name: 'Name', label: APP_TEXTS['registration.name'], hint: APP_TEXTS['registration.hints.name'] },
      `maxlength="${NAME_MAX}" autocomplete="name"`,
    ),
    textField(
      v,
      { name: 'fatherName', label: APP_TEXTS['registration.fatherName'], hint: APP_TEXTS['registration.hints.fatherName'] },
      `maxlength="${NAME_MAX}"`,
    ),
    textField(
      v,
      { name: 'adharNumber', label: APP_TEXTS['registration.adharNumber'], hint: APP_TEXTS['registration.hints.adharNumber'] },
      `maxlength="${AADHAAR_INPUT_MAX}" inputmode="numeric" autocomplete="off"`,
    ),
    textField(
      v,
      { name: 'mobile', label: APP_TEXTS['registration.mobile'], hint: APP_TEXTS['registration.hints.mobile'] },
      `maxlength="${MOBILE_INPUT_MAX}" inputmode="tel" autocomplete="tel-national"`,
    ).replace('type="text"', 'type="tel"'),
    selectField(
      v,
      { name: 'category', label: APP_TEXTS['registration.category'] },
      CATEGORIES.map((c) => ({ value: c, label: bothText(PAGE_TEXTS.categories[c]) })),
    ),
    selectField(v, { name: 'gender', label: APP_TEXTS['registration.gender'] }, [
      { value: GENDERS[0], label: bothText(PAGE_TEXTS.male) },
      { value: GENDERS[1], label: bothText(PAGE_TEXTS.female) },
    ]),
    textField(v, { name: 'village', label: APP_TEXTS['registration.village'] }, `maxlength="${PLACE_MAX}"`),
    textField(v, { name: 'block', label: APP_TEXTS['registration.block'] }, `maxlength="${PLACE_MAX}"`),
    textField(v, { name: 'subDistrict', label: APP_TEXTS['registration.subDistrict'] }, `maxlength="${PLACE_MAX}"`),
    selectField(
      v,
      { name: 'district', label: APP_TEXTS['registration.district'], hint: APP_TEXTS['registration.hints.district'] },
      UP_DISTRICTS.map((d) => ({ value: d.en, label: `${d.hi} (${d.en})` })),
    ),
    selectField(
      v,
      {
        name: 'cropId',
        label: APP_TEXTS['registration.crop'],
        hint: v.crops.length ? APP_TEXTS['registration.hints.crop'] : APP_TEXTS['registration.cropsEmpty'],
      },
      v.crops.map((c) => ({ value: String(c.id), label: lang(c) })),
    ),
    quantityField(v),
    `<div class="field"><label for="reg-file">${both(PAGE_TEXTS.file)}</label><input type="file" id="reg-file" name="${FILE_FIELD}" accept="${FILE_ACCEPT}"${fileError ? ' aria-invalid="true" aria-describedby="reg-file-error"' : ''}>${fileError ? `<p class="err" id="reg-file-error">${escapeHtml(fileError)}</p>` : ''}${v.alert ? `<p class="hint">${both(PAGE_TEXTS.fileAgain)}</p>` : ''}</div>`,
    noticeBlock(v),
    `<div class="field"><div class="consent"><input type="checkbox" id="reg-consent" name="consent" value="on"${v.values.consent === 'on' ? ' checked' : ''}${consentError ? ' aria-invalid="true" aria-describedby="reg-consent-error"' : ''}><label for="reg-consent">${both(APP_TEXTS['sitePages.consentLabel'])}</label></div>${consentError ? `<p class="err" id="reg-consent-error">${escapeHtml(consentError)}</p>` : ''}</div>`,
    `<button type="submit">${both(APP_TEXTS['registration.submit'])}</button>`,
    `</form>`,
  ].join('');
  return shell(
    v.alert ? `${bothText(PAGE_TEXTS.errorsTitle)}: ${title}` : title,
    `<h1>${both(APP_TEXTS['registration.title'])}</h1><p>${both(APP_TEXTS['registration.intro'])}</p><p class="hint">${both(PAGE_TEXTS.basicNote)} <a href="/registration">${both(PAGE_TEXTS.fullForm)}</a></p>${alertBlock(v)}${form}`,
  );
}
