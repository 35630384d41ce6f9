import { describe, expect, it } from 'vitest';
import { LOT_CODE_RE } from '@shared/schemas/lots';
import { formatLotCode } from './codes';
import { gramsToKg, kgToGrams, paiseToRupees, rupeesToPaise } from '../lib/units';

describe('lot codes', () => {
  it.each([
    [{ isSubsidized: true, year: 2026, producerID: 7, seq: 3 }, 'S26P7-003'],
    [{ isSubsidized: false, year: 2026, producerID: 7, seq: 4 }, 'N26P7-004'],
    [{ isSubsidized: false, year: 2000, producerID: 12, seq: 1 }, 'N00P12-001'],
    [{ isSubsidized: false, year: 2099, producerID: 1, seq: 999 }, 'N99P1-999'],
    [{ isSubsidized: true, year: 2100, producerID: 1, seq: 1000 }, 'S2100P1-1000'],
    [{ isSubsidized: true, year: 3000, producerID: 123456, seq: 42 }, 'S3000P123456-042'],
  ])('%o -> %s', (input, code) => {
    expect(formatLotCode(input)).toBe(code);
    expect(code).toMatch(LOT_CODE_RE);
    expect(encodeURIComponent(code)).toBe(code);
  });

  it('keeps codes of different centuries apart', () => {
    expect(formatLotCode({ isSubsidized: true, year: 2026, producerID: 1, seq: 1 })).not.toBe(
      formatLotCode({ isSubsidized: true, year: 2126, producerID: 1, seq: 1 }),
    );
  });
});

describe('units', () => {
  it('round-trips kg and rupees with two decimals exactly', () => {
    for (const v of [0, 0.01, 0.1, 0.29, 1234.56, 9999999.99]) {
      expect(gramsToKg(kgToGrams(v))).toBe(v);
      expect(paiseToRupees(rupeesToPaise(v))).toBe(v);
    }
    expect(kgToGrams(0.1) + kgToGrams(0.2)).toBe(kgToGrams(0.3));
  });
});
