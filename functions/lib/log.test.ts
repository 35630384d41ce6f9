import { afterEach, describe, expect, it, vi } from 'vitest';
import { log, redactDigitRuns, scrub } from './log';

/** No run of 12 digits, whatever stands between them (the check the redaction must pass). */
const twelveDigits = (text: string) =>
  text
    .replace(/[^\d]/g, ' ')
    .replace(/ +/g, ' ')
    .split(' ')
    .some((d) => d.length >= 12) || /\d(?:\D?\d){11}/.test(text);

describe('redactDigitRuns', () => {
  const leaks: [string, string][] = [
    ['plain', '234500000011'],
    ['hyphens in a path', '/api/invoices/by-number/2345-0000-0011'],
    ['spaces', 'Aadhaar 2345 0000 0011 given'],
    ['joined to letters', '/svsregistration/AppointmentList/234500000010abcdef'],
    ['letters on both sides', 'x234500000010y'],
    ['inside a longer number', '12345678901234567'],
    ['a 13-digit run', '1234567890123'],
    ['encoded spaces', '/by-number/2345%200000%200011'],
    ['form-encoded spaces', 'q=2345+0000+0011'],
    ['uneven groups', '23-4500 00001-1'],
    ['percent-encoded digits', '/svsregistration/AppointmentList/%37%38%35%37%37%39%37%36%30%31%35%36'],
    ['percent-encoded hyphens', '/api/invoices/by-number/7857%2D7976%2D0156'],
    ['an encoded no-break space', '/by-number/7857%C2%A07976%C2%A00156'],
    ['encoded tabs', '/by-number/7857%097976%090156'],
    ['double hyphens', '/by-number/7857--7976--0156'],
    ['underscores', '/api/lots/by-code/7857_7976_0156'],
    ['dots', '/api/lots/by-code/7857.7976.0156'],
    ['Devanagari digits', 'आधार ७८५७ ७९७६ ०१५६'],
    ['spaced hyphens', 'Aadhaar 7861 - 1429 - 6305'],
    ['three spaces', '7861   1429   6305'],
    ['commas', '7861, 1429, 6305'],
    ['en dashes', '7861 – 1429 – 6305'],
    ['ellipses', '7861...1429...6305'],
    ['a letter between groups', '7861a1429b6305'],
    ['full-width digits', '７８６１ １４２９ ６３０５'],
  ];
  for (const [what, text] of leaks) {
    it(`redacts ${what}`, () => {
      const out = redactDigitRuns(text);
      expect(out).toContain('[redacted]');
      expect(out.replace(/\D/g, '').length).toBeLessThan(12);
    });
  }

  it('keeps what is not twelve digits: invoice numbers, date-times, mobiles, short ids, request ids', () => {
    for (const text of [
      'INV2627-000001',
      '2026-11-25T09:48:12.123Z',
      '9876543210',
      'id 12345',
      '/api/lots/by-code/SUB-26-P0001-0001',
      'c0a8f2e4-1b3d-4e5f-9a7b-123456789abc',
    ]) {
      expect(redactDigitRuns(text)).toBe(text);
    }
  });

  it('scrub reaches every depth, keys too, and long integers', () => {
    const out = JSON.stringify(
      scrub({
        path: '/x/2345-0000-0011',
        nested: { deeper: [{ list: ['234500000011abc'] }] },
        '234500000011': 1,
        big: 234500000011,
        password: 'p',
        ms: 12,
      }),
    );
    expect(out).not.toMatch(/\d{12}/);
    expect(twelveDigits(out)).toBe(false);
    expect(out).toContain('"ms":12');
    expect(out).toContain('"password":"[redacted]"');
  });
});

describe('log lines', () => {
  afterEach(() => vi.restoreAllMocks());

  it('redact the message and every field of the written line', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    process.env.LOG_LEVEL = 'debug';
    log.info('request for /api/invoices/by-number/2345-0000-0011', {
      path: '/svsregistration/AppointmentList/234500000010abcdef',
      at: { p: ['2345 0000 0011'] },
    });
    log.error('failed 2345000000111', { error: new Error('bad 2345-0000-0011') });
    expect(lines.length).toBe(2);
    for (const line of lines) {
      expect(line).toContain('[redacted]');
      expect(twelveDigits(line.replace(/"time":"[^"]*"/, ''))).toBe(false);
    }
  });
});
