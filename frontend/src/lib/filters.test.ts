import { describe, expect, it } from 'vitest';
import { checkFilters, digitsOnly } from './filters';

describe('search filter checks', () => {
  const rules = { id: 'wholeNumber', year: 'year', aadhaar: 'aadhaarSearch' } as const;
  const range = { from: 'from', to: 'to' };

  it('lets empty and good filters through', () => {
    expect(checkFilters({}, rules, range)).toBeNull();
    expect(
      checkFilters({ id: ' 18 ', year: '2026', aadhaar: '1234', from: '2026-11-01', to: '2026-11-01' }, rules, range),
    ).toBeNull();
    expect(checkFilters({ aadhaar: '1234 5678 9012' }, rules)).toBeNull();
    expect(checkFilters({ from: '2026-11-01T10:00', to: '2026-11-01T10:30' }, rules, range)).toBeNull();
  });

  it('names the first bad filter with a plain message', () => {
    expect(checkFilters({ id: 'abc', year: '20' }, rules, range)).toEqual({ field: 'id', messageKey: 'staffChecks.idInvalid' });
    expect(checkFilters({ id: '0' }, rules)).toEqual({ field: 'id', messageKey: 'staffChecks.idInvalid' });
    expect(checkFilters({ id: '1.5' }, rules)).toEqual({ field: 'id', messageKey: 'staffChecks.idInvalid' });
    expect(checkFilters({ id: '99999999999' }, rules)).toEqual({ field: 'id', messageKey: 'staffChecks.idInvalid' });
    expect(checkFilters({ year: '1999' }, rules)).toEqual({ field: 'year', messageKey: 'staffChecks.yearInvalid' });
    expect(checkFilters({ year: 'abcd' }, rules)).toEqual({ field: 'year', messageKey: 'staffChecks.yearInvalid' });
    expect(checkFilters({ aadhaar: '123456' }, rules)).toEqual({ field: 'aadhaar', messageKey: 'staffChecks.aadhaarInvalid' });
  });

  it('reads a mobile number as people write it and refuses one that is not 10 digits', () => {
    const mobileRules = { mobile: 'mobileSearch' } as const;
    for (const ok of ['9876543210', '+91 98765 43210', '098765-43210'])
      expect(checkFilters({ mobile: ok }, mobileRules), ok).toBeNull();
    for (const bad of ['98765', '+91 98765 4321', '98765432101'])
      expect(checkFilters({ mobile: bad }, mobileRules), bad).toEqual({
        field: 'mobile',
        messageKey: 'staffChecks.mobileInvalid',
      });
  });

  it('refuses a start after the end, for days and for date-times alike', () => {
    expect(checkFilters({ from: '2026-12-01', to: '2026-11-01' }, rules, range)).toEqual({
      field: 'from',
      messageKey: 'staffChecks.fromAfterTo',
    });
    expect(checkFilters({ from: '2026-11-01T10:30', to: '2026-11-01T10:00' }, rules, range)).toEqual({
      field: 'from',
      messageKey: 'staffChecks.fromAfterTo',
    });
  });
});

describe('digits-only boxes', () => {
  it('keep the digits of what was typed, up to the limit', () => {
    expect(digitsOnly('1234 5678-9012 34', 12)).toBe('123456789012');
    expect(digitsOnly('20a26', 4)).toBe('2026');
    expect(digitsOnly('abc', 4)).toBe('');
  });
});
