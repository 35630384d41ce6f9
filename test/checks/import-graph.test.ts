import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import graph of the product's own code (shared/, functions/, frontend/src/, infra/; tests and benches left
 * out, as they may import anything), read from the source text, and the boundaries it must keep:
 *  - no module imports itself through others at run time (type-only imports are left out of this one: they are
 *    erased and load nothing; dynamic `import()` counts, since it loads the module);
 *  - each top folder imports only the folders of TOP_FOLDER_REACH;
 *  - an area of functions/ imports another area's modules only as AREA_REACH declares, never a service,
 *    repository or handler, and the areas import each other in one direction only (a module of stored items,
 *    `*-entity.ts`, is the exception: it is the item's definition both sides agree on);
 *  - a feature of the web app never imports another feature or the app shell.
 * Type-only imports count for the boundaries: a type names the module it comes from.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
const SOURCE_DIRS = ['shared', 'functions', 'frontend/src', 'infra'];
const ALIASES: Record<string, string> = {
  '@web/': 'frontend/src/',
  '@shared/': 'shared/',
  '@functions/': 'functions/',
  '@infra/': 'infra/',
  '@test/': 'test/',
  '@bench/': 'bench/',
};
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const rel = join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(join(ROOT, rel)).isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !isTest(name)) out.push(rel);
  }
  return out;
}

/** Module specifiers a file loads at run time: static imports and re-exports that are not type-only, and import(). */
export function runtimeSpecifiers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm;
  for (const m of code.matchAll(statement)) {
    if (m[2]) continue; // import type … / export type …
    const names = m[3].replace(/[{}\s]/g, '');
    // `import { type A, type B } from` loads nothing either.
    if (names && names.split(',').every((n) => n.startsWith('type') && n.length > 4 && /^type[A-Z_]/.test(n))) continue;
    found.push(m[4]);
  }
  for (const m of code.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push(m[1]);
  for (const m of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1]);
  return found;
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  const spec = specifier.replace(/\?.*$/, ''); // Vite's queries ('./hi?messages=public') name the same file
  let base: string | undefined;
  if (spec.startsWith('.')) base = join(dirname(from), spec);
  else {
    const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
    if (alias) base = ALIASES[alias] + spec.slice(alias.length);
  }
  if (!base) return undefined; // a package
  const stem = base.replace(/\.(m?js|tsx?)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, join(stem, 'index.ts'), join(stem, 'index.tsx'), base]) {
    if (existsSync(join(ROOT, candidate)) && statSync(join(ROOT, candidate)).isFile())
      return relative(ROOT, join(ROOT, candidate));
  }
  return undefined;
}

