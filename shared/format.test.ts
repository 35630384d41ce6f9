import { describe, expect, it } from 'vitest';
import { formatRupees, kgToQuintal, maskAadhaar, maskMobile } from './format';

describe('formatting', () => {
  it('masks Aadhaar to the last four digits', () => {
    expect(maskAadhaar('123412341234')).toBe('XXXX-XXXX-1234');
    expect(maskAadhaar('5678')).toBe('XXXX-XXXX-5678');
    expect(maskAadhaar('')).toBe('—');
    expect(maskAadhaar(undefined)).toBe('—');
  });

  it('masks a mobile number to its last four digits', () => {
    expect(maskMobile('9876543210')).toBe('XXXXXX3210');
    expect(maskMobile(null)).toBe('—');
  });

  it('formats rupees in Indian grouping with two decimals', () => {
    expect(formatRupees(1234567.5)).toBe('12,34,567.50');
    expect(formatRupees(0)).toBe('0.00');
  });

  it('converts kg to quintal', () => {
    expect(kgToQuintal(250)).toBe(2.5);
    expect(kgToQuintal(40)).toBe(0.4);
  });
});
