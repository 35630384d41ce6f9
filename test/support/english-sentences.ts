/**
 * What counts as an English-only sentence on a page in Hindi (docs/product-rules.md#a-hindi-page-speaks-hindi),
 * for the walk in test/e2e/letter-hindi.e2e.test.ts and the checks of the texts themselves.
 *
 * A page's text is cut into sentences: at line breaks, at the ends of sentences (. ! ? ।), at ' / ' and ' | '
 * (where a text gives its two languages) and at ';' and ':'. A sentence with a Devanagari letter is Hindi. In any
 * other, what may stand in any language is taken out: numbers and anything with a digit (dates, amounts, codes
 * such as XXXX-XXXX-1234), words in capitals (QR, PDF, UPI, GEN), web and e-mail addresses, units, and the words
 * a caller allows (the names of the language switch, the data the test typed in Latin letters). What is left
 * that is a Latin word of two letters or more makes the sentence English-only: 'Registrations are closed',
 * 'Retry', 'Grievance officer'. Inside a Hindi sentence, a Latin word in small letters (no name, no code) is
 * English left in too ('सूचना संस्करण default').
 *
 * `pairs`: a page that is in both languages by its own rule (the bill, the credit note, the queue display) may
 * give an English sentence right after its Hindi one ('बिल / Invoice'); English with no Hindi before it is still
 * caught.
 */
const DEVANAGARI = /[\u0900-\u097F]/;
const ALWAYS_ALLOWED = new Set(['English', 'kg', 'KB', 'MB', 'am', 'pm']);

export interface EnglishCheck {
  /** Latin words that may stand alone (names typed in Latin, the language switch's own name). */
  allow?: readonly string[];
  /** The page is in both languages by rule: an English sentence may follow its Hindi one across ' / '. */
  pairs?: boolean;
}

/** Latin words of a sentence that are not allowed tokens. */
function englishWords(sentence: string, allow: ReadonlySet<string>): string[] {
  const stripped = sentence
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/\S+@\S+\.\S+/g, ' ')
    .replace(/\/[\w\-/.#?=&]+/g, ' ') // a path such as /registration
    .replace(/\S*\d\S*/g, ' '); // a code or a file name with digits: INV2627-000001, Appointment-Letter-2026-3
  return (stripped.match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]/g) ?? []).filter(
    (w) =>
      w.length >= 2 &&
      !/\d/.test(w) &&
      !/^[A-Z][A-Z-]+$/.test(w) && // a code or an abbreviation in capitals
      !ALWAYS_ALLOWED.has(w) &&
      !allow.has(w),
  );
}

/** The English-only sentences of a text, as they stand in it. */
export function englishSentences(text: string, o: EnglishCheck = {}): string[] {
  const allow = new Set(o.allow ?? []);
  const found: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    // Sentences, keeping which came after a ' / ' (the second language of a pair).
    const parts = line.split(/( \/ | \| )/);
    let hindiBefore = false;
    let afterSlash = false;
    for (const part of parts) {
      if (part === ' / ' || part === ' | ') {
        afterSlash = part === ' / ';
        continue;
      }
      // The English side of a 'हिंदी / English' pair, on a page in both languages by rule.
      const paired = o.pairs === true && afterSlash && hindiBefore;
      let hindiHere = false;
      for (const sentence of part.split(/(?<=[.!?।;:])\s+/).filter((x) => x.trim())) {
        const hindi = DEVANAGARI.test(sentence);
        hindiHere ||= hindi;
        const words = englishWords(sentence, allow);
        // Inside Hindi, a word in small letters is no name or code but English left in ('संस्करण default').
        if (hindi && words.some((w) => /^[a-z]{3,}$/.test(w))) found.push(sentence.trim());
        if (!hindi && words.length > 0 && !paired) found.push(sentence.trim());
      }
      hindiBefore = hindiHere;
      afterSlash = false;
    }
  }
  return found;
}
