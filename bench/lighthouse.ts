/**
 * Lighthouse (mobile preset: Moto G Power viewport, simulated slow 4G with 4x CPU slowdown) on each public
 * page of the built web app, served by the local stand-in with real data behind the pages.
 *
 *   npx tsx bench/lighthouse.ts                 # builds frontend/dist, then 1 run per page
 *   RUNS=3 npx tsx bench/lighthouse.ts          # median of 3 runs per page (by performance score)
 *   npx tsx bench/lighthouse.ts --no-build      # uses the frontend/dist already built
 *   REPORTS=1 npx tsx bench/lighthouse.ts       # also writes the JSON reports to test-results/lighthouse/
 *   STATIC_DIR=/path/to/dist npx tsx bench/lighthouse.ts   # measures another build (not rebuilt)
 *   PAGES=/,/registration npx tsx bench/lighthouse.ts     # only these pages (labels as printed)
 *   THROTTLE=slow3g npx tsx bench/lighthouse.ts           # RTT 300 ms, 700 kbps, 4x CPU instead of slow 4G
 *
 * The site: infra/local/stack.ts started in this process on free ports with a temporary data directory
 * (bench/lib/public-pages-site.ts): a lot, a registration and the bill of its sale are made through the API.
 * The gateway compresses text and marks /assets/* immutable, as CloudFront does. Chromium is Debian's
 * /usr/bin/chromium (CHROMIUM_PATH to change), started by chrome-launcher; every run starts from empty
 * caches and storage (Lighthouse's default). Targets: performance >= 90, accessibility >= 95, LCP <= 2.5 s; the QR
 * pages (answered as HTML by their function, docs/decisions/0030) performance >= 98, accessibility 100 and
 * LCP <= 1.5 s in every run. Each run's figures are printed under the table, so "3 of 3" can be read off.
 * Not a test: it prints figures (docs/performance.md, "Public pages: bundle budget and Lighthouse").
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@test/support/chromium';
import { startPublicPagesSite } from './lib/public-pages-site';

const RUNS = Number(process.env.RUNS ?? 1);
const args = new Set(process.argv.slice(2));
const ROOT = join(import.meta.dirname, '..');
/** STATIC_DIR: another build to measure (e.g. an older one, built elsewhere with --no-build). */
const DIST = process.env.STATIC_DIR ?? join(ROOT, 'frontend', 'dist');
const TARGETS = { performance: 90, accessibility: 95, lcpMs: 2500 };
const QR_PAGE_TARGETS = { performance: 98, accessibility: 100, lcpMs: 1500 };
const targetsOf = (label: string) => (/^\/(bill|lot|svs\/appointment|credit-note)\//.test(label) ? QR_PAGE_TARGETS : TARGETS);
/** A slow 3G-like link: what a farmer's phone has at the edge of coverage (TTI is reported for it). */
const SLOW_3G = {
  rttMs: 300,
  throughputKbps: 700,
  cpuSlowdownMultiplier: 4,
  requestLatencyMs: 300 * 3.75,
  downloadThroughputKbps: 700 * 0.9,
  uploadThroughputKbps: 700 * 0.9,
};
const THROTTLE = process.env.THROTTLE === 'slow3g' ? 'slow3g' : 'slow4g';
const ONLY = process.env.PAGES ? new Set(process.env.PAGES.split(',').map((p) => p.trim())) : undefined;

if (!args.has('--no-build') && !process.env.STATIC_DIR) {
  const { build } = await import('vite');
  await build({ configFile: join(ROOT, 'frontend', 'vite.config.ts'), logLevel: 'warn' });
}

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  ttiMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  siMs: number;
  jsKb: number;
  totalKb: number;
  failing: string[];
}

const site = await startPublicPagesSite(DIST);
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });

const pages = (
  [
    ['/', site.paths.home],
    ['/registration', site.paths.registration],
    ['/svs/appointment/{code}', site.paths.appointment],
    ['/bill/{number}', site.paths.bill],
    ['/bill/{number}?t={token}', site.paths.billWithToken],
    ['/lot/{code}', site.paths.lot],
  ] as [string, string][]
).filter(([label]) => !ONLY || ONLY.has(label));

