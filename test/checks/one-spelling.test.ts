import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** One way to write each thing that has a way (issue: names spelt two ways grow apart). */
const ROOT = resolve(import.meta.dirname, '..', '..');

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(ROOT, dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return files(join(dir, name), ext);
    return ext.test(name) ? [relative(ROOT, path)] : [];
  });
}

/** The codes functions/lib/errors.ts has a helper for: raised only through it. */
const HELPED_CODES = ['VALIDATION', 'NOT_FOUND', 'CONFLICT', 'FORBIDDEN', 'UNAUTHORIZED'];
export const raisesHelpedCodeByHand = (text: string) =>
  new RegExp(`new AppError\\(\\s*['"](${HELPED_CODES.join('|')})['"]`).test(text);

/**
 * File names: a `.ts` module in kebab-case (`use-page-title.ts`, `letter-page.ts`); a `.tsx` file is a component
 * named as it (`LetterSheet.tsx`) or a kebab-case module (`site-content.tsx`). `.test`/`.e2e.test`/`.d` suffixes apart.
 */
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const PASCAL = /^[A-Z][A-Za-z0-9]*$/;
export function misnamed(file: string): boolean {
  const name = file.split('/').pop()!;
  const m = /^(.+?)((\.e2e)?\.test|\.d)?\.(ts|tsx)$/.exec(name);
  if (!m) return false;
  return m[4] === 'ts' ? !KEBAB.test(m[1]) : !KEBAB.test(m[1]) && !PASCAL.test(m[1]);
}

describe('one spelling', () => {
  it('file names are kebab-case (components PascalCase)', () => {
    const sources = ['shared', 'functions', 'frontend/src', 'infra', 'bench', 'test'].flatMap((d) => files(d, /\.tsx?$/));
    expect(sources.length).toBeGreaterThan(500);
    expect(sources.filter(misnamed)).toEqual([]);
  });

  it('sees a misnamed file', () => {
    expect(['a/useFeedback.ts', 'a/Feedback.ts', 'a/fieldMessages.test.ts', 'a/use_x.tsx'].map(misnamed)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(
      ['a/use-feedback.ts', 'a/LetterSheet.tsx', 'a/site-content.tsx', 'a/x.e2e.test.ts', 'a/vite-env.d.ts'].some(misnamed),
    ).toBe(false);
  });

  it('an error with a helper (badRequest, notFound, conflict, forbidden, unauthorized) is raised by its helper', () => {
    const byHand = files('functions', /\.ts$/)
      .filter((f) => f !== 'functions/lib/errors.ts' && !f.endsWith('.test.ts'))
      .filter((f) => raisesHelpedCodeByHand(readFileSync(join(ROOT, f), 'utf8')));
    expect(byHand).toEqual([]);
  });

  it('sees an error raised by hand', () => {
    expect(raisesHelpedCodeByHand("throw new AppError('CONFLICT', 'taken');")).toBe(true);
    expect(raisesHelpedCodeByHand("throw new AppError('UNAVAILABLE', 'busy');")).toBe(false);
  });
});
