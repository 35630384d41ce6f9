import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aadhaarVariants, inScript, showsInClear, type DigitScript } from './redact-corpus';
import { MAX_GAP, redactDigitRuns } from './redact';

const NO_DIGIT = /\p{Nd}/u;

describe('redactDigitRuns: an Aadhaar number in any grouping, with any separators of up to five characters', () => {
  const corpus = aadhaarVariants();

  it('the corpus is large and every variant is read back as its number before redaction', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    expect(new Set(corpus.map((v) => v.aadhaar)).size).toBe(corpus.length);
    for (const v of corpus) expect(showsInClear(v.text, v.aadhaar), JSON.stringify(v.text)).toBe(true);
  });

  it('leaves no digit of any variant, alone, in a sentence, in a path, percent-encoded or as a form value', () => {
    const contexts = [
      (t: string) => t,
      (t: string) => `Aadhaar ${t} given at the counter`,
      (t: string) => `/svsregistration/AppointmentList/${t}`,
      (t: string) => `/api/invoices/by-number/${encodeURIComponent(t)}`,
      (t: string) => `q=${encodeURIComponent(t).replace(/%20/g, '+')}`,
      (t: string) => `x${t}y`,
    ];
    for (const v of corpus) {
      for (const context of contexts) {
        const text = context(v.text);
        const out = redactDigitRuns(text);
        expect(out, JSON.stringify(text)).toContain('[redacted]');
        expect(NO_DIGIT.test(out), `${JSON.stringify(text)} -> ${JSON.stringify(out)}`).toBe(false);
        expect(showsInClear(out, v.aadhaar)).toBe(false);
      }
    }
  });

  it('generated: any split of twelve digits, any separators without digits up to five long, any script', () => {
    const script = fc.constantFrom<DigitScript>('ascii', 'devanagari', 'fullwidth');
    const separator = fc
      .string({ unit: 'binary', minLength: 0, maxLength: MAX_GAP })
      .filter((s) => !NO_DIGIT.test(s) && !s.includes('%'));
    const words = fc.string({ unit: 'grapheme', maxLength: 20 }).filter((s) => !NO_DIGIT.test(s) && !s.includes('%'));
    fc.assert(
      fc.property(
        fc.stringMatching(/^[2-9]\d{11}$/),
        fc.array(separator, { minLength: 11, maxLength: 11 }),
        script,
        words,
        words,
        (aadhaar, separators, s, before, after) => {
          const digits = Array.from(inScript(aadhaar, s));
          const text = before + digits.map((d, i) => (i === 0 ? d : separators[i - 1] + d)).join('') + after;
          const out = redactDigitRuns(text);
          expect(NO_DIGIT.test(out)).toBe(false);
          expect(showsInClear(out, aadhaar)).toBe(false);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('generated: fewer than twelve digits, however written, are kept as they are (mobiles are ten)', () => {
    const separator = fc
      .string({ unit: 'binary', minLength: 0, maxLength: 8 })
      .filter((s) => !NO_DIGIT.test(s) && !s.includes('%'));
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,11}$/), fc.array(separator, { minLength: 10, maxLength: 10 }), (digits, seps) => {
        const text = Array.from(digits)
          .map((d, i) => (i === 0 ? d : seps[i - 1] + d))
          .join('');
        expect(redactDigitRuns(`mobile ${text} called`)).toBe(`mobile ${text} called`);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps digits more than five characters apart, dates, times, mobiles, invoice numbers and lot codes', () => {
    for (const text of [
      '9876543210',
      '98765 43210',
      'INV2627-000001',
      '/api/lots/by-code/SUB-26-P0001-0001',
      '2026-11-25',
      '2026-11-25T09:48:12.123Z',
      '2026-11-25 09:48:12',
      'bags 123456 and then 654321',
      'took 12 ms',
    ]) {
      expect(redactDigitRuns(text)).toBe(text);
    }
  });

  it('keeps request ids (UUIDs, X-Ray trace ids) unless twelve of their digits stand joined by hyphens', () => {
    for (const id of ['c0a8f2e4-1b3d-4e5f-9a7b-123456789abc', '1-5759e988-bd862e3fe1be46a994272793']) {
      expect(redactDigitRuns(id)).toBe(id);
      expect(redactDigitRuns(`request ${id} done`)).toBe(`request ${id} done`);
    }
    expect(redactDigitRuns('78611429-6305-4e5f-9a7b-a23456789abc')).toBe('[redacted]');
    expect(redactDigitRuns('c0a8f2e4-1b3d-4e5f-9a7b-786114296305')).toBe('[redacted]');
  });

  it('a date-time or an id cannot carry part of a number past the redaction', () => {
    for (const text of [
      '2026-11-25T09:48:12.786114296305',
      '2026-11-25T09:48:12Z 7861 1429',
      '2026-11-25T09:48:12Z, 3',
      '7 2026-11-25T09:48',
      'c0a8f2e4-1b3d-4e5f-9a7b-123456789abc 7861',
    ]) {
      const out = redactDigitRuns(text);
      expect(out, text).toContain('[redacted]');
    }
    expect(redactDigitRuns('2026-11-25T09:48:12.123 786114296305')).toBe('[redacted]');
    expect(redactDigitRuns('2026-11-25T09:48:12.123Z Aadhaar 786114296305')).toBe('2026-11-25T09:48:12.123Z Aadhaar [redacted]');
  });

  it('keeps a bill or credit note number whole beside other figures, and only when its year digits are a financial year', () => {
    expect(redactDigitRuns('bill INV2627-000001 of 1 kg from lot N26P1')).toBe('bill INV2627-000001 of 1 kg from lot N26P1');
    expect(redactDigitRuns('CN2627-0000012 for INV2627-000001')).toBe('CN2627-0000012 for INV2627-000001');
    // Shaped like one, but not a financial year: an Aadhaar number's first digits cannot hide in it.
    expect(redactDigitRuns('INV7861-142963 05')).not.toMatch(/7861|142963/);
    // Digits running into it make one number with it.
    expect(redactDigitRuns('7861 1429 INV2627-000001')).toBe('[redacted]');
    expect(redactDigitRuns('INV2627-0000017861 1429')).not.toMatch(/7861/);
  });

  it('returns on hostile strings of 100 KB and more (no catastrophic backtracking)', () => {
    const hostile = [
      '7 - '.repeat(25_000),
      `${'12345678901'}${'x'.repeat(MAX_GAP + 1)}`.repeat(6_000),
      `1${'.'.repeat(MAX_GAP)}`.repeat(17_000),
      `1${'.'.repeat(MAX_GAP + 1)}`.repeat(15_000),
      '2026-11-25T09:4'.repeat(7_000),
      'c0a8f2e4-1b3d-4e5f-9a7b-123456789ab'.repeat(3_000),
      '%3'.repeat(50_000),
      '%37%2D'.repeat(17_000),
      '7'.repeat(100_000),
      `${'١'.repeat(11)}${'\u00a0'.repeat(6)}`.repeat(6_000),
      '1 2 '.repeat(250_000),
    ];
    for (const text of hostile) {
      expect(text.length).toBeGreaterThanOrEqual(100_000);
      expect(typeof redactDigitRuns(text)).toBe('string');
    }
  });
});
