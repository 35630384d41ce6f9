/**
 * Twelve or more digits (any script's decimal digits: Devanagari too), each pair of neighbours at most two
 * other characters apart (spaces, hyphens, dots, underscores, a plus, a no-break space: however a number is
 * written or sent), wherever they stand: inside a path, joined to letters ('/AppointmentList/234500000010abcdef')
 * or inside a longer number, which holds twelve digits too. Percent-encodings are decoded first, so
 * '%37%38…' and '7857%2D7976%2D0156' are read as the digits they are.
 */
const DIGIT_RUN = /\p{Nd}(?:[^\p{L}\p{N}]{0,2}\p{Nd}){11,}/gu;
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
 * Text with every run of 12 or more digits replaced (see DIGIT_RUN): for the logs, and for free text staff or
 * farmers write into a record (a reason, a note), which must never keep an Aadhaar number in clear.
 */
export function redactDigitRuns(text: string): string {
  return decodePercent(text).replace(DIGIT_RUN, REDACTED);
}
