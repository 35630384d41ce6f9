import { describe, expect, it } from 'vitest';
import { redactDigitRuns } from '../redact';
import { MakeSaleInput, UPI_REF_RE, upiRefOf } from './sales';

const sale = { lotID: 3, registrationID: 7, year: 2026, bags: 1, paymentMode: 'Online' };

describe('an online sale’s UPI reference', () => {
  it('takes all 12 digits or the last 4 to 11, as people type them', () => {
    for (const [typed, kept] of [
      ['412345678901', '412345678901'],
      ['4123 4567 8901', '412345678901'],
      ['4123-4567-8901', '412345678901'],
      ['८९०१', '8901'],
      [' 78901 ', '78901'],
    ] as const) {
      const out = MakeSaleInput.safeParse({ ...sale, upiRef: typed });
      expect(out.success, typed).toBe(true);
      expect(out.data?.upiRef).toBe(kept);
    }
  });

  it('is optional: absent, empty or null gives none', () => {
    for (const upiRef of [undefined, '', '   ', null]) {
      const out = MakeSaleInput.safeParse({ ...sale, upiRef });
      expect(out.success, String(upiRef)).toBe(true);
      expect(out.data?.upiRef).toBeUndefined();
    }
  });

  it('refuses fewer than 4 digits, more than 12, letters and numbers sent as numbers', () => {
    for (const upiRef of ['123', '4123456789012', 'UTR412345', '4123.4567', 412345678901, '0x12345']) {
      const out = MakeSaleInput.safeParse({ ...sale, upiRef });
      expect(out.success, String(upiRef)).toBe(false);
      expect(out.error?.issues[0]?.path).toEqual(['upiRef']);
    }
  });

  it('goes with an online payment only', () => {
    const out = MakeSaleInput.safeParse({ ...sale, paymentMode: 'Cash', upiRef: '8901' });
    expect(out.success).toBe(false);
    expect(out.error?.issues.map((i) => i.message)).toEqual(['A UPI reference goes with an online payment only']);
    expect(MakeSaleInput.safeParse({ ...sale, paymentMode: 'Cash' }).success).toBe(true);
  });

  it('is read the same by the form (upiRefOf, UPI_REF_RE) as by the server', () => {
    expect(UPI_REF_RE.test(upiRefOf('4123 4567 8901'))).toBe(true);
    expect(UPI_REF_RE.test(upiRefOf('41 23'))).toBe(true);
    expect(UPI_REF_RE.test(upiRefOf('412'))).toBe(false);
  });

  it('is redacted from a log line like any twelve digits, so the logs name the bill instead; its last digits stay readable', () => {
    // Twelve digits cannot be told from an Aadhaar number: the log redaction errs on the side of redacting, and
    // the sale's own log line carries the bill's number, not the reference (functions/sales/make-sale.ts).
    expect(redactDigitRuns('bill INV2627-000004 paid by UPI 412345678901')).toBe('bill INV2627-000004 paid by UPI [redacted]');
    expect(redactDigitRuns('bill INV2627-000004 paid by UPI …8901')).toBe('bill INV2627-000004 paid by UPI …8901');
  });
});
