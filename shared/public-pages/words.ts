/**
 * What the public pages (the bill, the credit note, the lot and the letter: docs/decisions/0039-one-renderer-per-public-page.md)
 * say and show, written once for both of their renderers: the functions' HTML (functions/lib/pages) and the web
 * app's screens. The modules of this folder are pure: they take the reply, the language and a `t` that reads
 * the app's messages (frontend/src/lib/i18n; the functions read the same texts through page-messages.ts), and
 * give the page's content as plain values; each side only turns those values into its markup.
 */
export type PageLanguage = 'hi' | 'en';

/** A message of the app's files by its key, with its `{{name}}` placeholders filled. */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** The pages' titles (the browser's tab, and the bill's one heading for screen readers): the page's name, then its number or code. */
export const billTitle = (number: string, t: Translate) => `${t('pages.bill')} ${number}`;
export const creditNoteTitle = (number: string, t: Translate) => `${t('creditNote.title')} ${number}`;
export const lotTitle = (code: string, t: Translate) => `${t('lotPublic.title')} ${code}`;

/**
 * One line of a page's table or list: a label and its value. `testId` marks the value (the tests read it),
 * `strong` sets it in bold, `href` makes it a link.
 */
export interface Fact {
  label: string;
  value: string;
  testId?: string;
  strong?: boolean;
  href?: string;
}

/** Made on first use (a module-level Intl object costs every function's cold start). */
let kgFormat: Intl.NumberFormat | undefined;

/** Kilograms as the pages show them: up to 3 decimals, Indian grouping. */
export const kg = (n: number) => (kgFormat ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 })).format(n);

let rupeeFormat: Intl.NumberFormat | undefined;

/** Rupees as the letter shows an amount to pay: Indian grouping, paise only when there are any (₹3,200, ₹42.50). */
export const rupees = (n: number) =>
  (rupeeFormat ??= new Intl.NumberFormat('en-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2 })).format(n);

/** A page's refusal: the server's message ('' when it gave none) and whether it was a 404. */
export interface PageRefusal {
  message: string;
  notFound: boolean;
}

/** The keys a page words its refusal with: no message at all, a 404, any other refusal (`{{message}}` and the page's vars). */
export interface RefusalKeys {
  empty: string;
  notFound: string;
  failed: string;
}

export const BILL_REFUSAL: RefusalKeys = {
  empty: 'billView.notFound',
  notFound: 'billView.notFoundMessage',
  failed: 'billView.failedMessage',
};

export const LOT_REFUSAL: RefusalKeys = {
  empty: 'lotPublic.notFound',
  notFound: 'lotPublic.notFoundMessage',
  failed: 'lotPublic.failedMessage',
};

/**
 * The server's message as a page shows it: as it is when it is in Hindi already, else after the page's own
 * sentence (the server's messages are English).
 */
export function refusalText(t: Translate, r: PageRefusal, keys: RefusalKeys, vars: Record<string, string>): string {
  if (!r.message) return t(keys.empty);
  if (/[\u0900-\u097F]/.test(r.message)) return r.message;
  return t(r.notFound ? keys.notFound : keys.failed, { ...vars, message: r.message });
}

/** A route's path with its parameters filled in and its query (empty values left out). */
export function routePath(path: string, params: Record<string, string>, query: Record<string, string | number | undefined> = {}) {
  const filled = path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') q.set(k, String(v));
  const qs = q.toString();
  return qs ? `${filled}?${qs}` : filled;
}
