import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORM_KEYS, PUBLIC_GROUPS, STATUS_GROUPS } from './parts';

/**
 * The public pages get only the PUBLIC_GROUPS part of the messages, and the STATUS_GROUPS part once they ask
 * for it (the rest comes with the login, admin and user screens): every text key in the code a public page
 * loads must be in those groups.
 */
const SRC = join(import.meta.dirname, '..', '..');
const ROOTS = [
  'main.tsx',
  'features/home/HomePage.tsx',
  'features/registration/RegistrationPage.tsx',
  'features/appointment/AppointmentLetterPage.tsx',
  'features/bill-view/BillViewPage.tsx',
  'features/public-lot/PublicLotPage.tsx',
  'components/UserMenu.tsx',
].map((f) => join(SRC, f));

/** The files a root imports statically, inside frontend/src. */
function staticGraph(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm)) {
      if (/^import\s+type\b/.test(m[0])) continue;
      const base = resolve(dirname(file), m[1]);
      const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p) && /\.tsx?$/.test(p));
      if (found && found.startsWith(SRC)) visit(found);
    }
  };
  roots.forEach(visit);
  return seen;
}

describe('message parts', () => {
  it('public pages use only the public groups', () => {
    const allowed = new Set<string>([...PUBLIC_GROUPS, ...STATUS_GROUPS]);
    const files = staticGraph(ROOTS);
    expect(files.size).toBeGreaterThan(10);
    for (const file of files) {
      if (file.includes('/lib/i18n/')) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*['`]([A-Za-z]+)\./g)) expect(allowed.has(m[1]), `${file} uses ${m[1]}.*`).toBe(true);
    }
  });

  it('the registration form finds every text of a status group it shows among its own (FORM_KEYS), both languages having them', async () => {
    const dir = join(SRC, 'features', 'registration');
    const used = new Set<string>();
    // RegistrationSuccess and RetryNotice load the status part themselves and show its texts once loaded (the
    // letter's status lines, 'already registered'; the notices of a busy site).
    const ownLoaders = ['RegistrationSuccess.tsx', 'RetryNotice.tsx'];
    for (const file of readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.') && !ownLoaders.includes(f))) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const m of text.matchAll(/['`]([A-Za-z]+)\.([A-Za-z]+)[.'`]/g))
        if ((STATUS_GROUPS as readonly string[]).includes(m[1])) used.add(`${m[1]}.${m[2]}`);
    }
    const own = [...used];
    expect(own.length).toBeGreaterThan(5);
    for (const key of own) expect(FORM_KEYS as readonly string[], key).toContain(key);
    const { en } = await import('./en');
    const { hi } = await import('./hi');
    for (const path of FORM_KEYS) {
      const [group, key] = path.split('.');
      for (const messages of [en, hi] as unknown as Record<string, Record<string, unknown>>[])
        expect(messages[group]?.[key], path).toBeDefined();
    }
  });
});