const score = (v: number | null | undefined) => Math.round((v ?? 0) * 100);

async function measure(path: string): Promise<Figures> {
  const result = await lighthouse(`${site.url}${path}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    ...(THROTTLE === 'slow3g' ? { throttling: SLOW_3G } : {}),
  });
  if (!result) throw new Error(`no Lighthouse result for ${path}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (process.env.REPORTS) {
    const dir = join(ROOT, 'test-results', 'lighthouse');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${path.replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(lhr));
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items =
    (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)
      ?.items ?? [];
  const transfer = (type: string) => (items.find((i) => i.resourceType === type)?.transferSize ?? 0) / 1024;
  const failing = Object.values(lhr.categories)
    .filter((c) => c.id !== 'performance')
    .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1).map((r) => `${c.id}:${r.id}`));
  return {
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories['best-practices']?.score),
    lcpMs: audit('largest-contentful-paint'),
    ttiMs: audit('interactive'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcpMs: audit('first-contentful-paint'),
    siMs: audit('speed-index'),
    jsKb: transfer('script'),
    totalKb: transfer('total'),
    failing,
  };
}

const rows: [string, Figures][] = [];
const allRuns = new Map<string, Figures[]>();
try {
  for (const [label, path] of pages) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(path));
    allRuns.set(label, [...runs]);
    runs.sort((a, b) => a.performance - b.performance);
    rows.push([label, runs[Math.floor(runs.length / 2)]]);
    const each = runs.map((r) => `${r.performance} (LCP ${(r.lcpMs / 1000).toFixed(2)} s, TTI ${(r.ttiMs / 1000).toFixed(2)} s)`);
    process.stderr.write(`${label}: ${each.join(', ')}\n`);
  }
} finally {
  chrome.kill();
  await site.stop();
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const head = ['page', 'perf', 'a11y', 'best pr.', 'LCP', 'TTI', 'TBT', 'CLS', 'FCP', 'SI', 'JS KB', 'total KB'];
const lines = rows.map(([label, f]) => [
  label,
  String(f.performance),
  String(f.accessibility),
  String(f.bestPractices),
  s(f.lcpMs),
  s(f.ttiMs),
  `${Math.round(f.tbtMs)} ms`,
  f.cls.toFixed(3),
  s(f.fcpMs),
  s(f.siMs),
  f.jsKb.toFixed(1),
  f.totalKb.toFixed(1),
]);
const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
console.log(
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset (${THROTTLE === 'slow3g' ? 'simulated RTT 300 ms, 700 kbps' : 'simulated slow 4G'}, 4x CPU), ${RUNS} run(s) per page, median shown; transfer sizes as served (brotli)`,
);
console.log(fmt(head));
console.log(fmt(widths.map((w) => '-'.repeat(w))));
for (const l of lines) console.log(fmt(l));
console.log('\nEach run (performance / accessibility / LCP / JS KB):');
for (const [label, runs] of allRuns) {
  const t = targetsOf(label);
  const met = runs.filter((f) => f.performance >= t.performance && f.accessibility >= t.accessibility && f.lcpMs <= t.lcpMs);
  console.log(
    `${label}: ${runs.map((f) => `${f.performance} / ${f.accessibility} / ${s(f.lcpMs)} / ${f.jsKb.toFixed(1)}`).join(';  ')}  -> targets met in ${met.length} of ${runs.length}`,
  );
}
for (const [label, f] of rows) {
  const t = targetsOf(label);
  const misses = [
    f.performance < t.performance && `performance ${f.performance} < ${t.performance}`,
    f.accessibility < t.accessibility && `accessibility ${f.accessibility} < ${t.accessibility}`,
    f.lcpMs > t.lcpMs && `LCP ${s(f.lcpMs)} > ${s(t.lcpMs)}`,
  ].filter(Boolean);
  if (misses.length) console.log(`${label}: target missed: ${misses.join('; ')}`);
  if (f.failing.length) console.log(`${label}: failing audits: ${f.failing.join(', ')}`);
}
