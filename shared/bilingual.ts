/**
 * Texts written in both languages as 'हिंदी / English' (the server's messages to farmers, settings such as the
 * counter's address and the shift labels): a page shows the side of its own language
 * (docs/product-rules.md#a-hindi-page-speaks-hindi). A text that is not such a pair is shown as it is.
 */
const DEVANAGARI = /[\u0900-\u097F]/;
const LATIN = /[A-Za-z]/;
const SEPARATOR = ' / ';

export function inLanguage(text: string, lang: 'hi' | 'en'): string {
  let at = text.indexOf(SEPARATOR);
  while (at > 0) {
    const before = text.slice(0, at).trim();
    const after = text.slice(at + SEPARATOR.length).trim();
    // Hindi then English (the usual order), or English then Hindi; a slash inside one language is no pair.
    if (DEVANAGARI.test(before) && !DEVANAGARI.test(after) && LATIN.test(after)) return lang === 'hi' ? before : after;
    if (DEVANAGARI.test(after) && !DEVANAGARI.test(before) && LATIN.test(before)) return lang === 'hi' ? after : before;
    at = text.indexOf(SEPARATOR, at + 1);
  }
  return text;
}
