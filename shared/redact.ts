/**
 * Redaction of Aadhaar numbers from logs and from free text kept in records.
 *
 * A number is twelve or more digits (any script's decimal digits: Devanagari and full-width too) where each
 * pair of neighbours is at most MAX_GAP characters apart, whatever those characters are: spaces, hyphens, dashes,
 * dots, commas, slashes, letters, emoji. '7861 - 1429 - 6305', '7861, 1429, 6305', '7861...1429...6305',
 * '7861a1429b6305' and '786114296305' are all one number; so is a longer number, which holds twelve digits too.
 * Percent-encodings are decoded first, so '%37%38…' and '7857%2D7976%2D0156' are read as the digits they are.
 *
 * MAX_GAP is 5: wide enough for any way a person or a form separates groups (' - ', ' – ', ', ', '...', three
 * spaces, ' / '), narrow enough that ordinary text with numbers far apart stays readable. It errs on the side
 * of redacting: a mobile number with its +91, two invoice numbers side by side or a list of figures may be
 * redacted in a log line or a note; an Aadhaar number in clear is the loss that must not happen. What is not
 * caught: digits more than five characters apart, and numbers spelled out in words.
 *
 * Kept whole, because a log is of little use without them and no one writes an Aadhaar number so: an ISO 8601
 * date-time with its fields in range ('2026-11-25T09:48:12.123Z', a 'T' or a space between date and time); and
 * a UUID or an X-Ray trace id (the request ids), unless twelve of its digits stand joined by nothing but
 * hyphens, in which case it is redacted like any number. Either is kept only when no other digit stands within
 * MAX_GAP characters of it (a digit before it starts a number that takes it in): a date-time or an id cannot
 * be used to carry part of a number past the redaction.
 *
 * Every part of SCAN is bounded or deterministic (a digit and a run of non-digits never compete for the same
 * character), so a hostile string costs time in proportion to its length: no catastrophic backtracking.
 */
export const MAX_GAP = 5;

const DATE_TIME =
  '(?:19|20)\\d\\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])[T ](?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,6})?)?(?:Z|[+-](?:[01]\\d|2[0-3]):?[0-5]\\d)?';
const REQUEST_ID = '(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|1-[0-9a-f]{8}-[0-9a-f]{24})(?![0-9a-z])';
/** A kept date-time or id has no digit within MAX_GAP characters after it (else it is read as part of a number). */
const ALONE = `(?!\\P{Nd}{0,${MAX_GAP}}\\p{Nd})`;
const NUMBER = `\\p{Nd}(?:\\P{Nd}{0,${MAX_GAP}}\\p{Nd}){11,}`;
/**
 * A bill's or credit note's number (INV2627-000001, CN2627-000001: the financial year's two years, then the
 * number): kept whole wherever it stands, and never joined to the digits around it, so a summary such as
 * 'bill INV2627-000001 of 1 kg' stays readable. Its four year digits must be two consecutive years: anything
 * else shaped like it is redacted.
 */
const DOCUMENT_NUMBER = '(?:INV|CN)\\d{4}-\\d{6,7}(?![\\p{L}\\p{Nd}])';
const SCAN = new RegExp(`(${DATE_TIME}${ALONE})|(${REQUEST_ID}${ALONE})|(${DOCUMENT_NUMBER})|${NUMBER}`, 'giu');
const isFinancialYear = (digits: string) => Number(digits.slice(2, 4)) === (Number(digits.slice(0, 2)) + 1) % 100;
/** Twelve digits joined by hyphens only: what a kept id may not hold. */
const HYPHENATED_TWELVE = /\d(?:-?\d){11}/;
const PERCENT_ENCODED = /(?:%[0-9a-f]{2})+/gi;
const REDACTED = '[redacted]';

/** Percent-encoded runs decoded where they are valid UTF-8 (as the handler read them); others kept as sent. */
function decodePercent(text: string): string {
  if (!text.includes('%')) return text;
  return text.replace(PERCENT_ENCODED, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * Text with every number of twelve or more digits replaced (see above): for the logs, and for free text staff
 * or farmers write into a record (a reason, a note), which must never keep an Aadhaar number in clear.
 */
export function redactDigitRuns(text: string): string {
  return decodePercent(text).replace(SCAN, (match, dateTime?: string, id?: string, document?: string) => {
    if (dateTime) return match;
    if (id) return HYPHENATED_TWELVE.test(id) ? REDACTED : match;
    if (document) return isFinancialYear(document.replace(/^\D+/, '').slice(0, 4)) ? match : REDACTED;
    return REDACTED;
  });
}
