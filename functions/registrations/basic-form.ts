import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { qtyChoices, rulesOfCrop } from '@shared/crop-rules';
import { NOTICE_SLUG } from '@shared/site-pages';
import {
  IDEMPOTENCY_KEY_RE,
  MSG_AADHAAR,
  MSG_CONSENT,
  MSG_FILE,
  MSG_FORM_INVALID,
  MSG_MOBILE,
  MSG_REQUIRED,
} from '@shared/schemas/registration';
import { listCrops } from '../crops/crop-entity';
import { getSitePage } from '../home/site-pages';
import type { AuditTrail } from '../lib/audit-log';
import type { Caller } from '../lib/caller';
import { getSetting } from '../lib/config-store';
import { AppError, badRequest } from '../lib/errors';
import { html, seeOther, type HtmlBody, type HttpResult } from '../lib/http';
import { log } from '../lib/log';
import { pageSecurityHeaders } from '../lib/pages/document';
import { pageLanguage, type PageLanguage } from '../lib/pages/texts';
import { assertFormOpen, submitRegistration } from './submit';
import { submissionOf } from './submission';
import {
  PAGE_LANG_FIELD,
  BASIC_FORM_MARK,
  renderBasicForm,
  TYPED_FIELDS,
  type BasicFormView,
  type OfferedCrop,
} from './basic-form-page';
import { FIELD_MESSAGES_BOTH, fill, PAGE_TEXTS } from './basic-form-texts';

/**
 * The registration form for phones without JavaScript worth the name (docs/decisions/0031): GET
 * /svsregistration/basic renders it; it posts multipart to POST /svsregistration, which answers this page's posts
 * with 303 to the letter or the form again with each refusal beside its field.
 */

/** The letter page a registration lands on (the app's /svs/appointment/:uniqueCode). */
export const letterPath = (code: string) => `/svs/appointment/${encodeURIComponent(code)}`;

/** Active crops read in the last few seconds: every farmer opening the page in a surge reads the same list. */
const CROPS_CACHE_MS = 10_000;
let cropsCache: { at: number; crops: OfferedCrop[] } | undefined;