/** Every module specifier a file names: runtime imports and type-only ones. */
export function allSpecifiers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = [...code.matchAll(/^\s*(?:import|export)\s+(?:type\s+)?[^'";]*?\s*from\s*['"]([^'"]+)['"]/gm)].map((m) => m[1]);
  for (const m of code.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push(m[1]);
  for (const m of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1]);
  return found;
}

type Graph = Map<string, { spec: string; target: string | undefined }[]>;

function importGraph(specifiersOf: (text: string) => string[] = runtimeSpecifiers): Graph {
  const graph: Graph = new Map();
  for (const file of SOURCE_DIRS.flatMap(sourceFiles)) {
    const specs = specifiersOf(readFileSync(join(ROOT, file), 'utf8'));
    graph.set(
      file,
      specs.map((spec) => ({ spec, target: resolveSpecifier(file, spec) })),
    );
  }
  return graph;
}

/** Strongly connected components of more than one file (or a file importing itself): Tarjan's algorithm. */
function cycles(graph: Map<string, { target: string | undefined }[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const { target: w } of graph.get(v) ?? []) {
      if (!w || !graph.has(w)) continue;
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      const selfImport = (graph.get(v) ?? []).some((e) => e.target === v);
      if (component.length > 1 || selfImport) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v);
  return found;
}

/** The folders each top folder may import (its own included). */
const TOP_FOLDER_REACH: Record<string, string[]> = {
  shared: ['shared/'],
  functions: ['functions/', 'shared/'],
  'frontend/src': ['frontend/src/', 'shared/'],
  // infra deploys the functions and builds the pages' words from the app's (infra/make-page-messages.ts).
  infra: ['infra/', 'functions/', 'shared/', 'frontend/src/lib/i18n/'],
};

/**
 * What each area of functions/ imports from other areas: `area/module`. Stored-item modules (`*-entity`) are
 * listed too. Every area has an entry (a new area starts with none); functions/lib is shared by all and imports
 * no area.
 */
export const AREA_REACH: Record<string, string[]> = {
  admin: ['reconcile/job'],
  allocation: [
    'crops/crop-dropdown',
    'crops/crop-entity',
    'lots/lot-entity',
    'registrations/registration-entity',
    'registrations/scan-purge-entity',
    'notifications/outbox-entity',
  ],
  'audit-archive': [],
  auth: [],
  cms: ['home/content-store'],
  counter: ['registrations/registration-entity', 'sales/invoice-entity', 'sales/sale-clock', 'sales/seller-day'],
  crops: [],
  dashboard: ['crops/crop-entity', 'lots/lot-entity', 'sales/invoice-entity'],
  exports: ['counter/today-list', 'registrations/list', 'sales/day-close', 'sales/invoice-search'],
  farmers: [],
  home: ['allocation/published-draws'],
  lib: [],
  notifications: ['allocation/appointments', 'registrations/farmer-code-entity', 'registrations/registration-entity'],
  lots: ['allocation/pool', 'allocation/promotion', 'crops/crop-entity', 'producers/producer-entity'],
  producers: [],
  reconcile: [
    'farmers/farmer-entity',
    'registrations/registration-entity',
    'registrations/registration-events',
    'registrations/registration-link',
    'sales/invoice-entity',
  ],
  registrations: [
    'allocation/appointments',
    'allocation/draw-store',
    'allocation/entries',
    'allocation/outbox',
    'allocation/pool',
    'allocation/promise',
    'allocation/promotion',
    'allocation/queue',
    'allocation/queue-store',
    'allocation/slots',
    'crops/crop-dropdown',
    'crops/crop-entity',
    'farmers/farmer-entity',
    'farmers/farmer-of-registration',
    'home/site-pages',
    'lots/lot-entity',
    'sales/invoice-entity',
    'notifications/outbox-store',
  ],
  sales: [
    'allocation/entries',
    'allocation/pool',
    'crops/crop-entity',
    'lots/lot-entity',
    'registrations/registration-entity',
    'registrations/scan-purge-entity',
  ],
};

/** A module no other area may import: an area's service, repository or handler is its own business. */
export const isAreaInternal = (module: string) => /(^|[/-])(service|repository|handler)$/.test(module);

const isEntity = (module: string) => module.endsWith('-entity');

/** `functions/<area>/<module>.ts` as area and module, or undefined outside functions/. */
function areaModule(file: string): { area: string; module: string } | undefined {
  const m = /^functions\/([^/]+)\/(.+)\.tsx?$/.exec(file);
  return m ? { area: m[1], module: m[2] } : undefined;
}

/** Imports from one area into another, as 'area -> otherArea/module'. */
export function crossAreaImports(graph: Graph): { from: string; area: string; target: string; targetArea: string }[] {
  return [...graph].flatMap(([file, edges]) => {
    const from = areaModule(file);
    if (!from) return [];
    return edges.flatMap((e) => {
      const to = e.target ? areaModule(e.target) : undefined;
      if (!to || to.area === from.area || to.area === 'lib') return [];
      return [{ from: file, area: from.area, target: `${to.area}/${to.module}`, targetArea: to.area }];
    });
  });
}

/** Areas that import each other, directly or around a loop, through modules other than stored-item definitions. */
export function areaLoops(edges: { area: string; target: string; targetArea: string }[]): string[][] {
  const areaGraph = new Map<string, { target: string }[]>();
  for (const e of edges) {
    if (isEntity(e.target.split('/').slice(1).join('/'))) continue;
    const list = areaGraph.get(e.area) ?? [];
    list.push({ target: e.targetArea });
    areaGraph.set(e.area, list);
    if (!areaGraph.has(e.targetArea)) areaGraph.set(e.targetArea, []);
  }
  return cycles(areaGraph);
}

describe('the import graph', () => {
  const graph = importGraph();

  it('is read: every relative or aliased import names a file that exists', () => {
    expect(graph.size).toBeGreaterThan(300);
    const unresolved = [...graph].flatMap(([file, edges]) =>
      edges
        .filter(
          (e) =>
            (e.spec.startsWith('.') || (e.spec.startsWith('@') && Object.keys(ALIASES).some((a) => e.spec.startsWith(a)))) &&
            !e.target,
        )
        .map((e) => `${file} -> ${e.spec}`),
    );
    expect(unresolved).toEqual([]);
  });

  it('has no cycle: no module loads itself through the modules it imports', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('the functions never import the web app', () => {
    const intoWeb = [...graph]
      .filter(([file]) => file.startsWith('functions/'))
      .flatMap(([file, edges]) => edges.filter((e) => e.target?.startsWith('frontend/')).map((e) => `${file} -> ${e.spec}`));
    expect(intoWeb).toEqual([]);
  });

  const fullGraph = importGraph(allSpecifiers);

  it('each top folder imports only the folders it may', () => {
    const outside = [...fullGraph].flatMap(([file, edges]) => {
      const top = Object.keys(TOP_FOLDER_REACH).find((t) => file.startsWith(`${t}/`));
      if (!top) return [`${file}: in no top folder of TOP_FOLDER_REACH`];
      return edges
        .filter((e) => e.target && !TOP_FOLDER_REACH[top].some((allowed) => e.target!.startsWith(allowed)))
        .map((e) => `${file} -> ${e.spec}`);
    });
    expect(outside).toEqual([]);
  });

  it('every area of functions/ has its reach declared, and no area may reach into another area’s service, repository or handler', () => {
    const areas = readdirSync(join(ROOT, 'functions')).filter((n) => statSync(join(ROOT, 'functions', n)).isDirectory());
    expect(areas.filter((a) => !(a in AREA_REACH))).toEqual([]);
    expect(Object.keys(AREA_REACH).filter((a) => !areas.includes(a))).toEqual([]);
    expect(
      Object.entries(AREA_REACH).flatMap(([area, list]) => list.filter(isAreaInternal).map((m) => `${area} -> ${m}`)),
    ).toEqual([]);
    expect(AREA_REACH.lib).toEqual([]);
  });

  it('an area imports from other areas only what its reach declares', () => {
    const edges = crossAreaImports(fullGraph);
    const undeclared = edges.filter((e) => !AREA_REACH[e.area]?.includes(e.target)).map((e) => `${e.from} -> ${e.target}`);
    expect(undeclared).toEqual([]);
    // A declared module that nothing imports any more is taken off the list.
    const unused = Object.entries(AREA_REACH).flatMap(([area, list]) =>
      list.filter((m) => !edges.some((e) => e.area === area && e.target === m)).map((m) => `${area} -> ${m}`),
    );
    expect(unused).toEqual([]);
  });

  it('the areas import each other in one direction only', () => {
    expect(areaLoops(crossAreaImports(fullGraph))).toEqual([]);
  });

  it('a feature of the web app imports neither another feature nor the app shell', () => {
    const shell = /^frontend\/src\/(App|main|router|render|startup)\.tsx?$/;
    const crossing = [...fullGraph]
      .filter(([file]) => file.startsWith('frontend/src/features/'))
      .flatMap(([file, edges]) => {
        const feature = file.split('/')[3];
        return edges
          .filter(
            (e) =>
              e.target &&
              (shell.test(e.target) || (e.target.startsWith('frontend/src/features/') && e.target.split('/')[3] !== feature)),
          )
          .map((e) => `${file} -> ${e.spec}`);
      });
    expect(crossing).toEqual([]);
  });

  it('catches what it looks for (a cycle, a type-only import left out, an import of the web app)', () => {
    const fake = new Map([
      ['a.ts', [{ target: 'b.ts' }]],
      ['b.ts', [{ target: 'a.ts' }]],
      ['c.ts', [{ target: 'c.ts' }]],
      ['d.ts', [{ target: 'a.ts' }]],
    ]);
    expect(cycles(fake)).toEqual([['a.ts', 'b.ts'], ['c.ts']]);
    expect(runtimeSpecifiers("import type { A } from './a';\nimport { type B } from './b';\nimport { c } from './c';")).toEqual([
      './c',
    ]);
    expect(runtimeSpecifiers("export { x } from '@web/lib/x';\nconst m = () => import('./lazy');")).toEqual([
      '@web/lib/x',
      './lazy',
    ]);
    expect(resolveSpecifier('functions/lib/pages/format.ts', '@shared/india-day')).toBe('shared/india-day.ts');
  });

  it('catches a boundary crossed (another area’s repository, an area loop, a type-only import counted)', () => {
    expect(['sales/repository', 'sales/credit-notes-repository', 'crops/service', 'lots/handler'].map(isAreaInternal)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['sales/invoice-entity', 'lots/lot-page', 'crops/crop-dropdown'].some(isAreaInternal)).toBe(false);
    const fake: Graph = new Map([
      ['functions/a/x.ts', [{ spec: '../b/repository', target: 'functions/b/repository.ts' }]],
      ['functions/b/y.ts', [{ spec: '../a/z', target: 'functions/a/z.ts' }]],
      ['functions/c/w.ts', [{ spec: '../a/a-entity', target: 'functions/a/a-entity.ts' }]],
      ['functions/a/v.ts', [{ spec: '../c/u', target: 'functions/c/u.ts' }]],
    ]);
    const edges = crossAreaImports(fake);
    expect(edges.map((e) => `${e.area} -> ${e.target}`)).toEqual([
      'a -> b/repository',
      'b -> a/z',
      'c -> a/a-entity',
      'a -> c/u',
    ]);
    expect(areaLoops(edges)).toEqual([['a', 'b']]);
    expect(allSpecifiers("import type { A } from '../b/repository';")).toEqual(['../b/repository']);
  });
});
