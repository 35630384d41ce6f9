import type { MessageTree } from './page-message-keys';
import { COMMON_MESSAGES } from './page-messages';
import type { PageLanguage, Translate } from '@shared/public-pages/words';

/**
 * The web app's own texts (frontend/src/lib/i18n, the part the pages use: page-message-keys.ts), so that a page
 * says what the app's screen says, word for word, in Hindi (the public pages' default) or in English (`?lang=en`).
 */
export type { PageLanguage, Translate } from '@shared/public-pages/words';

export function pageLanguage(query: Record<string, string | undefined> | undefined): PageLanguage {
  return query?.lang === 'en' ? 'en' : 'hi';
}

/** The message at a dotted key (`registration.hints.name`), or undefined. */
export function messageAt(messages: unknown, key: string): unknown {
  let node = messages;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A set of the pages' messages in both languages (page-messages.ts). */
export type PageMessages = Record<PageLanguage, MessageTree>;

/**
 * `t('billView.quantityKg', { kg: 10 })`, with the app's `{{name}}` placeholders, from every page's messages and
 * the page's own set; an unknown key reads as itself.
 */
export function translator(lang: PageLanguage, own?: PageMessages): Translate {
  const messages = { ...COMMON_MESSAGES[lang], ...own?.[lang] };
  return (key, vars) => {
    const found = messageAt(messages, key);
    const text = typeof found === 'string' ? found : key;
    return vars ? text.replace(/\{\{(\w+)\}\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
  };
}
