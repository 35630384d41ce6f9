import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BILL_REFUSAL, LOT_REFUSAL } from '@shared/public-pages/words';
import { BILL_MESSAGES, DRAW_MESSAGES, LETTER_MESSAGES, LOT_MESSAGES } from './page-messages';
import { translator, type PageMessages } from './texts';

/**
 * Every text key the shared page views use (shared/public-pages) is among the messages the functions carry for
 * that page (page-messages.ts, on top of every page's set): a missing one would show as the key itself.
 */
const VIEWS = join(import.meta.dirname, '..', '..', '..', 'shared', 'public-pages');
/** The pages' words (titles, refusals) serve the bill's and the lot's pages. */
const BILL_AND_LOT: PageMessages = {
  hi: { ...BILL_MESSAGES.hi, ...LOT_MESSAGES.hi },
  en: { ...BILL_MESSAGES.en, ...LOT_MESSAGES.en },
};
const SETS: Record<string, PageMessages | undefined> = {
  'words.ts': BILL_AND_LOT,
  'bill.ts': BILL_MESSAGES,
  'bill-copy.ts': BILL_MESSAGES,
  'bill-cancelled.ts': BILL_MESSAGES,
  'credit-note.ts': BILL_MESSAGES,
  'lot.ts': LOT_MESSAGES,
  'letter.ts': LETTER_MESSAGES,
  'letter-status.ts': LETTER_MESSAGES,
  'draw.ts': DRAW_MESSAGES,
};

/** The whole keys a view's source names: t('group.key'); a key built in a template is left to the app's check. */
const keysOf = (source: string) => [...source.matchAll(/\bt\(\s*'([\w.]+)'/g)].map((m) => m[1]);

describe('the shared page views speak with the pages’ messages', () => {
  const files = readdirSync(VIEWS).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

  it.each(files)('%s names only keys its page carries, in both languages', (file) => {
    const keys = keysOf(readFileSync(join(VIEWS, file), 'utf8'));
    const set = SETS[file];
    if (!set) return expect(keys).toEqual([]);
    expect(keys.length).toBeGreaterThan(0);
    for (const lang of ['hi', 'en'] as const) {
      const t = translator(lang, set);
      for (const key of keys) expect(t(key), `${file}: ${key} (${lang})`).not.toBe(key);
    }
  });

  it('the refusals’ keys are their pages’', () => {
    for (const [keys, set] of [
      [BILL_REFUSAL, BILL_MESSAGES],
      [LOT_REFUSAL, LOT_MESSAGES],
    ] as const) {
      for (const lang of ['hi', 'en'] as const) {
        for (const key of Object.values(keys)) expect(translator(lang, set)(key), key).not.toBe(key);
      }
    }
  });
});
