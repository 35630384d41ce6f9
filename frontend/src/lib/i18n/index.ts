import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, type Messages } from './en';
import { hi } from './hi';

/**
 * Hindi and English. The choice is kept in localStorage; without a choice, public pages open in Hindi
 * (farmers) and the login, admin and user pages in English (staff). `<html lang>` follows the language.
 */
export const LANGUAGES = ['hi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'lang';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

function stored(): Language | null {
  try {
    const v = window.localStorage.getItem(STORAGE_KEY);
    return v === 'hi' || v === 'en' ? v : null;
  } catch {
    return null;
  }
}

const STAFF_PATHS = /^\/(login|admin|user|start)(\/|$)/;

/** The language a page opens in when the visitor has not chosen one. */
export function defaultLanguageFor(pathname: string): Language {
  return STAFF_PATHS.test(pathname) ? 'en' : 'hi';
}

function applyHtmlLang(lng: string) {
  document.documentElement.lang = lng === 'en' ? 'en' : 'hi';
}

i18n.on('languageChanged', applyHtmlLang);

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, hi: { translation: hi } },
  lng: stored() ?? defaultLanguageFor(window.location.pathname),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyHtmlLang(i18n.language);

/** The visitor's explicit choice: kept for later visits. */
export function chooseLanguage(lng: Language): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // private mode: the choice lasts for this page only
  }
  void i18n.changeLanguage(lng);
}

/** Follows the page's default while the visitor has made no choice. */
export function followDefaultLanguage(pathname: string): void {
  if (stored()) return;
  const lng = defaultLanguageFor(pathname);
  if (i18n.language !== lng) void i18n.changeLanguage(lng);
}

export default i18n;
