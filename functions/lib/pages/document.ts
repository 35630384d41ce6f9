import { createHash } from 'node:crypto';
import { HttpResult, type HtmlBody } from '../http';
import { ENHANCE_SCRIPT } from './enhance-script';
import { Html, html } from './html';
import { translator, type PageLanguage, type Translate } from './texts';
import { PAGE_CSS } from './page-css';

const SCRIPT_HASH = `'sha256-${createHash('sha256').update(ENHANCE_SCRIPT).digest('base64')}'`;

/** `uploads`: the uploads bucket's origin, for a page the app takes over that sends a scan there. */
function policy(scriptSrc: string, uploads?: string): string {
  const also = uploads ? ` ${uploads}` : '';
  return [
    "default-src 'none'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${also}`,
    "font-src 'self'",
    `connect-src 'self'${also}`,
    "manifest-src 'self'",
    // The app's PDF of the letter (html-to-image) reads the page's styles through a <base> of the site's own.
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The pages' policy: their own inline script (by hash) and the app's scripts when a page loads the app; styles
 * inline (the page's own, and the app's, whose MUI injects style elements); images from the site (the QR codes).
 */
export const PAGE_CSP = policy(`'self' ${SCRIPT_HASH}`);

/** The same policy for a page that carries no script at all (the registration form for phones without JavaScript). */
export const SCRIPTLESS_PAGE_CSP = policy("'none'");

/**
 * The policy of a page the app takes over at once (the registration form): the pages' policy, and the one other
 * origin the app talks to there, the uploads bucket (the scan's presigned PUT), as the site's own policy allows it
 * (infra/security-headers.ts).
 */
export const appPageCsp = (uploadsOrigin: string) => policy(`'self' ${SCRIPT_HASH}`, uploadsOrigin);

/** How long CloudFront and browsers keep a public page: a cancelled bill shows as cancelled within this. */
export const PUBLIC_PAGE_SECONDS = 60;

export type PageCaching = 'public' | 'private';

const CACHE_CONTROL: Record<PageCaching, string> = {
  public: `public, max-age=${PUBLIC_PAGE_SECONDS}, s-maxage=${PUBLIC_PAGE_SECONDS}`,
  // A page with personal data, or whose address is its secret: the reader's browser only, always asked again.
  private: 'private, no-store',
};

export interface PageOptions {
  lang: PageLanguage;
  title: string;
  /** The page's address without the language (for the language link). */
  path: string;
  /** Query values kept by the language link (the bill's token). */
  keep?: Record<string, string | undefined>;
  main: Html;
  /** Signed-in staff get the web app on this page (the bill: staff copies and print layouts). */
  staffApp?: boolean;
  /** The page's own rules, after the pages' stylesheet. */
  css?: string;
  /** false: the page carries no script, not even the pages' small one (send it with `pageSecurityHeaders(false)`). */
  script?: boolean;
  /**
   * 'now': the pages' script loads the web app at once, which takes the page over (the registration form); its
   * shell (/index.html, which names the app's files) is asked for with the page's head.
   */
  app?: 'now';
  /** Markup after the root, which the app's render leaves in place (the data it reads from the page). */
  after?: Html;
}

function languageLink(o: PageOptions, t: Translate): Html {
  const other: PageLanguage = o.lang === 'en' ? 'hi' : 'en';
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(o.keep ?? {})) if (v) query.set(k, v);
  query.set('lang', other);
  return html`<a class="lang" href="${`${o.path}?${query}`}" hreflang="${other}" data-lang="${other}" data-testid="language-switch"
    aria-label="${`${t('app.changeLanguage')}: ${t('app.otherLanguage')}`}"><span lang="${other}">${t('app.otherLanguage')}</span></a>`;
}

/** MUI's DescriptionOutlined icon, as the app's top bar shows it beside Find my letter. */
const LETTER_ICON = new Html(
  '<svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24"><path fill="currentColor" d="M8 16h8v2H8zm0-4h8v2H8zm6-10H6c-1.1 0-2 .9-2 2v16c0 1.1.89 2 1.99 2H18c1.1 0 2-.9 2-2V8zm4 18H6V4h7v5h5z"/></svg>',
);

/** The app's public top bar (frontend/src/components/PublicTopBar.tsx) as links: home, the form, about, sign-in, Find my letter. */
function topBar(o: PageOptions, t: Translate): Html {
  const find = t('registration.findSubmit');
  return html`<header class="top no-print">
    <a class="brand" href="/">${t('app.name')}</a>
    <a class="find" href="/registration#find" aria-label="${find}" title="${find}" data-testid="top-find-letter">${LETTER_ICON}<span class="wide">${find}</span></a>
    ${languageLink(o, t)}
    <nav aria-label="${t('nav.mainNavigation')}">
      <a href="/">${t('nav.home')}</a><a href="/registration">${t('nav.registration')}</a><a href="/about">${t('nav.about')}</a><a href="/login">${t('nav.login')}</a>
    </nav>
  </header>`;
}

/** The required pages, as the footer of every public page of the app links them (site-content.tsx). */
const FOOTER_LINKS = [
  ['/privacy', 'sitePages.privacy'],
  ['/terms', 'sitePages.terms'],
  ['/contact', 'sitePages.contact'],
  ['/accessibility', 'sitePages.accessibility'],
  ['/sitemap', 'sitePages.sitemap'],
] as const;

function footer(t: Translate): Html {
  return html`<footer class="foot no-print" data-testid="site-footer"><nav aria-label="${t('sitePages.footerLabel')}"><ul>${FOOTER_LINKS.map(
    ([href, key]) => html`<li><a href="${href}">${t(key)}</a></li>`,
  )}</ul></nav></footer>`;
}

/** A whole page: the site's top bar, the content, the inline CSS and the small script. */
export function pageDocument(o: PageOptions): string {
  const t = translator(o.lang);
  const page = html`<html lang="${o.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#2e6b30">
<meta name="referrer" content="no-referrer">
<title>${o.title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${o.app === 'now' && html`<link rel="preload" href="/index.html" as="fetch" crossorigin>`}
<style>${new Html(PAGE_CSS + (o.css ?? ''))}</style>
</head>
<body>
<div id="root"${o.staffApp ? html` data-staff-app` : ''}${o.app === 'now' ? html` data-app-now` : ''}>
<div class="sp">
${topBar(o, t)}
<main class="page">${o.main}</main>
${footer(t)}
</div>
</div>
${o.after}
${o.script !== false && html`<script>${new Html(ENHANCE_SCRIPT)}</script>`}
</body>
</html>`;
  return `<!doctype html>${page.text}`;
}

/** What keeps a page safe whatever its caching: its policy (with or without the pages' script), no framing, no referrer. */
export function pageSecurityHeaders(script = true): Record<string, string> {
  return {
    'content-security-policy': script ? PAGE_CSP : SCRIPTLESS_PAGE_CSP,
    'x-frame-options': 'DENY',
    // The address may hold the bill's token or the letter's code: never sent on to another site.
    'referrer-policy': 'no-referrer',
  };
}

export function pageHeaders(caching: PageCaching): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': CACHE_CONTROL[caching],
    ...pageSecurityHeaders(),
    // The answer depends on the address only (the language and the token are in it), never on a header.
    vary: 'accept-encoding',
  };
}

export function pageResult(status: number, document: string, caching: PageCaching): HttpResult<HtmlBody> {
  return new HttpResult(status, document, pageHeaders(caching));
}
