import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BILL_REFUSAL, LOT_REFUSAL } from '@shared/public-pages/words';
import { en } from './i18n/en';
import { hi } from './i18n/hi';
import { PUBLIC_GROUPS, STATUS_GROUPS } from './i18n/parts';

/**
 * The shared views of the public pages (shared/public-pages) read the app's messages by plain string keys, out of
 * tsc's reach: each key they name is in both languages, in a group a public page loads (./i18n/parts.ts).
 */
const VIEWS = join(import.meta.dirname, '..', '..', '..', 'shared', 'public-pages');
const GROUPS = new Set<string>([...PUBLIC_GROUPS, ...STATUS_GROUPS]);

function lookup(messages: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
}

describe('the shared page views’ keys', () => {
  const sources = readdirSync(VIEWS)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => readFileSync(join(VIEWS, f), 'utf8'));
  const whole = sources.flatMap((s) => [...s.matchAll(/\bt\(\s*'([\w.]+)'/g)].map((m) => m[1]));
  const refusals = [...Object.values(BILL_REFUSAL), ...Object.values(LOT_REFUSAL)];
  /** Keys built in a template (`allocationStatus.${status}`): the part before the first placeholder. */
  const built = sources.flatMap((s) => [...s.matchAll(/\bt\(\s*`([\w.]+)\$\{/g)].map((m) => m[1].replace(/\.$/, '')));

  it('are in both languages', () => {
    expect(whole.length).toBeGreaterThan(50);
    for (const key of [...whole, ...refusals]) {
      expect(typeof lookup(en, key), `en: ${key}`).toBe('string');
      expect(typeof lookup(hi, key), `hi: ${key}`).toBe('string');
    }
    for (const prefix of built) expect(typeof lookup(en, prefix), prefix).toBe('object');
  });

  it('are in the groups a public page loads', () => {
    for (const key of [...whole, ...refusals, ...built]) expect(GROUPS.has(key.split('.')[0]), key).toBe(true);
  });
});
