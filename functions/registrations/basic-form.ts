import { randomUUID } from 'node:crypto';
import { letterPath } from '@shared/public-pages/paths';
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
import { LANGUAGE_COOKIE } from '@shared/routes';
import type { SitePageResponse } from '@shared/schemas/cms';
import { dropdown } from '../crops/crop-dropdown';
import { listCrops } from '../crops/crop-entity';
import { env } from '../lib/env';
import { getSitePage } from '../home/site-pages';
import type { AuditTrail } from '../lib/audit-log';
import type { Caller } from '../lib/caller';
import { getSetting } from '../lib/config-store';
import { AppError, badRequest } from '../lib/errors';
import { html, seeOther, type HtmlBody, type HttpResult } from '../lib/http';
import { log } from '../lib/log';
import { appPageCsp, pageSecurityHeaders } from '../lib/pages/document';
import { pageLanguage, type PageLanguage } from '../lib/pages/texts';
import { assertFormOpen } from './submit';
import { submitProven, verifyMobileOn } from './mobile-proof';
import { MOBILE_CODE_FIELD, MOBILE_PROOF_FIELD, SEND_CODE_FIELD } from '@shared/mobile-proof';
import { OtpRequestInput, OtpVerifyInput } from '@shared/schemas/farmer-otp';
import { normalizeMobile, westernDigits } from '@shared/typed-numbers';
import { isRegisterProofFor, signRegisterProof } from '../lib/farmer-tokens';
import { checkCode, requestCode } from './farmer-codes';
import { parseForm } from './parse-form';
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
import { REGISTRATION_PAGE_MARK, renderRegistrationPage } from './registration-page';

/**
 * The registration form for phones without JavaScript worth the name (docs/decisions/0031): GET
 * /svsregistration/basic renders it; it posts multipart to POST /svsregistration, which answers this page's posts
 * with 303 to the letter or the form again with each refusal beside its field.
 */

/** The letter page a registration lands on (the app's /svs/appointment/:uniqueCode). */
export { letterPath };

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

/** The notice as read in the last few seconds: every farmer opening the form in a surge reads the same item. */
const NOTICE_CACHE_MS = 10_000;
let noticeCache: { at: number; notice: SitePageResponse } | undefined;

async function formNotice(): Promise<SitePageResponse | null> {
  if (noticeCache && Date.now() - noticeCache.at < NOTICE_CACHE_MS) return noticeCache.notice;
  try {
    const notice = await getSitePage(NOTICE_SLUG);
    noticeCache = { at: Date.now(), notice };
    return notice;
  } catch (e) {
    log.warn('notice not read for the plain form', { error: (e as Error).message });
    return null;
  }
}

async function view(lang: PageLanguage, over: Partial<BasicFormView>): Promise<BasicFormView> {
  const [open, crops, notice, verifyMobile] = await Promise.all([
    getSetting('Is_SVS_Form_On'),
    offeredCrops(),
    formNotice(),
    getSetting('VerifyMobileAtRegistration'),
  ]);
  return { lang, open, crops, notice, verifyMobile, values: {}, errors: {}, idempotencyKey: randomUUID(), ...over };
}

/** The page as HTML, never cached (each render has its own idempotency key), with the pages' headers for a page without script. */
function pageOf(v: BasicFormView, status = 200, headers: Record<string, string> = {}): HttpResult<HtmlBody> {
  return html(renderBasicForm(v), status, { ...pageSecurityHeaders(false), ...headers });
}

export async function showBasicForm(event: APIGatewayProxyEventV2): Promise<HttpResult<HtmlBody>> {
  return pageOf(await view(pageLanguage(event.queryStringParameters), {}));
}

/** The page a post came from, by its hidden mark: this one, or the form at /registration (registration-page.ts). */
export function plainFormOf(values: Record<string, unknown>): PlainForm | undefined {
  const mark = values[BASIC_FORM_MARK.name];
  return mark === BASIC_FORM_MARK.value ? 'basic' : mark === REGISTRATION_PAGE_MARK ? 'registration' : undefined;
}
export type PlainForm = 'basic' | 'registration';

/**
 * The visitor's language for a page drawn in one language: `?lang=` (the page's language link), else the `lang`
 * cookie the app and the pages' script keep with the visitor's choice, else Hindi, the public pages' default.
 */
export function visitorLanguage(event: APIGatewayProxyEventV2): PageLanguage {
  const asked = event.queryStringParameters?.lang;
  if (asked === 'en' || asked === 'hi') return asked;
  const cookie = (event.cookies ?? []).find((c) => c.trim().startsWith(`${LANGUAGE_COOKIE}=`));
  return cookie?.trim().slice(LANGUAGE_COOKIE.length + 1) === 'en' ? 'en' : 'hi';
}

/** The uploads bucket's origin, which the app on the form's page sends the scan to (its presigned PUT). */
function uploadsOrigin(): string {
  const e = env();
  return e.S3_ENDPOINT ? new URL(e.S3_ENDPOINT).origin : `https://${e.UPLOADS_BUCKET}.s3.${e.AWS_REGION}.amazonaws.com`;
}

/**
 * GET /registration: the form, in the visitor's language, that the app takes over; its data for the app (the crops
 * as GET /api/crops/dropdown gives them, the notice, the switch, the idempotency key) comes with it.
 */
