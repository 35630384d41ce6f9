import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The linter's configuration and its decision record say the same (docs/decisions/0014-lint-and-format.md,
 * "Rules beyond the category, and every exception"), and the linter fails on the defects it is there for.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
const CONFIG_FILE = join(ROOT, '.oxlintrc.json');
const DECISION = join(ROOT, 'docs/decisions/0014-lint-and-format.md');

type Setting = string | [string, ...unknown[]];
interface LintConfig {
  categories?: Record<string, string>;
  rules?: Record<string, Setting>;
  overrides?: { files: string[]; rules?: Record<string, Setting> }[];
}
const config = JSON.parse(readFileSync(CONFIG_FILE, 'utf8')) as LintConfig;
const level = (s: Setting) => (Array.isArray(s) ? s[0] : s);
/** Rules the decision's bullet list describes (the React hooks rules). */
const DESCRIBED_IN_BULLETS = new Set(['react/rules-of-hooks', 'react/exhaustive-deps']);

function documentedRules(): { rule: string; setting: string; where: string; why: string }[] {
  const text = readFileSync(DECISION, 'utf8');
  const table = /<!-- lint-rules:start -->([\s\S]*?)<!-- lint-rules:end -->/.exec(text)?.[1] ?? '';
  return table
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .map((l) => {
      const [rule, setting, where, why] = l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim());
      return { rule: rule.replace(/`/g, ''), setting, where, why };
    });
}

describe('the linter', () => {
  const rows = documentedRules();

  it('runs the correctness category', () => {
    expect(config.categories?.correctness).toBe('error');
  });

  it('sets no rule the decision record does not list, with its setting and a reason for each exception', () => {
    expect(rows.length).toBeGreaterThan(3);
    const missing: string[] = [];
    for (const [rule, setting] of Object.entries(config.rules ?? {})) {
      if (!rows.some((r) => r.rule === rule && r.setting === level(setting) && r.where === 'everywhere'))
        missing.push(`${rule} ${level(setting)}`);
    }
    for (const o of config.overrides ?? []) {
      for (const [rule, setting] of Object.entries(o.rules ?? {})) {
        if (DESCRIBED_IN_BULLETS.has(rule)) continue;
        if (!rows.some((r) => r.rule === rule && r.setting === level(setting) && r.where !== 'everywhere')) {
          missing.push(`${rule} ${level(setting)} in ${o.files.join(', ')}`);
        }
      }
    }
    expect(missing).toEqual([]);
    for (const r of rows.filter((row) => row.setting === 'off')) expect(r.why.length, r.rule).toBeGreaterThan(20);
    const text = readFileSync(DECISION, 'utf8');
    for (const rule of DESCRIBED_IN_BULLETS) expect(text).toContain(rule.replace('react/', ''));
  });

  it('lists no rule the configuration does not set', () => {
    const set = [
      ...Object.entries(config.rules ?? {}).map(([rule, s]) => `${rule} ${level(s)}`),
      ...(config.overrides ?? []).flatMap((o) => Object.entries(o.rules ?? {}).map(([rule, s]) => `${rule} ${level(s)}`)),
    ];
    expect(rows.filter((r) => !set.includes(`${r.rule} ${r.setting}`)).map((r) => r.rule)).toEqual([]);
  });

  describe('fails on the defects it is there for', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lint-probe-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('a comparison with itself, an unused expression and a floating promise', async () => {
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', noEmit: true },
          include: ['*.ts'],
        }),
      );
      writeFileSync(
        join(dir, 'probe.ts'),
        [
          'export function same(a: number): boolean {',
          '  return a === a;',
          '}',
          'export function unused(a: number): void {',
          '  a + 1;',
          '}',
          'async function later(): Promise<number> {',
          '  return 1;',
          '}',
          'export function floating(): void {',
          '  later();',
          '}',
          '',
        ].join('\n'),
      );
      const run = await promisify(execFile)(
        join(ROOT, 'node_modules/.bin/oxlint'),
        ['--type-aware', '-c', CONFIG_FILE, '--format', 'unix', join(dir, 'probe.ts')],
        { cwd: ROOT },
      ).then(
        () => ({ code: 0, stdout: '' }),
        (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
      );
      expect(run.code).not.toBe(0);
      expect(run.stdout).toMatch(/probe\.ts:2:\d+: .*no-self-compare/);
      expect(run.stdout).toMatch(/probe\.ts:5:\d+: .*no-unused-expressions/);
      expect(run.stdout).toMatch(/probe\.ts:11:\d+: .*no-floating-promises/);
    });
  });
});
