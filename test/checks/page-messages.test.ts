import { describe, expect, it } from 'vitest';
import { en } from '@web/lib/i18n/en';
import { hi } from '@web/lib/i18n/hi';
import { PAGE_MESSAGE_SETS, pickPageMessages, type PageMessageSet } from '@functions/lib/pages/page-message-keys';
import * as generated from '@functions/lib/pages/page-messages';

const SETS = Object.keys(PAGE_MESSAGE_SETS) as PageMessageSet[];

describe('the server pages speak with the app', () => {
  it.each(SETS)("hold the app's texts of the %s set, word for word (else run infra/make-page-messages.ts)", (set) => {
    const messages = (generated as Record<string, { hi: unknown; en: unknown } | undefined>)[`${set.toUpperCase()}_MESSAGES`];
    expect(messages, `page-messages.ts has no ${set.toUpperCase()}_MESSAGES`).toBeDefined();
    expect(messages?.hi).toEqual(pickPageMessages(hi, set));
    expect(messages?.en).toEqual(pickPageMessages(en, set));
  });

  it('pick every key of a set, none missing in either language', () => {
    const at = (tree: unknown, key: string) => key.split('.').reduce((o, k) => (o as Record<string, unknown>)?.[k], tree);
    for (const set of SETS) {
      for (const key of PAGE_MESSAGE_SETS[set].keys as readonly string[]) {
        expect(at(pickPageMessages(hi, set), key), `${set}: ${key}`).toBe(at(hi, key));
        expect(typeof at(en, key), `${set}: ${key} in English`).not.toBe('undefined');
      }
    }
  });
});
