import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { FindLetterInput } from '@shared/schemas/registration';
import { AppError } from '../lib/errors';
import { html, seeOther, type HtmlBody, type HttpResult } from '../lib/http';
import { pageSecurityHeaders } from '../lib/pages/document';
import { pageLanguage, type PageLanguage } from '../lib/pages/texts';
import { inBoth, letterPath } from './basic-form';
import { PAGE_TEXTS } from './basic-form-texts';
import { PAGE_LANG_FIELD } from './basic-form-page';
import { renderFindLetterPage, type FindLetterView } from './find-letter-page';
import { parseForm } from './parse-form';
import { findLetter } from './find-letter';
import { requestCode } from './farmer-codes';
import { OtpRequestInput } from '@shared/schemas/farmer-otp';

/**
 * "Find my letter" for phones without JavaScript worth the name (docs/decisions/0031): GET
 * /svsregistration/find-my-letter shows the form; it posts to POST /svsregistration/find-letter, the app's own
 * route, with the same limits, which answers the page's posts with 303 to the letter, the letters to choose from,
 * or the form again with why nothing was found.
 */

/** The longest form post read: two numbers and the language are a few dozen bytes. */
const MAX_FORM_BYTES = 4096;
const TYPED = ['mobile', 'otp'] as const;

/** A browser's plain form post (the page's), not the app's JSON. */
export const isPageFormPost = (event: APIGatewayProxyEventV2) =>
  /^application\/x-www-form-urlencoded\b/i.test(event.headers?.['content-type'] ?? '');

function pageOf(v: FindLetterView, status = 200, headers: Record<string, string> = {}): HttpResult<HtmlBody> {
  return html(renderFindLetterPage(v), status, { ...pageSecurityHeaders(false), ...headers });
}

export async function showFindLetterPage(event: APIGatewayProxyEventV2): Promise<HttpResult<HtmlBody>> {
  return pageOf({ lang: pageLanguage(event.queryStringParameters), values: {}, errors: {} });
}

/** The posted fields (the first of a repeated one), or a refusal when the body is too large to be the page's. */
function postedValues(event: APIGatewayProxyEventV2): Record<string, string> {
  const text = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
  if (text.length > MAX_FORM_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', `${PAGE_TEXTS.tooLarge.hi} / ${PAGE_TEXTS.tooLarge.en}`);
  const values: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) if (!(k in values)) values[k] = v;
  return values;
}

export async function findLetterFromPage(event: APIGatewayProxyEventV2, sourceIp: string): Promise<HttpResult<HtmlBody>> {
  let lang: PageLanguage = 'hi';
  const typed: Record<string, string> = {};
  try {
    const values = postedValues(event);
    lang = pageLanguage({ lang: values[PAGE_LANG_FIELD] });
    for (const f of TYPED) if (values[f] !== undefined) typed[f] = values[f].slice(0, 40);
    if (typed.otp === undefined) {
      // The first step: a code to the mobile (the same answer whether or not it registered), then its field.
      await requestCode(parseForm(OtpRequestInput, { mobile: typed.mobile, purpose: 'find' }), sourceIp);
      return pageOf({ lang, values: { mobile: typed.mobile ?? '' }, errors: {}, codeSent: true });
    }
    const found = await findLetter(parseForm(FindLetterInput, typed), sourceIp);
    const { letters } = found.data;
    if (letters.length === 1) return seeOther(letterPath(letters[0].uniqueCode));
    return pageOf({ lang, values: {}, errors: {}, letters });
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    const errors = Object.fromEntries(Object.entries(e.extra.fields ?? {}).map(([k, m]) => [k, inBoth(m)]));
    const title = e.code === 'VALIDATION' || e.code === 'PAYLOAD_TOO_LARGE' ? PAGE_TEXTS.errorsTitle : PAGE_TEXTS.findFailedTitle;
    const retry = e.extra.retryAfterSeconds;
    const headers: Record<string, string> = retry !== undefined ? { 'retry-after': String(Math.max(1, Math.ceil(retry))) } : {};
    // The code is never written back into the page; the mobile is, with the code's field while one was asked.
    const values = { mobile: typed.mobile ?? '' };
    return pageOf(
      { lang, values, errors, alert: { title, message: inBoth(e.message) }, codeSent: typed.otp !== undefined },
      e.status,
      headers,
    );
  }
}
