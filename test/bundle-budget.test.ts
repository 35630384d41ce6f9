import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { FIRST_VIEW_LANGUAGES, FIRST_VIEWS, firstViewFile, type FirstViewName } from '@shared/routes';
import { describe, expect, it } from 'vitest';
import {
  DIST_DIR,
  ADMIN_ONLY_SOURCES,
  APP_ROUTES,
  BUDGET_KB,
  LOGIN_ROUTE,
  PUBLIC_ROUTES,
  readManifest,
  routeFigures,
  STAFF_LIBRARY_CHUNKS,
} from '../bench/lib/route-bundles';

/**
 * The JavaScript budget of the public pages, on the built web app (`npm test` runs `npm run build:web`
 * first; frontend/vite.config.ts writes the manifest this reads). A size check, not a timing: each public
 * route's entry + page chunk + static imports + its language's public messages, gzipped
 * (bench/lib/route-bundles.ts; `npx tsx bench/bundle-budget.ts` prints the same figures).
 */
const manifest = readManifest();
const figures = routeFigures(undefined, manifest);
/** The same routes as the app's screens (the QR pages reached inside the app, or loaded into the server's page). */
const appFigures = routeFigures(undefined, manifest, APP_ROUTES);
const kbOf = (route: string, of = appFigures) => {
  const f = of.find((r) => r.route === route);
  if (!f) throw new Error(`no figures for ${route}`);
  return f.jsGzipKb;
};

describe('public pages bundle budget', () => {
  it('measures every public route', () => {
    expect(figures.map((f) => f.route)).toEqual(PUBLIC_ROUTES.map((r) => r.route));
    for (const f of appFigures) expect(f.jsGzipKb).toBeGreaterThan(50); // React alone is more: the walk found the chunks
  });

  it(`the QR pages and the registration form, answered as HTML, run at most ${BUDGET_KB.qrPagesFirstView} KB of JavaScript (gzip) before their content, and fetch no script file`, () => {
    const html = PUBLIC_ROUTES.filter((r) => r.html).map((r) => r.route);
    expect(html).toEqual(['/registration', '/svs/appointment/{code}', '/bill/{number}', '/lot/{code}', '/credit-note/{number}']);
    for (const route of html) {
      expect(kbOf(route, figures), route).toBeLessThanOrEqual(BUDGET_KB.qrPagesFirstView);
      expect(figures.find((f) => f.route === route)!.files).toEqual([]);
    }
  });

  it(`/registration's app, which takes the form over, loads at most ${BUDGET_KB.registration} KB of JavaScript (gzip), React and MUI included`, () => {
    expect(kbOf('/registration')).toBeLessThanOrEqual(BUDGET_KB.registration);
  });

  it(`the QR pages /bill, /lot and /credit-note load less than /registration's budget (at most ${BUDGET_KB.qrPages} KB gzip)`, () => {
    expect(BUDGET_KB.qrPages).toBeLessThan(BUDGET_KB.registration);
    expect(kbOf('/bill/{number}')).toBeLessThanOrEqual(BUDGET_KB.qrPages);
    expect(kbOf('/lot/{code}')).toBeLessThanOrEqual(BUDGET_KB.qrPages);
    expect(kbOf('/credit-note/{number}')).toBeLessThanOrEqual(BUDGET_KB.qrPages);
  });

  it(`the queue display /queue loads no more than the QR pages (at most ${BUDGET_KB.qrPages} KB gzip)`, () => {
    expect(kbOf('/queue')).toBeLessThanOrEqual(BUDGET_KB.qrPages);
  });

  it('no public page downloads an admin screen, zod or the other language', () => {
    const adminFiles = ADMIN_ONLY_SOURCES.map((src) => manifest[src]?.file).filter(Boolean);
    expect(adminFiles.length).toBe(ADMIN_ONLY_SOURCES.length);
    const validate = manifest['src/features/registration/validate.ts']?.file;
    expect(validate, 'the registration form loads the shared zod schema on demand').toBeTruthy();
    for (const f of appFigures) {
      for (const file of adminFiles) expect(f.files, `${f.route} loads ${file}`).not.toContain(file);
      expect(f.files, `${f.route} loads zod up front`).not.toContain(validate);
      // The language of each messages file the page loads (the registration form loads its own part too).
      const languages = new Set(
        Object.entries(manifest)
          .filter(([, c]) => f.files.includes(c.file))
          .flatMap(([k]) => /^src\/lib\/i18n\/(en|hi)\.ts/.exec(k)?.[1] ?? []),
      );
      expect(languages.size, `${f.route} loads one language's messages`).toBe(1);
    }
  });

  it('no public page or the sign-in page downloads TanStack Query or react-hook-form', () => {
    const pages = [...appFigures, ...routeFigures(undefined, manifest, [LOGIN_ROUTE])];
    for (const name of STAFF_LIBRARY_CHUNKS) {
      const chunks = Object.values(manifest).filter((c) => c.name === name && !c.src);
      expect(chunks.length, `the build has one ${name} chunk`).toBe(1);
      for (const p of pages) expect(p.files, `${p.route} loads ${name}`).not.toContain(chunks[0].file);
    }
  });

  it(`/ loads at most ${BUDGET_KB.home} KB of JavaScript (gzip)`, () => {
    expect(kbOf('/')).toBeLessThanOrEqual(BUDGET_KB.home);
  });

  /** Gzip KB of the HTML of the pages with a first view (frontend/first-views.ts): measured 5.5. */
  const FIRST_VIEW_HTML_KB: Record<FirstViewName, number> = { home: 6.5 };
  for (const name of Object.keys(FIRST_VIEWS) as FirstViewName[]) {
    for (const lang of FIRST_VIEW_LANGUAGES) {
      it(`${FIRST_VIEWS[name]} in ${lang} answers index.html with its first view in at most ${FIRST_VIEW_HTML_KB[name]} KB (gzip), and nothing else changed`, () => {
        const index = readFileSync(join(DIST_DIR, 'index.html'), 'utf8');
        const html = readFileSync(join(DIST_DIR, firstViewFile(name, lang)), 'utf8');
        expect(gzipSync(html).length / 1024).toBeLessThanOrEqual(FIRST_VIEW_HTML_KB[name]);
        const view = new RegExp(
          `<div id="root">(<div class="first-view" lang="${lang}" inert aria-hidden="true">[\\s\\S]*</div>)</div>`,
        ).exec(html)?.[1];
        expect(view).toContain('<h1');
        expect(view).not.toMatch(/<script|<link|<style/);
        const styles = /(<style data-emotion="css-global [\s\S]*<\/style>)\n {2}<\/head>/.exec(html)?.[1];
        expect(styles).toMatch(/<style data-emotion="css [^"]+">/);
        expect(html).toContain(`<html lang="${lang}">`);
        const rest = html.replace(view!, '').replace(`${styles}\n  `, '').replace(`<html lang="${lang}">`, '<html lang="hi">');
        expect(rest).toBe(index);
      });
    }
  }

  it('the first paint waits for no stylesheet and no semibold font file (the entry CSS is in index.html)', () => {
    const html = readFileSync(join(DIST_DIR, 'index.html'), 'utf8');
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(style).toContain('@font-face');
    const faces = style.match(/@font-face\{[^}]*\}/g) ?? [];
    for (const face of faces.filter((f) => /font-weight:600/.test(f))) expect(face).not.toContain('url(');
  });
});