async function offeredCrops(): Promise<OfferedCrop[]> {
  if (cropsCache && Date.now() - cropsCache.at < CROPS_CACHE_MS) return cropsCache.crops;
  const items = await listCrops({ includeInactive: false, take: 100 });
  const crops = items
    .filter((c) => c.isActive !== false)
    .map((c) => ({ id: c.cropID, name: c.cropName, nameHi: c.cropNameHi ?? '', rules: rulesOfCrop(c) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  cropsCache = { at: Date.now(), crops };
  return crops;
}

async function view(lang: PageLanguage, over: Partial<BasicFormView>): Promise<BasicFormView> {
  const [open, crops, notice] = await Promise.all([
    getSetting('Is_SVS_Form_On'),
    offeredCrops(),
    getSitePage(NOTICE_SLUG).catch((e: unknown) => {
      log.warn('notice not read for the basic form', { error: (e as Error).message });
      return null;
    }),
  ]);
  return { lang, open, crops, notice, values: {}, errors: {}, idempotencyKey: randomUUID(), ...over };
}

/** The page as HTML, never cached (each render has its own idempotency key), with the pages' headers for a page without script. */
function pageOf(v: BasicFormView, status = 200, headers: Record<string, string> = {}): HttpResult<HtmlBody> {
  return html(renderBasicForm(v), status, { ...pageSecurityHeaders(false), ...headers });
}

export async function showBasicForm(event: APIGatewayProxyEventV2): Promise<HttpResult<HtmlBody>> {
  return pageOf(await view(pageLanguage(event.queryStringParameters), {}));
}

/** A post of this page: its hidden mark. */
export const isBasicFormPost = (values: Record<string, unknown>) => values[BASIC_FORM_MARK.name] === BASIC_FORM_MARK.value;

/** A browser's navigation (a form post) asks for a page first; the app's calls do not. */
export const acceptsPage = (event: APIGatewayProxyEventV2) => /\btext\/html\b/i.test(event.headers?.accept ?? '');

/** What the farmer typed, to fill the form in again (never the file). */
function typedValues(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of TYPED_FIELDS) if (typeof values[f] === 'string') out[f] = (values[f] as string).slice(0, 300);
  return out;
}

/** The server's Hindi-only field messages in both languages, as the app shows them. */
const HINDI_ONLY: Record<string, string> = {
  [MSG_REQUIRED]: FIELD_MESSAGES_BOTH.required,
  [MSG_AADHAAR]: FIELD_MESSAGES_BOTH.aadhaar,
  [MSG_MOBILE]: FIELD_MESSAGES_BOTH.mobile,
  [MSG_FILE]: FIELD_MESSAGES_BOTH.file,
  [MSG_CONSENT]: FIELD_MESSAGES_BOTH.consent,
};
export const inBoth = (message: string) => HINDI_ONLY[message] ?? message;

/** A refusal that concerns one field as a whole, with the field it belongs beside. */
const FIELD_OF_CODE: Partial<Record<string, string>> = { CONFLICT: 'adharNumber' };

/** The crop's own quantity rule, which the app's form applies by offering only the crop's choices. */
function quantityProblem(values: Record<string, unknown>, crops: readonly OfferedCrop[]): string | undefined {
  const crop = crops.find((c) => String(c.id) === String(values.cropId ?? '').trim());
  const choices = qtyChoices(crop?.rules);
  if (!crop || !choices.length) return undefined;
  const raw = typeof values.bagsRequested === 'string' ? values.bagsRequested.trim() : '';
  if (!raw) return FIELD_MESSAGES_BOTH.required;
  if (choices.includes(Number(raw))) return undefined;
  const unit = crop.rules?.unit === 'bag' ? { hi: 'बैग', en: 'bags' } : { hi: 'किलो', en: 'kg' };
  const range = (lang: 'hi' | 'en') =>
    fill(PAGE_TEXTS.quantityOutOfRange[lang], { min: choices[0], max: choices[choices.length - 1], unit: unit[lang] });
  return `${range('hi')} / ${range('en')}`;
}

interface Poster {
  caller: Caller | null;
  sourceIp: string;
  audit: AuditTrail;
}

/**
 * A post of the basic form: 303 to the letter, or the form again (status of the refusal) with what was typed
 * and each message beside its field. `posted` is the form as read, or why it could not be read.
 */
export async function submitBasicForm(
  event: APIGatewayProxyEventV2,
  posted: Record<string, unknown> | AppError,
  poster: Poster,
): Promise<HttpResult<HtmlBody>> {
  const values = posted instanceof AppError ? {} : posted;
  const lang = pageLanguage({
    lang: typeof values[PAGE_LANG_FIELD] === 'string' ? values[PAGE_LANG_FIELD] : undefined,
  });
  const postedKey = typeof values.idempotencyKey === 'string' ? values.idempotencyKey.trim() : '';
  const idempotencyKey = IDEMPOTENCY_KEY_RE.test(postedKey) ? postedKey : randomUUID();
  try {
    if (posted instanceof AppError) throw posted;
    await assertFormOpen();
    const quantity = quantityProblem(values, await offeredCrops());
    let parsed;
    try {
      // The page never registers as staff, whoever is signed in on the phone.
      parsed = submissionOf({ ...values, isAdmin: undefined }, event);
    } catch (e) {
      if (quantity && e instanceof AppError && e.code === 'VALIDATION')
        throw badRequest(MSG_FORM_INVALID, { ...e.extra.fields, bagsRequested: quantity });
      throw e;
    }
    if (quantity) throw badRequest(MSG_FORM_INVALID, { bagsRequested: quantity });
    const out = await submitRegistration({ ...parsed, ...poster });
    return seeOther(letterPath(out.reply.data.uniqeCode || out.reply.data.uniqueCode));
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return refusedPage(e, lang, typedValues(values), idempotencyKey);
  }
}

async function refusedPage(
  e: AppError,
  lang: PageLanguage,
  values: Record<string, string>,
  idempotencyKey: string,
): Promise<HttpResult<HtmlBody>> {
  const fields = Object.fromEntries(Object.entries(e.extra.fields ?? {}).map(([k, m]) => [k, inBoth(m)]));
  const names = Object.keys(fields);
  // One field refused with its own reason (the file's kind or size): that reason is the field's message.
  if (names.length === 1 && e.message !== MSG_FORM_INVALID) fields[names[0]] = inBoth(e.message);
  const beside = FIELD_OF_CODE[e.code];
  if (beside && !names.length) fields[beside] = e.message;
  const page = await view(lang, { values, errors: fields, alert: inBoth(e.message), idempotencyKey });
  if (e.code === 'FORBIDDEN') page.open = false;
  const headers: Record<string, string> =
    e.extra.retryAfterSeconds !== undefined ? { 'retry-after': String(Math.max(1, Math.ceil(e.extra.retryAfterSeconds))) } : {};
  return pageOf(page, e.status, headers);
}
