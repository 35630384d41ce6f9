import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** One way to write each thing that has a way (issue: names spelt two ways grow apart). */
const ROOT = resolve(import.meta.dirname, '..');

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

describe('one spelling', () => {
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
