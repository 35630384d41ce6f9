import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ENHANCE_SCRIPT } from '@functions/lib/pages/enhance-script';

/**
 * What each public page downloads before it can render, read from Vite's build manifest
 * (frontend/dist/.vite/manifest.json, `build.manifest: true`): the entry (index.html) with its static
 * imports, every script index.html itself loads or preloads (the app shell) with its static imports, the page's lazy chunk with its static imports, and the messages of the visitor's language
 * when they are a chunk of their own. Chunks a page only imports dynamically later (on submit, on idle,
 * admin screens) are listed apart as "deferred" and are not counted.
 *
 * Shared by bench/bundle-budget.ts (prints the figures) and test/bundle-budget.test.ts (asserts the budget).
 */

export const DIST_DIR = join(import.meta.dirname, '..', '..', 'frontend', 'dist');
export const MANIFEST_PATH = join(DIST_DIR, '.vite', 'manifest.json');

export interface PublicRoute {
  /** The address as people open it. */
  route: string;
  /** The page module, as the manifest names it (relative to frontend/). */
  page: string;
  /**
   * Opened from a link or a QR code, the address is answered as HTML by a function (docs/decisions/0030): the
   * JavaScript before the content is the page's inline script, and the app (`page`) comes only when asked for
   * (the registration form: at once, to take the working form over, decision 0042).
   */
  html?: true;
  /** The page waits for its own part of the texts too (the registration form: `?messages=form`, lib/i18n/parts.ts). */
  formTexts?: true;
}

/** The public pages farmers and QR scanners open. */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { route: '/', page: 'src/features/home/HomePage.tsx' },
  // The form itself is the registrations function's HTML; the app comes after it and takes it over (decision 0042).
  { route: '/registration', page: 'src/features/registration/RegistrationPage.tsx', html: true, formTexts: true },
  { route: '/svs/appointment/{code}', page: 'src/features/appointment/AppointmentLetterPage.tsx', html: true },
  { route: '/bill/{number}', page: 'src/features/bill-view/BillViewPage.tsx', html: true },
  { route: '/lot/{code}', page: 'src/features/public-lot/PublicLotPage.tsx', html: true },
  { route: '/credit-note/{number}', page: 'src/features/credit-note/CreditNotePage.tsx', html: true },
  { route: '/queue', page: 'src/features/queue/QueuePage.tsx' },
];

/** Budgets in KB of gzipped JavaScript (1 KB = 1024 bytes). */
export const BUDGET_KB = {
  /**
   * 150 until every public page linked the required pages and the form showed its notice (docs/decisions/0011);
   * 151 until the page's first view moved into its HTML (151.1: the app's few lines that let it be drawn at build
   * time, docs/decisions/0035); 152 until the form itself became the page's HTML, which the app takes over
   * (156.3, docs/decisions/0042): the app now draws the notice and its consent box with the form, never after it
   * (+2.9 KB with their texts), finds the district by typing (+1.2) and takes the page's fields over (+0.8). None
   * of it stands between the farmer and the form any more: the page's form works before the app has arrived.
   * 157 → 159 (158.5): Find my letter asks for the mobile and then a one-time code sent to it (docs/decisions/0043),
   * its code step shared with the letter's dialogs and My registrations, with its texts (+1.5 KB). It is below
   * the form, and the page's own find form works before the app arrives.
   * 159 → 160: a request refused for load (429, 503) is sent again and the farmer told so
   * (docs/product-rules.md#nobody-turned-away-unseen): the resend policy in the API client (+0.3 KB) and the form's
   * polite live region with its state (+0.2); the notice and its texts come only when the site is busy.
   * 160 → 161: VerifyMobileAtRegistration, the form's state for the code step and its proof; the step
   * itself (MobileCodeStep) and its words are fetched only when it opens or with the form's texts.
   */
  registration: 161,
  /**
   * The app's screens of the QR pages (/bill, /lot, /credit-note, reached inside the app, or loaded into the page
   * for staff and the letter's dialogs) and the queue display must stay below the registration page's budget.
   * 142 → 143 (142.4): the API client every screen shares now resends on 429/503 and carries a farmer session.
   */
  qrPages: 143,
  /** The QR pages as the server's HTML: their inline script, all the JavaScript before the content (target 30 KB). */
  qrPagesFirstView: 1.5,
  /**
   * The home page: 143.7 KB when the first paint stopped waiting for a stylesheet and semibold fonts (docs/performance.md);
   * 145 since the route table (which the API client carries) took the SMS routes: 144.1 KB (docs/decisions/0042).
   */
  home: 145,
} as const;

/** The inline script of the server's HTML pages, gzipped. */
export function pageScriptGzipKb(): number {
  return kb(gzipSync(Buffer.from(ENHANCE_SCRIPT)).length);
}

/** Chunks holding the messages of one language that public pages load (src/lib/i18n/hi.ts?messages=public), when split out. */
const LANGUAGE_CHUNK = /^src\/lib\/i18n\/(hi|en)\.ts(?:\?messages=public)?$/;

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteFigures {
  route: string;
  /** Language whose messages make the page heaviest (or '-' when the messages are in the entry). */
  language: string;
  /** Gzipped JavaScript the page downloads before it renders. */
  jsGzipKb: number;
  jsRawKb: number;
  cssGzipKb: number;
  /** Files counted, entry first. */
  files: string[];
  /** Chunks the page may import later (not counted). */
  deferred: string[];
}

