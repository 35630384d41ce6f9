import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type * as z from 'zod';
import { AppError, badRequest } from '../errors';
import type { HttpResult, HtmlBody } from '../http';
import { pageDocument, pageResult, type PageCaching } from './document';
import { html } from './html';
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

/**
 * The 4xx page, in both languages whatever the address asked for (the reader may not know which they need):
 * what went wrong, the server's own message, and a way home.
 */
export function errorDocument(status: number, lang: PageLanguage, message: string, testId: string): string {
  const title = ERROR_TITLES[status] ?? OTHER_ERROR;
  const main = html`<section class="narrow" data-testid="page-error" data-status="${status}">
    <div class="error" role="alert" data-testid="${testId}">
      <h1 class="title"><span lang="hi">${title.hi}</span> / <span lang="en">${title.en}</span></h1>
      ${message ? html`<p style="margin-top:8px">${message}</p>` : ''}
    </div>
    <p style="margin-top:16px"><a href="/"><span lang="hi">मुख्य पृष्ठ</span> / <span lang="en">Home page</span></a></p>
  </section>`;
  return pageDocument({ lang, title: `${title.hi} / ${title.en}`, path: '/', main });
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
    /** The refusal's test id, as the app's page names its error. */
    errorTestId: string;
  },
): Promise<HttpResult<HtmlBody>> {
  const query = event.queryStringParameters ?? {};
  const lang = pageLanguage(query);
  try {
    const rendered = await render({
      lang,
      t: translator(lang, page.messages),
      query,
      pathParameters: event.pathParameters ?? {},
    });
    return pageResult(200, rendered.document, rendered.caching);
  } catch (e) {
    if (e instanceof AppError && e.status < 500) {
      // Not kept by caches: the bill may exist a moment later (a number typed before the sale is saved).
      return pageResult(e.status, errorDocument(e.status, lang, e.message, page.errorTestId), 'private');
    }
    throw e;
  }
}
