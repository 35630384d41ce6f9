import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The tests' helpers are written once, in test/support (browser.ts, e2e.ts, api.ts, steps.ts): a test file that
 * grows its own copy of one fails here. Reads files only.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(ROOT, dir, name);
    if (statSync(path).isDirectory()) return files(join(dir, name));
    return name.endsWith('.ts') ? [relative(ROOT, path)] : [];
  });
}

/** What a test file may not write for itself, and the helper that does it. */
export const COPIES: { what: string; pattern: RegExp; use: string }[] = [
  {
    what: 'a screenshot helper of its own',
    pattern: /(function\s+shot\s*\(|const\s+shot\s*=\s*async|copyFileSync\([^)]*SHOTS_DIR)/,
    use: "shotsOf('file-name') (test/support/browser.ts)",
  },
  {
    what: "a download read from the browser's disk",
    pattern: /\.path\(\)\)!?\)/,
    use: 'downloadedBytes (test/support/browser.ts)',
  },
  {
    what: 'a registration through the API checked for 201 by hand',
    pattern: /=\s*await registerFarmer\(api, validFields\([^\n]*\)\);\n\s*expect\(\w+\.status(, \w+\.text)?\)\.toBe\(201\);/,
    use: 'newRegistration (test/support/steps.ts)',
  },
  {
    what: 'a setting saved by a helper of its own',
    pattern: /function setConfig\([^)]*\)[^{]*\{\n[^}]*'\/api\/config'/,
    use: 'saveConfig (test/support/steps.ts)',
  },
  {
    what: "a browser context of a visitor's viewport, language and time zone set up by hand",
    pattern: /newContext\(\{\n\s*viewport,\n\s*locale: lang === 'en' \? 'en-IN' : 'hi-IN',/,
    use: 'e2e.context (test/support/e2e.ts)',
  },
];

/**
 * The files whose subject is the login page (where it sends each role, what it says, the top bar on it) walk it;
 * every other test starts signed in on its own screen with e2e.signedInPage or e2e.adminPage.
 */
const SIGN_IN_SUBJECTS = new Set([
  'test/e2e/admin-shell.e2e.test.ts',
  'test/e2e/counter.e2e.test.ts',
  'test/e2e/counter-search.e2e.test.ts',
  'test/e2e/catalogue.e2e.test.ts',
  'test/e2e/settings.e2e.test.ts',
  'test/e2e/public-top-bar.e2e.test.ts',
  'test/e2e/staff-second-factor.e2e.test.ts',
]);
const LOGIN_WALK = /submitSignIn\(|locator\('input\[name="password"\]'\)\.fill\(/;
export const loginWalkIn = (file: string, text: string) =>
  !SIGN_IN_SUBJECTS.has(file) && LOGIN_WALK.test(text)
    ? ['signs in through the login page: use e2e.signedInPage or e2e.adminPage (test/support/e2e.ts)']
    : [];

export const copiesIn = (text: string) => COPIES.filter((c) => c.pattern.test(text)).map((c) => `${c.what}: use ${c.use}`);

describe('test helpers written once', () => {
  it('no test file carries a copy of a helper of test/support', () => {
    const tests = files('test').filter((f) => !f.startsWith('test/support/') && f !== 'test/checks/helpers-once.test.ts');
    expect(tests.length).toBeGreaterThan(100);
    const found = tests.flatMap((f) => {
      const text = readFileSync(join(ROOT, f), 'utf8');
      return [...copiesIn(text), ...loginWalkIn(f, text)].map((c) => `${f}: ${c}`);
    });
    expect(found).toEqual([]);
  });

  it('sees each kind of copy', () => {
    const samples = [
      "async function shot(p: Page, name: string) {\n  await p.screenshot({ path: 'x' });\n}",
      'const bytes = readFileSync((await download.path())!);',
      "const r = await registerFarmer(api, validFields({ cropName: 'Wheat' }));\n  expect(r.status, r.text).toBe(201);",
      "async function setConfig(key: string, value: string) {\n  const r = await api.call('POST', '/api/config', { body: { key, value } });\n}",
      "const ctx = await e2e.browser.newContext({\n    viewport,\n    locale: lang === 'en' ? 'en-IN' : 'hi-IN',",
    ];
    expect(samples.map((s) => copiesIn(s).length)).toEqual([1, 1, 1, 1, 1]);
    expect(loginWalkIn('test/e2e/audit.e2e.test.ts', 'await e2e.submitSignIn(page);')).toHaveLength(1);
    expect(loginWalkIn('test/e2e/x.e2e.test.ts', 'await p.locator(\'input[name="password"]\').fill(PASSWORD);')).toHaveLength(1);
    expect(loginWalkIn('test/e2e/admin-shell.e2e.test.ts', 'await e2e.submitSignIn(page);')).toEqual([]);
    expect(copiesIn("const shot = shotsOf('audit');\nconst bytes = await downloadedBytes(download);")).toEqual([]);
  });
});
