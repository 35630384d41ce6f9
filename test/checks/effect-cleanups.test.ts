import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * An effect's function returns nothing or its cleanup. An arrow with an expression body returns what the expression
 * gives: `useEffect(() => el.scrollIntoView())` returns a promise in browsers where scrolling is awaitable, and React
 * then fails the whole screen when it unmounts ("destroy is not a function"). So an effect's arrow has a block body,
 * says `void` in front of its expression, or gives its cleanup (`() => () => …`), and is never `async` (which
 * returns a promise).
 */
const SRC = join(process.cwd(), 'frontend', 'src');
const EXPRESSION_EFFECT = /\buse(?:Layout)?Effect\(\s*(?:async\b|\(\)\s*=>(?!\s*(?:\{|void\b|\(\)\s*=>)))/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
}

describe("the app's effects", () => {
  it('return nothing or a cleanup: a block body or `void`, never an expression that gives a value', () => {
    const found = sourceFiles(SRC).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(EXPRESSION_EFFECT)].map((m) => `${file}:${text.slice(0, m.index).split('\n').length}`);
    });
    expect(found).toEqual([]);
  });

  it('the check finds an effect that returns what scrolling gives, and lets the other forms stand', () => {
    const hits = (text: string) => [...text.matchAll(EXPRESSION_EFFECT)].length;
    expect(hits("useEffect(() => ref.current?.scrollIntoView({ block: 'nearest' }), [sale]);")).toBe(1);
    expect(hits('useLayoutEffect(() => start(), []);')).toBe(1);
    expect(hits('useEffect(async () => { await load(); }, []);')).toBe(1); // returns a promise
    expect(hits('useEffect(() => {\n  ref.current?.scrollIntoView();\n}, []);')).toBe(0);
    expect(hits('useEffect(() => void load().catch(() => undefined), []);')).toBe(0);
    expect(hits('useEffect(\n  () => () => {\n    alive.current = false;\n  },\n  [],\n);')).toBe(0); // only a cleanup
  });
});
