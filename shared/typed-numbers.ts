/**
 * Aadhaar and mobile numbers as people type or paste them (docs/product-rules.md#numbers-as-people-type-them):
 * spaces, hyphens, dots and brackets between digit groups, and a mobile number with India's +91 (or 0091, 91)
 * or the trunk 0 in front. The inputs keep only what can still become a number; the shared schemas read the
 * same way, so the browser and the server agree.
 */

/** Characters people put between digit groups. */
const SEPARATORS = /[\s\-.()]/g;

/** Devanagari digits (०१२…९, on Hindi phone keyboards) as the digits 0-9. */
export const westernDigits = (text: string) => text.replace(/[\u0966-\u096F]/g, (d) => String(d.charCodeAt(0) - 0x0966));

/** The 10-digit mobile number in what was typed, when one can be read from it; otherwise the text, unchanged. */
export function normalizeMobile(typed: string): string {
  const text = westernDigits(typed);
  const compact = text.replace(SEPARATORS, '');
  const national = compact.replace(/^(\+91|0091)/, '');
  if (!/^\d+$/.test(national)) return text.trim();
  if (national.length === 12 && national.startsWith('91')) return national.slice(2);
  if (national.length === 11 && national.startsWith('0')) return national.slice(1);
  return national;
}

/** An Indian mobile number: 10 digits, the first 6 to 9. */
export const MOBILE_RE = /^[6-9]\d{9}$/;

/**
 * A contact number that need not be an Indian mobile (a producer's landline, say): the mobile's 10 digits when
 * normalizeMobile reads a mobile (first digit 6 to 9), otherwise the number without the separators between its
 * digit groups, its leading 0 or + kept: '0512-2533400' is the Kanpur landline 05122533400, not a mobile.
 */
export function normalizePhone(text: string): string {
  const mobile = normalizeMobile(text);
  return MOBILE_RE.test(mobile) ? mobile : westernDigits(text).replace(SEPARATORS, '');
}

/**
 * What a mobile input keeps as the farmer types: the number read by normalizeMobile, digits only. While a prefix
 * may still be coming, up to 12 digits (91…) or 11 (0…) are kept; otherwise 10.
 */
export function typedMobile(text: string): string {
  const digits = normalizeMobile(westernDigits(text).replace(/[^\d+]/g, '')).replace(/\D/g, '');
  const room = digits.startsWith('91') ? 12 : digits.startsWith('0') ? 11 : 10;
  return digits.slice(0, room);
}

/** What an Aadhaar input keeps: its digits, at most 12 (spaces and hyphens between the groups dropped). */
export const typedAadhaar = (text: string) => westernDigits(text).replace(/\D/g, '').slice(0, 12);

/** Longest text the inputs accept before it is read: '+91 98765 43210' and '3456 7890 1234' with room to spare. */
export const MOBILE_INPUT_MAX = 17;
export const AADHAAR_INPUT_MAX = 16;
