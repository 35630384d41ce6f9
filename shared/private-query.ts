/**
 * Query values that carry an Aadhaar number never travel in a URL: URLs end up in access logs, proxies and
 * browser tools. The API client sends such values in this header instead, as a query string of their own,
 * and the handler factory reads them back as if they had come in the URL (same names, same schemas).
 */
export const PRIVATE_QUERY_HEADER = 'x-private-query';

/** Twelve digits in a row, or in groups of four split by a space or a hyphen. */
const AADHAAR_LIKE = /\d{4}[\s-]?\d{4}[\s-]?\d{4}/;

export function holdsAadhaar(value: string): boolean {
  return AADHAAR_LIKE.test(value);
}
