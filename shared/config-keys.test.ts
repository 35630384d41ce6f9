import { describe, expect, it } from 'vitest';
import { isPublicConfigKey, readConfig, validateConfigValue } from './config-keys';

describe('config keys', () => {
  it.each([
    ['1', true],
    ['true', true],
    ['TRUE', true],
    [' True ', true],
    ['0', false],
    ['false', false],
    ['off', false],
  ])('Is_SVS_Form_On %j reads as %s', (raw, expected) => {
    expect(readConfig('Is_SVS_Form_On', raw)).toBe(expected);
  });

  it('uses defaults for missing or unreadable values', () => {
    // A fresh install (never saved) and a text that reads as nothing are both closed.
    expect(readConfig('Is_SVS_Form_On', undefined)).toBe(false);
    expect(readConfig('Is_SVS_Form_On', 'yes please')).toBe(false);
    expect(readConfig('PerDayLimit', undefined)).toBe(0);
    expect(readConfig('PerDayLimit', 'lots')).toBe(0);
    expect(readConfig('PerDayLimit', ' 40 ')).toBe(40);
  });

  it('parses holidays, weekday names and shift labels', () => {
    expect(readConfig('Holidays', '2026-12-25, 2026-01-26 2026-12-25')).toEqual(['2026-01-26', '2026-12-25']);
    expect(readConfig('WeeklyOffDay', 'sunday')).toBe(0);
    expect(readConfig('WeeklyOffDay', '6')).toBe(6);
    expect(readConfig('ShiftLabels', 'A | B')).toEqual(['A', 'B']);
  });

  it('refuses values an admin may not save, and leaves unknown keys alone', () => {
    expect(validateConfigValue('PerDayLimit', '-1')).toMatch(/^Appointments per day: /);
    expect(validateConfigValue('PerDayLimit', '12')).toBeNull();
    expect(validateConfigValue('Is_SVS_Form_On', 'maybe')).toMatch(/true or false/);
    expect(validateConfigValue('Holidays', '2026-13')).toMatch(/Not a date/);
    expect(validateConfigValue('AnythingElse', 'free text')).toBeNull();
  });

  it('marks only what public pages need as public', () => {
    expect(isPublicConfigKey('Is_SVS_Form_On')).toBe(true);
    expect(isPublicConfigKey('PerDayLimit')).toBe(false);
    expect(isPublicConfigKey('Unknown')).toBe(false);
  });
  it('reads the allocation mode and the reserved shares of the draw', () => {
    expect(readConfig('AllocationMode', undefined)).toBe('first-come');
    expect(readConfig('AllocationMode', ' Draw ')).toBe('draw');
    expect(validateConfigValue('AllocationMode', 'lottery')).toMatch(/^Allocation mode: /);
    expect(readConfig('ReservedShares', undefined)).toEqual([]);
    expect(readConfig('ReservedShares', 'SC/ST=20:SC, ST; Women = 30 % : महिला')).toEqual([
      { name: 'SC/ST', percent: 20, qualifiers: ['SC', 'ST'] },
      { name: 'Women', percent: 30, qualifiers: ['महिला'] },
    ]);
    expect(validateConfigValue('ReservedShares', 'SC=60:SC; ST=50:ST')).toMatch(/more than 100/);
    expect(validateConfigValue('ReservedShares', 'SC=20:SC; SC=10:ST')).toMatch(/name of its own/);
    expect(validateConfigValue('ReservedShares', 'SC 20')).toMatch(/Not a share/);
    expect(validateConfigValue('ReservedShares', 'SC=0:SC')).toMatch(/percent/);
  });

  it('refuses reserved shares whose qualifiers match nobody the form registers, naming the setting by its label', () => {
    const problem = validateConfigValue('ReservedShares', 'Women=50:female');
    expect(problem).toBe(
      'Reserved shares of the draw: Share Women: no registration has female; use the categories or genders of the form: GEN, OBC, SC, ST, पुरुष, महिला',
    );
    expect(problem).not.toMatch(/ReservedShares|Invalid value/);
    expect(validateConfigValue('ReservedShares', 'SC/ST=20:SC,Dalit,ST')).toMatch(/no registration has Dalit;/);
    expect(readConfig('ReservedShares', 'SC/ST=20: sc, St')).toEqual([{ name: 'SC/ST', percent: 20, qualifiers: ['SC', 'ST'] }]);
  });

  it('reads the day of the draw: a real day or empty (not announced)', () => {
    expect(readConfig('DrawDate', undefined)).toBe('');
    expect(readConfig('DrawDate', ' 2027-03-15 ')).toBe('2027-03-15');
    expect(readConfig('DrawDate', '2027-02-30')).toBe('');
    expect(validateConfigValue('DrawDate', '')).toBeNull();
    expect(validateConfigValue('DrawDate', '2027-02-30')).toMatch(/Not a date: 2027-02-30/);
    expect(validateConfigValue('DrawDate', 'next Monday')).toMatch(/Not a date/);
  });

  it('reads the supplier block of bills of supply: a GSTIN is stored in capitals and checked', () => {
    expect(readConfig('InstituteGSTIN', undefined)).toBe('');
    expect(readConfig('InstituteGSTIN', ' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(validateConfigValue('InstituteGSTIN', '')).toBeNull();
    expect(validateConfigValue('InstituteGSTIN', '27AAPFU0939F1ZW')).toBe(
      'Institute GSTIN: The last character does not match: check the GSTIN for a typing mistake',
    );
    expect(validateConfigValue('InstituteGSTIN', '27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(readConfig('InstituteName', undefined)).toMatch(/National Seed Research Institute/);
    expect(validateConfigValue('InstituteName', '  ')).toMatch(/Institute name: Required/);
    expect(readConfig('InstituteAddress', ' Pusa,\n New Delhi ')).toBe('Pusa, New Delhi');
    expect(validateConfigValue('InstituteAddress', 'x'.repeat(301))).toMatch(/At most 300/);
  });
});
