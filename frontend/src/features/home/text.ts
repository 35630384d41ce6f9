/*
 * Display rules of the home page. Kept here, free of zod and the schemas, so the home page's chunk stays
 * small (it is the first page most farmers open, on a phone).
 */

/** The block shown as the home page's about section; every other active block is a highlight card. */
export const ABOUT_SLUG = 'about';

/** Highlight card bodies are cut at this many characters, then an ellipsis. */
export const HIGHLIGHT_BODY_MAX = 240;

/**
 * At most `max` characters, then '…'. Counts user-perceived characters where the browser can tell
 * (Intl.Segmenter), so a Devanagari letter is never split from its vowel sign; code points otherwise.
 */
export function truncate(text: string, max = HIGHLIGHT_BODY_MAX): string {
  const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  const chars = Segmenter
    ? Array.from(new Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.segment)
    : Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, max).join('').trimEnd() + '…';
}
