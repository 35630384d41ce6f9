import { describe, expect, it } from 'vitest';
import { isValidAadhaar, verhoeffValid, withVerhoeffDigit } from './aadhaar';

describe('Verhoeff check digit', () => {
  it('gives the published check digits', () => {
    expect(withVerhoeffDigit('236')).toBe('2363');
    expect(withVerhoeffDigit('12345')).toBe('123451');
    expect(withVerhoeffDigit('142857')).toBe('1428570');
    for (const n of ['2363', '123451', '1428570']) expect(verhoeffValid(n)).toBe(true);
  });

  it('accepts UIDAI’s published test Aadhaar numbers', () => {
    for (const n of ['999999990019', '999999990026', '999941057058']) expect(isValidAadhaar(n), n).toBe(true);
  });

  it('refuses numbers beginning with 0 or 1, of another length, or not digits', () => {
    expect(isValidAadhaar(withVerhoeffDigit('01234567890'))).toBe(false);
    expect(isValidAadhaar(withVerhoeffDigit('12345678901'))).toBe(false);
    expect(isValidAadhaar(withVerhoeffDigit('2345678901'))).toBe(false);
    expect(isValidAadhaar(withVerhoeffDigit('234567890123'))).toBe(false);
    expect(isValidAadhaar('2345 6789 012')).toBe(false);
    expect(verhoeffValid('')).toBe(false);
  });

  // A fixed spread of numbers: every single-digit change and every swap of two different neighbours is caught.
  const samples = Array.from({ length: 200 }, (_, i) => withVerhoeffDigit(String(20_000_000_000 + i * 397_351_117).slice(0, 11)));

  it('catches every single-digit error', () => {
    for (const n of samples) {
      expect(isValidAadhaar(n) || n.startsWith('0') || n.startsWith('1')).toBe(true);
      for (let pos = 0; pos < 12; pos++) {
        for (let d = 0; d <= 9; d++) {
          if (String(d) === n[pos]) continue;
          const typo = `${n.slice(0, pos)}${d}${n.slice(pos + 1)}`;
          expect(verhoeffValid(typo), `${n} -> ${typo}`).toBe(false);
        }
      }
    }
  });

  it('catches every transposition of two adjacent digits', () => {
    for (const n of samples) {
      for (let pos = 0; pos < 11; pos++) {
        if (n[pos] === n[pos + 1]) continue;
        const swapped = `${n.slice(0, pos)}${n[pos + 1]}${n[pos]}${n.slice(pos + 2)}`;
        expect(verhoeffValid(swapped), `${n} -> ${swapped}`).toBe(false);
      }
    }
  });
});
