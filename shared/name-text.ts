/**
 * Characters no name may hold (docs/decisions/0038-catalogue-names.md): control characters (C0 with NUL and
 * tab, DEL, C1) and the bidirectional formatting characters (LRM, RLM, ALM, the embeddings and overrides
 * U+202A–U+202E, the isolates U+2066–U+2069) and the line and paragraph separators. Stored, they are drawn on
 * letters, bills and lot pages: a right-to-left override turns the text after it around, a NUL cuts it short
 * in some printers. The zero-width joiner and non-joiner (U+200D, U+200C) are not among them: Devanagari and
 * other Indic spellings need them.
 */
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/u;

/** True when the text holds a character no name may hold. */
export const hasUnsafeNameChars = (text: string): boolean => UNSAFE_NAME_CHARS.test(text);

/** The message of a staff form's name field. */
export const MSG_NAME_CHARS = 'Names cannot contain control characters or hidden text-direction marks';
/** The message of a name field a farmer fills in (the registration form). */
export const MSG_NAME_CHARS_BILINGUAL = `नाम में नियंत्रण अक्षर या छिपे दिशा-चिह्न नहीं हो सकते / ${MSG_NAME_CHARS}`;
