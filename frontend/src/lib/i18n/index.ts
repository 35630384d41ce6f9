import type { Messages } from './en';
import { addMessages, getLanguage, setLanguage, subscribe } from './lite';
import type { MessagePart } from './parts';

/**
 * Hindi and English. The choice is kept in localStorage; without a choice, public pages open in Hindi
 * (farmers) and the login, admin and user pages in English (staff). `<html lang>` follows the language.
 * Each language's messages are chunks of their own, fetched when that language is first shown: a Hindi
 * visitor never downloads the English texts and vice versa, and the texts of the login, admin and user
 * screens come only with those screens (parts.ts). main.tsx renders once `i18nReady` resolves.
 * Screens call `useTranslation()` from 'react-i18next', which the web build serves from ./lite.ts; the
 * declaration below keeps i18next's key checking in tsc.
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
  // No document when the first views are drawn at build time (src/first-view).
  if (typeof document == 'object') document.documentElement.lang = lng === 'en' ? 'en' : 'hi';
}

subscribe(() => applyHtmlLang(getLanguage()));

const parts: Record<Language, Record<MessagePart, () => Promise<{ default: Record<string, unknown> }>>> = {
  hi: {
    public: () => import('./hi?messages=public'),
    status: () => import('./hi?messages=status'),
    staff: () => import('./hi?messages=staff'),
    form: () => import('./hi?messages=form'),
  },
  en: {
    public: () => import('./en?messages=public'),
    status: () => import('./en?messages=status'),
    staff: () => import('./en?messages=staff'),
    form: () => import('./en?messages=form'),
  },
};
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();
/**
 * The parts asked for beyond the public one: the staff part by the first login, admin or user screen, the
 * status part by the letter and the success card. From then on every language comes with them.
 */
const wantedParts = new Set<MessagePart>();

/** Fetches one part of a language's messages once (a failed fetch is tried again next time). */
function loadPart(lng: Language, part: MessagePart): Promise<void> {
  const key = `${lng}:${part}`;
  let p = loading.get(key);
  if (!p) {
    p = parts[lng][part]().then((m) => {
      addMessages(lng, m.default);
      loaded.add(key);
    });
    p.catch(() => loading.delete(key));
    loading.set(key, p);
  }
  return p;
}

function loadLanguage(lng: Language): Promise<void> {
  return Promise.all([loadPart(lng, 'public'), ...[...wantedParts].map((part) => loadPart(lng, part))]).then(() => undefined);
}

const initial: Language = stored() ?? defaultLanguageFor(typeof location == 'object' ? location.pathname : '/');
let wanted: Language = initial;

/** The language the page opens in (main.tsx compares it with the first view's). */
export const startLanguage: Language = initial;

// A choice made before the cookie existed.
if (typeof document == 'object' && stored() && !document.cookie.includes(`${STORAGE_KEY}=`)) keepForSite(initial);

/** Resolves when the first language's messages are in: render after it. */
export const i18nReady: Promise<void> = loadLanguage(initial).then(() => setLanguage(initial));

/** A part of the texts wanted from now on, in every language shown: in the current one first. */
function want(part: MessagePart): Promise<void> {
  wantedParts.add(part);
  return loadLanguage(wanted);
}

/** The login, admin and user screens load with this (router.tsx): their texts in the current language. */
export const loadStaffMessages = () => want('staff');

/** The registration form's own texts (FORM_KEYS in ./parts.ts), fetched with its code: the form shows them at once. */
export const loadFormMessages = () => want('form');

/** The texts of a registration's place in the crop's stock (the letter, the success card), in the current language. */
export const loadStatusMessages = () => want('status');

/** The queue display shows both languages at once: the status part (its texts) of each. */
export function loadQueueMessages(): Promise<void> {
  wantedParts.add('status');
  return Promise.all(LANGUAGES.map((lng) => loadPart(lng, 'status'))).then(() => undefined);
}

/** Switches once the language's messages are in; the last call wins. */
function switchLanguage(lng: Language): void {
  wanted = lng;
  loadLanguage(lng).then(
    () => {
      if (wanted !== lng) return;
      // A screen asked for more texts while this language was on its way.
      if ([...wantedParts].some((part) => !loaded.has(`${lng}:${part}`))) return switchLanguage(lng);
      setLanguage(lng);
    },
    (e: unknown) => console.error('messages could not be loaded', lng, e),
  );
}

/**
 * The choice as a cookie too: the site answers / and /registration with their first view in this language
 * (LANGUAGE_COOKIE in shared/routes.ts, not imported: it would bring the route table into every page).
 */
function keepForSite(lng: Language): void {
  document.cookie = `${STORAGE_KEY}=${lng}; path=/; max-age=31536000; samesite=lax`;
}

/** The visitor's explicit choice: kept for later visits. */
export function chooseLanguage(lng: Language): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // private mode: the choice lasts for this page only
  }
  keepForSite(lng);
  switchLanguage(lng);
}

/** Follows the page's default while the visitor has made no choice. */
export function followDefaultLanguage(pathname: string): void {
  if (stored()) return;
  const lng = defaultLanguageFor(pathname);
  if (wanted !== lng || getLanguage() !== lng) switchLanguage(lng);
}
