import { describe, expect, it } from 'vitest';
import { gstinCheckChar, gstinProblem } from './gstin';

describe('gstinProblem', () => {
  it.each(['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '06AAACB2894G1ZR', ' 27aapfu0939f1zv '])('accepts %s', (g) => {
    expect(gstinProblem(g)).toBeNull();
  });

  it.each([
    ['', 'length'],
    ['27AAPFU0939F1Z', 'length'],
    ['27AAPFU0939F1ZVX', 'length'],
    ['2AAAPFU0939F1ZV', 'shape'],
    ['27AAPFU0939F1AV', 'shape'],
    ['27AAPF10939F1ZV', 'shape'],
    ['27AAPFU0939F0ZV', 'shape'],
    ['00AAPFU0939F1ZV', 'state'],
    ['45AAPFU0939F1ZV', 'state'],
    ['27AAPFU0939F1ZW', 'check'],
    ['27AAPFU0938F1ZV', 'check'],
    ['29AAGCB7383J1Z5', 'check'],
  ])('refuses %s (%s)', (g, problem) => {
    expect(gstinProblem(g)).toBe(problem);
  });

  it('finds a swap of two neighbouring characters', () => {
    expect(gstinProblem('27AAPFU9039F1ZV')).toBe('check');
  });

  it('computes the check character of published numbers', () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckChar('29AAGCB7383J1Z')).toBe('4');
  });
});
