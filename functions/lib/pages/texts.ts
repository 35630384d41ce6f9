import { en } from '@web/lib/i18n/en';
import { hi } from '@web/lib/i18n/hi';

/**
 * The web app's own texts (frontend/src/lib/i18n), so that a page says what the app's screen says, word for word,
 * in Hindi (the public pages' default) or in English (`?lang=en`).
 */
export type PageLanguage = 'hi' | 'en';

export function pageLanguage(query: Record<string, string | undefined> | undefined): PageLanguage {
  return query?.lang === 'en' ? 'en' : 'hi';
}

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

const MESSAGES: Record<PageLanguage, unknown> = { hi, en };

function lookup(messages: unknown, key: string): unknown {
  let node = messages;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** `t('billView.quantityKg', { kg: 10 })`, with the app's `{{name}}` placeholders; an unknown key reads as itself. */
export function translator(lang: PageLanguage): Translate {
  return (key, vars) => {
    const found = lookup(MESSAGES[lang], key);
    const text = typeof found === 'string' ? found : key;
    return vars ? text.replace(/\{\{(\w+)\}\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
  };
}
