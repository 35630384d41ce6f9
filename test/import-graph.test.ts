import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import graph of the product's own code (shared/, functions/, frontend/src/, infra/; tests and benches left
 * out), read from the source text: no module imports itself through others at run time, and the functions never
 * import the web app. Type-only imports (`import type`, `export type`) are left out: they are erased and load
 * nothing. Dynamic `import()` counts, since it loads the module.
 */
const ROOT = resolve(import.meta.dirname, '..');
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

function importGraph(): Map<string, { spec: string; target: string | undefined }[]> {
  const graph = new Map<string, { spec: string; target: string | undefined }[]>();
  for (const file of SOURCE_DIRS.flatMap(sourceFiles)) {
    const specs = runtimeSpecifiers(readFileSync(join(ROOT, file), 'utf8'));
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
});
