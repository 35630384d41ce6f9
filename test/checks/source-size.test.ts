import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No source file of the product over MAX_LINES lines: a file that long does more than one job (split it by job,
 * as functions/registrations and functions/sales are). The message tables are the exception: one key per line,
 * nothing to split by.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
const MAX_LINES = 400;
const SOURCE_DIRS = ['shared', 'functions', 'frontend/src', 'infra', 'bench', 'test'];
const MESSAGE_TABLES = new Set([
  'frontend/src/lib/i18n/en.ts',
  'frontend/src/lib/i18n/hi.ts',
  // Generated from the two above (infra/make-page-messages.ts).
  'functions/lib/pages/page-messages.ts',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(ROOT, dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'fixtures') return [];
    if (statSync(path).isDirectory()) return sourceFiles(join(dir, name));
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [relative(ROOT, path)] : [];
  });
}

export const linesOf = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('source files', () => {
  it(`are at most ${MAX_LINES} lines, the message tables apart`, () => {
    const files = SOURCE_DIRS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(300);
    const long = files
      .filter((f) => !MESSAGE_TABLES.has(f))
      .map((f) => ({ f, lines: linesOf(readFileSync(join(ROOT, f), 'utf8')) }))
      .filter((x) => x.lines > MAX_LINES)
      .map((x) => `${x.f}: ${x.lines} lines`);
    expect(long).toEqual([]);
  });

  it('counts lines as an editor does', () => {
    expect(linesOf('a\nb\n')).toBe(2);
    expect(linesOf('a\nb')).toBe(2);
    expect(linesOf(`${'x\n'.repeat(MAX_LINES + 1)}`)).toBeGreaterThan(MAX_LINES);
  });
});