export function readManifest(dir = DIST_DIR): Manifest {
  const path = join(dir, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build:web\` (build.manifest must be on)`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** The key and its static imports, depth first. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  into.add(key);
  for (const k of chunk.imports ?? []) staticClosure(manifest, k, into);
  return into;
}

/** Manifest keys of the scripts index.html loads or preloads (every page downloads them). */
function htmlScripts(manifest: Manifest, dir: string): string[] {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  return files.map((f) => {
    const key = Object.keys(manifest).find((k) => manifest[k].file === f);
    if (!key) throw new Error(`index.html loads ${f}, which is not in the build manifest`);
    return key;
  });
}

const sizes = new Map<string, { raw: number; gzip: number }>();
function sizeOf(dir: string, file: string): { raw: number; gzip: number } {
  const path = join(dir, file);
  let s = sizes.get(path);
  if (!s) {
    const bytes = readFileSync(path);
    s = { raw: bytes.length, gzip: gzipSync(bytes).length };
    sizes.set(path, s);
  }
  return s;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function figuresFor(manifest: Manifest, dir: string, r: PublicRoute, languageKey: string | null): RouteFigures {
  if (r.html) {
    const raw = kb(Buffer.byteLength(ENHANCE_SCRIPT));
    return { route: r.route, language: '-', jsGzipKb: pageScriptGzipKb(), jsRawKb: raw, cssGzipKb: 0, files: [], deferred: [] };
  }
  const keys = new Set<string>();
  staticClosure(manifest, 'index.html', keys);
  for (const k of htmlScripts(manifest, dir)) staticClosure(manifest, k, keys);
  if (!manifest[r.page]?.isDynamicEntry)
    throw new Error(`${r.page} (${r.route}) is not a lazily loaded chunk in the build manifest`);
  staticClosure(manifest, r.page, keys);
  if (languageKey) staticClosure(manifest, languageKey, keys);
  if (languageKey && r.formTexts) staticClosure(manifest, languageKey.replace('?messages=public', '?messages=form'), keys);

  const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const css = new Set([...keys].flatMap((k) => manifest[k].css ?? []));
  const deferred = new Set<string>();
  for (const k of keys) {
    for (const d of manifest[k].dynamicImports ?? []) if (!keys.has(d) && k === r.page) deferred.add(manifest[d].file);
  }
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const s = sizeOf(dir, f);
    raw += s.raw;
    gzip += s.gzip;
  }
  let cssGzip = 0;
  for (const f of css) cssGzip += sizeOf(dir, f).gzip;
  const language = languageKey ? (LANGUAGE_CHUNK.exec(languageKey)?.[1] ?? '?') : '-';
  return {
    route: r.route,
    language,
    jsGzipKb: kb(gzip),
    jsRawKb: kb(raw),
    cssGzipKb: kb(cssGzip),
    files,
    deferred: [...deferred],
  };
}

/** The public routes as the app shows them when reached inside it (the QR pages' app screens). */
export const APP_ROUTES: readonly PublicRoute[] = PUBLIC_ROUTES.map(({ route, page, formTexts }) => ({ route, page, formTexts }));

/** Per public route, the heaviest of the languages (a Hindi and an English visitor download different messages). */
export function routeFigures(dir = DIST_DIR, manifest = readManifest(dir), routes = PUBLIC_ROUTES): RouteFigures[] {
  const languages = Object.keys(manifest).filter((k) => LANGUAGE_CHUNK.test(k));
  return routes.map((r) => {
    const options = (languages.length ? languages : [null]).map((l) => figuresFor(manifest, dir, r, l));
    return options.reduce((a, b) => (b.jsGzipKb > a.jsGzipKb ? b : a));
  });
}

/** The sign-in page: not budgeted with the farmers' pages, but as light as they are of the staff libraries. */
export const LOGIN_ROUTE: PublicRoute = { route: '/login', page: 'src/features/auth/LoginPage.tsx' };

/** The chunks (by name, frontend/vite.config.ts) of the libraries only the staff screens use. */
export const STAFF_LIBRARY_CHUNKS = ['react-query', 'react-hook-form'] as const;

/** Which source modules of the admin area must never be on a public page's list. */
export const ADMIN_ONLY_SOURCES = [
  'src/components/AdminLayout.tsx',
  'src/features/dashboard/DashboardPage.tsx',
  'src/features/registrations/RegistrationsPage.tsx',
  'src/features/bills/BillsPage.tsx',
  'src/features/lots/LotsPage.tsx',
  'src/features/allocation/AllocationPage.tsx',
  'src/features/reports/ReportsPage.tsx',
  // Today at the counter and the offline counter (docs/decisions/0048-offline-counter.md) load through it.
  'src/features/registrations/CounterRoute.tsx',
];

export function formatTable(rows: RouteFigures[]): string {
  const head = ['route', 'JS gzip KB', 'JS raw KB', 'CSS gzip KB', 'language', 'chunks'];
  const lines = rows.map((r) => [
    r.route,
    r.jsGzipKb.toFixed(1),
    r.jsRawKb.toFixed(1),
    r.cssGzipKb.toFixed(1),
    r.language,
    String(r.files.length),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [fmt(head), ...lines.map(fmt)].join('\n');
}
