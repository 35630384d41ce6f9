import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type * as z from 'zod';
import { refusalText, type RefusalKeys } from '@shared/public-pages/words';
import { AppError, badRequest } from '../errors';
import type { HttpResult, HtmlBody } from '../http';
import { pageDocument, pageResult, type PageCaching } from './document';
import { html, type Html } from './html';
import { pageLanguage, translator, type PageLanguage, type PageMessages, type Translate } from './texts';

export interface PageRequest {
  lang: PageLanguage;
  t: Translate;
  /** The address's query, as sent (the page checks what it reads). */
  query: Record<string, string | undefined>;
  pathParameters: Record<string, string | undefined>;
}

export interface RenderedPage {
  document: string;
  caching: PageCaching;
  /** 200 unless the page itself answers a refused part of the request (a malformed number looked up: 400). */
  status?: number;
}

/** A path or query part checked with the API's own schema; anything else is a page's 400. */
export function readPart<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const out = schema.safeParse(value);
  if (!out.success) throw badRequest(out.error.issues[0]?.message ?? 'Bad request');
  return out.data;
}

const ERROR_TITLES: Record<number, { hi: string; en: string }> = {
  400: { hi: 'यह पता सही नहीं है', en: 'This address is not valid' },
  404: { hi: 'नहीं मिला', en: 'Not found' },
};
const OTHER_ERROR = { hi: 'यह पेज नहीं खुल सका', en: 'This page could not be opened' };

/** A refusal as the page tells it: its status, the server's own message and the page's request. */
export interface Refusal {
  status: number;
  message: string;
  req: PageRequest;
}

/** A refusal's alert, worded as the app's screen words it (shared/public-pages/words.ts, `refusalText`). */
export const refusalWords = (r: Refusal, keys: RefusalKeys, vars: Record<string, string>) =>
  refusalText(r.req.t, { message: r.message, notFound: r.status === 404 }, keys, vars);

/**
 * The 4xx page: a title in both languages whatever the address asked for (the reader may not know which they
 * need), then the page's own alert (`body`, as the app's screen words it) and a way home.
 */
export function errorDocument(status: number, lang: PageLanguage, body: Html): string {
  const title = ERROR_TITLES[status] ?? OTHER_ERROR;
  const main = html`<section class="narrow" data-testid="page-error" data-status="${status}">
    <h1 class="title" style="margin-bottom:12px"><span lang="hi">${title.hi}</span> / <span lang="en">${title.en}</span></h1>
    ${body}
    <p style="margin-top:16px"><a href="/"><span lang="hi">मुख्य पृष्ठ</span> / <span lang="en">Home page</span></a></p>
  </section>`;
  return pageDocument({ lang, title: `${title.hi} / ${title.en}`, path: '/', main });
}

/** The only query values a shareable page's answer may depend on: its language, and the page of a draw's long lists. */
const PUBLIC_PAGE_QUERY = new Set(['lang', 'page']);

/**
 * What a page's answer may be kept as. A page with personal data says 'private' itself; on top of that, an address
 * carrying anything but the language (a bill's or a credit note's token, right or wrong) is never kept by a shared
 * cache, whatever the page shows: only the bare page of a number or a code (the summary, the lot) is public.
 */
function cachingOf(wanted: PageCaching, query: Record<string, string | undefined>): PageCaching {
  if (wanted === 'private') return 'private';
  return Object.keys(query).every((k) => PUBLIC_PAGE_QUERY.has(k)) ? 'public' : 'private';
}

/**
 * Runs a page: its language from `?lang=`, its content from `render`, and every refusal of the request (a
 * malformed or unknown number or code) as an HTML page with the refusal's status. Other errors go on to the
 * area's handler, which answers them as it answers the API's (never with internals).
 */
export async function servePage(
  event: APIGatewayProxyEventV2,
  render: (req: PageRequest) => Promise<RenderedPage>,
  page: {
    /** The page's own messages (page-messages.ts). */
    messages: PageMessages;
    /** The refusal's alert, worded as the app's page words it. */
    refusal: (r: Refusal) => Html;
  },
): Promise<HttpResult<HtmlBody>> {
  const query = event.queryStringParameters ?? {};
  const lang = pageLanguage(query);
  const req: PageRequest = { lang, t: translator(lang, page.messages), query, pathParameters: event.pathParameters ?? {} };
  try {
    const rendered = await render(req);
    const status = rendered.status ?? 200;
    return pageResult(status, rendered.document, status === 200 ? cachingOf(rendered.caching, query) : 'private');
  } catch (e) {
    if (e instanceof AppError && e.status < 500) {
      // Not kept by caches: the bill may exist a moment later (a number typed before the sale is saved).
      return pageResult(
        e.status,
        errorDocument(e.status, lang, page.refusal({ status: e.status, message: e.message, req })),
        'private',
      );
    }
    throw e;
  }
}
