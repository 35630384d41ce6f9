/**
 * The Aadhaar number's own checks, used by every schema that accepts one (registration, find-my-letter,
 * producers, farmers, staff searches), so the browser and the server refuse the same numbers with the same
 * message. UIDAI numbers are 12 digits, never begin with 0 or 1, and end with a Verhoeff check digit, which
 * catches every single mistyped digit and every swap of two neighbouring digits.
 */

/** Refusal of a 12-digit number that is not an Aadhaar number (first digit, check digit). */
export const MSG_AADHAAR_INVALID =
  'यह आधार नंबर सही नहीं है, कृपया जाँच कर फिर से लिखें / This is not a valid Aadhaar number. Please check it and type it again.';

// Verhoeff's tables: multiplication in the dihedral group D5, the position permutation, the inverse.
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** Verhoeff checksum of a digit string; 0 when its last digit is a correct check digit. `offset` 1 computes a new one. */
function checksum(digits: string, offset: 0 | 1): number {
  let c = 0;
  for (let i = 0; i < digits.length; i++) c = D[c][P[(i + offset) % 8][digits.charCodeAt(digits.length - 1 - i) - 48]];
  return c;
}

/** True when the digit string ends with its Verhoeff check digit. */
export function verhoeffValid(digits: string): boolean {
  return /^\d+$/.test(digits) && checksum(digits, 0) === 0;
}

/** The digit string with its Verhoeff check digit appended (test and demo numbers are made with it). */
export function withVerhoeffDigit(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new Error('digits expected');
  return `${digits}${INV[checksum(digits, 1)]}`;
}

/** 12 digits, first digit 2-9, Verhoeff check digit last. */
export function isValidAadhaar(number: string): boolean {
  return /^[2-9]\d{11}$/.test(number) && verhoeffValid(number);
}
