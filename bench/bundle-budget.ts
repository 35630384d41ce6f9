/**
 * JavaScript each public page downloads before it renders, in KB gzip, against the budget
 * (/registration at most 150 KB including React and MUI, the QR pages /bill and /lot less).
 *
 *   npx tsx bench/bundle-budget.ts              # builds frontend/dist (vite build), then measures
 *   npx tsx bench/bundle-budget.ts --no-build   # measures the frontend/dist already built
 *   npx tsx bench/bundle-budget.ts --files      # also lists the chunks of each route
 *
 * How it counts (bench/lib/route-bundles.ts): from Vite's manifest, the entry with its static imports, the
 * route's lazy page chunk with its static imports and the messages of the heavier language; chunks loaded
 * later (validation on submit, admin screens) are not counted. gzip at zlib's default level, 1 KB = 1024 B.
 * Not a test: test/bundle-budget.test.ts asserts the budget on the same figures.
 */
import { APP_ROUTES, BUDGET_KB, DIST_DIR, formatTable, routeFigures } from './lib/route-bundles';

const args = new Set(process.argv.slice(2));

if (!args.has('--no-build')) {
  const { build } = await import('vite');
  await build({ configFile: new URL('../frontend/vite.config.ts', import.meta.url).pathname, logLevel: 'warn' });
}

const rows = routeFigures(DIST_DIR);
console.log("First view (the QR pages are the server's HTML: their inline script only):");
console.log(`${formatTable(rows)}\n`);
console.log("The same routes as the app's screens (reached inside the app):");
console.log(`${formatTable(routeFigures(DIST_DIR, undefined, APP_ROUTES))}\n`);
for (const r of rows) {
  const budget =
    r.route === '/registration'
      ? BUDGET_KB.registration
      : r.route === '/'
        ? BUDGET_KB.home
        : r.route.startsWith('/bill') ||
            r.route.startsWith('/lot') ||
            r.route.startsWith('/credit-note') ||
            r.route.startsWith('/svs')
          ? BUDGET_KB.qrPagesFirstView
          : null;
  const verdict =
    budget === null
      ? ''
      : r.jsGzipKb <= budget
        ? `ok (budget ${budget} KB)`
        : `OVER BUDGET by ${(r.jsGzipKb - budget).toFixed(1)} KB (budget ${budget} KB)`;
  if (verdict) console.log(`${r.route}: ${r.jsGzipKb.toFixed(1)} KB  ${verdict}`);
  if (args.has('--files')) {
    for (const f of r.files) console.log(`    ${f}`);
    if (r.deferred.length) console.log(`    later: ${r.deferred.join(', ')}`);
  }
}
