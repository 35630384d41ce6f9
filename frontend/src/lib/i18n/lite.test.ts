import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from './en';
import { hi } from './hi';
import { addMessages, translate } from './lite';

/** lite.ts stands in for i18next + react-i18next in the web build: it must give the same texts. */
const SRC = join(import.meta.dirname, '..', '..');

function leaves(obj: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v as Record<string, unknown>, `${prefix}${k}.`),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const real = i18next.createInstance();

beforeAll(async () => {
  await real.init({
    resources: { en: { translation: en }, hi: { translation: hi } },
    lng: 'hi',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  addMessages('en', en);
  addMessages('hi', hi);
});

describe('lite i18n', () => {
  it('gives i18next’s text for every key of both languages, with and without values', () => {
    for (const lng of ['en', 'hi'] as const) {
      const t = real.getFixedT(lng);
      for (const [key, text] of leaves(lng === 'en' ? en : hi)) {
        const names = [...text.matchAll(/\{\{(.+?)\}\}/g)].map((m) => m[1].trim());
        const values = Object.fromEntries(names.map((n, i) => [n, i % 2 ? 12.5 : `<${n} & "x">`]));
        expect(translate(lng, key, values), `${lng} ${key}`).toBe(t(key as never, values as never));
        if (names.length) {
          expect(translate(lng, key, { count: 3, ...values }), `${lng} ${key} count`).toBe(
            t(key as never, { count: 3, ...values } as never),
          );
          expect(translate(lng, key), `${lng} ${key} without values`).toBe(t(key as never));
          expect(translate(lng, key, {}), `${lng} ${key} with {}`).toBe(t(key as never, {} as never));
          const nulls = Object.fromEntries(names.map((n) => [n, null]));
          expect(translate(lng, key, nulls), `${lng} ${key} with null`).toBe(t(key as never, nulls as never));
        }
      }
    }
  });

  it('falls back to English, then to the key, as i18next does', () => {
    addMessages('en', { liteTestOnlyEnglish: 'English only' });
    real.addResource('en', 'translation', 'liteTestOnlyEnglish', 'English only');
    const t = real.getFixedT('hi');
    expect(translate('hi', 'liteTestOnlyEnglish')).toBe(t('liteTestOnlyEnglish' as never));
    expect(translate('hi', 'no.such.key')).toBe(t('no.such.key' as never));
    expect(translate('hi', ['no.such', 'app.name'])).toBe(t(['no.such', 'app.name'] as never));
  });

  it('is all the screens use of react-i18next and i18next (no Trans, namespaces or options objects)', () => {
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-i18next'/g)) {
        expect(m[2].trim(), file).toBe('useTranslation');
      }
      expect(text, file).not.toMatch(/import\s+(?!type\b)[^;]*from\s+'i18next'/);
      expect(text, file).not.toMatch(/useTranslation\(\s*[^)\s]/);
      expect(text, file).not.toMatch(/<Trans\b/);
    }
  });
});
