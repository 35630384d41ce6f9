/**
 * GSTIN, India's GST identification number (docs/product-rules.md#bill-of-supply): 15 characters, the state
 * code (2 digits), the holder's PAN (5 letters, 4 digits, 1 letter), the entity number (1-9 or A-Z), 'Z', and a
 * check character over the first 14 (base 36, weights 1 and 2 alternating, digits of each product summed).
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** State and union-territory codes in use (01-38), 97 (other territory) and 99 (centre jurisdiction). */
const isStateCode = (code: number) => (code >= 1 && code <= 38) || code === 97 || code === 99;

export type GstinProblem = 'length' | 'shape' | 'state' | 'check';

export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = ALPHABET.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36];
}

/** What is wrong with a GSTIN (spaces and case ignored), or null when it is well formed with the right check character. */
export function gstinProblem(raw: string): GstinProblem | null {
  const v = normalizeGstin(raw);
  if (v.length !== 15) return 'length';
  if (!SHAPE.test(v)) return 'shape';
  if (!isStateCode(Number(v.slice(0, 2)))) return 'state';
  if (gstinCheckChar(v.slice(0, 14)) !== v[14]) return 'check';
  return null;
}

export const normalizeGstin = (raw: string) => raw.replace(/\s+/g, '').toUpperCase();

export const GSTIN_MESSAGES: Record<GstinProblem, string> = {
  length: 'A GSTIN has 15 characters',
  shape: 'Not a GSTIN: 2-digit state code, the 10-character PAN, the entity number, Z and the check character',
  state: 'The first two digits are not a state code (01 to 38, 97 or 99)',
  check: 'The last character does not match: check the GSTIN for a typing mistake',
};