export async function showRegistrationPage(event: APIGatewayProxyEventV2): Promise<HttpResult<HtmlBody>> {
  const lang = visitorLanguage(event);
  const [v, items] = await Promise.all([view(lang, {}), dropdown(false)]);
  const page = renderRegistrationPage({
    ...v,
    oneLanguage: true,
    idPrefix: 'form',
    mark: REGISTRATION_PAGE_MARK,
    app: true,
    data: {
      open: v.open,
      crops: items.filter((c) => c.isActive),
      notice: v.notice,
      idempotencyKey: v.idempotencyKey,
      verifyMobile: v.verifyMobile === true,
    },
  });
  // Never cached (its own idempotency key; its language may come from the cookie), with the pages' headers.
  return html(page, 200, { ...pageSecurityHeaders(true), 'content-security-policy': appPageCsp(uploadsOrigin()) });
}

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
  form: PlainForm = 'basic',
): Promise<HttpResult<HtmlBody>> {
  const values = posted instanceof AppError ? {} : posted;
  const lang = pageLanguage({
    lang: typeof values[PAGE_LANG_FIELD] === 'string' ? values[PAGE_LANG_FIELD] : undefined,
  });
  const postedKey = typeof values.idempotencyKey === 'string' ? values.idempotencyKey.trim() : '';
  const idempotencyKey = IDEMPOTENCY_KEY_RE.test(postedKey) ? postedKey : randomUUID();
  /** The proof of the mobile this post carries or its code gave: kept in the page a refusal answers. */
  let proof = typeof values[MOBILE_PROOF_FIELD] === 'string' ? (values[MOBILE_PROOF_FIELD] as string).trim() : '';
  try {
    if (posted instanceof AppError) throw posted;
    await assertFormOpen();
    if (values[SEND_CODE_FIELD] !== undefined) {
      // "Send code": a code to the typed mobile, then the form again with what was typed and the code's field.
      const asked = parseForm(OtpRequestInput, { mobile: values.mobile, purpose: 'register' });
      await requestCode(asked, poster.sourceIp);
      const page = await view(lang, { values: typedValues(values), idempotencyKey, codeSent: true });
      return pagesOf(page, form, 200, {});
    }
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
    const code = typeof values[MOBILE_CODE_FIELD] === 'string' ? westernDigits(values[MOBILE_CODE_FIELD] as string).trim() : '';
    if (code && !proof && (await verifyMobileOn())) {
      // The code typed beside the mobile, checked as POST /svsregistration/otp/verify checks a code to register.
      const otp = parseForm(OtpVerifyInput, { mobile: parsed.fields.mobile, otp: code });
      try {
        await checkCode(otp, poster.sourceIp, Date.now(), 'register');
      } catch (e) {
        if (e instanceof AppError) throw new AppError(e.code, e.message, { ...e.extra, fields: { mobile: e.message } });
        throw e;
      }
      proof = (await signRegisterProof(parsed.fields.mobile)).token;
    }
    const out = await submitProven({ ...parsed, ...(proof ? { mobileProof: proof } : {}), ...poster });
    return seeOther(letterPath(out.reply.data.uniqeCode || out.reply.data.uniqueCode));
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    const mobile = typeof values.mobile === 'string' ? normalizeMobile(values.mobile) : '';
    const kept = proof && (await isRegisterProofFor(proof, mobile)) ? proof : undefined;
    return refusedPage(e, lang, typedValues(values), idempotencyKey, form, kept);
  }
}

async function refusedPage(
  e: AppError,
  lang: PageLanguage,
  values: Record<string, string>,
  idempotencyKey: string,
  form: PlainForm,
  mobileProof?: string,
): Promise<HttpResult<HtmlBody>> {
  const fields = Object.fromEntries(Object.entries(e.extra.fields ?? {}).map(([k, m]) => [k, inBoth(m)]));
  const names = Object.keys(fields);
  // One field refused with its own reason (the file's kind or size): that reason is the field's message.
  if (names.length === 1 && e.message !== MSG_FORM_INVALID) fields[names[0]] = inBoth(e.message);
  const beside = FIELD_OF_CODE[e.code];
  if (beside && !names.length) fields[beside] = e.message;
  const page = await view(lang, { values, errors: fields, alert: inBoth(e.message), idempotencyKey, mobileProof });
  if (e.code === 'FORBIDDEN') page.open = false;
  const headers: Record<string, string> =
    e.extra.retryAfterSeconds !== undefined ? { 'retry-after': String(Math.max(1, Math.ceil(e.extra.retryAfterSeconds))) } : {};
  return pagesOf(page, form, e.status, headers);
}

/** The plain form's page again: the basic page, or the form at /registration as it was sent (one language, no app). */
function pagesOf(page: BasicFormView, form: PlainForm, status: number, headers: Record<string, string>): HttpResult<HtmlBody> {
  if (form === 'basic') return pageOf(page, status, headers);
  // The form at /registration again, as it was sent: one language, no app (its address is the post's).
  const again = renderRegistrationPage({
    ...page,
    oneLanguage: true,
    idPrefix: 'form',
    mark: REGISTRATION_PAGE_MARK,
    app: false,
  });
  return html(again, status, { ...pageSecurityHeaders(false), ...headers });
}
