import { describe, expect, it } from 'vitest';
import { HSN_RE, hsnOfCrop, presetHsnFor } from './hsn';

describe('HSN codes', () => {
  it('takes 4, 6 or 8 digits', () => {
    for (const ok of ['1001', '100199', '10019910', '0713']) expect(HSN_RE.test(ok)).toBe(true);
    for (const bad of ['', '100', '10011', '1001991', '100199101', '10O1', ' 1001']) expect(HSN_RE.test(bad)).toBe(false);
  });

  it('presets wheat by its English or Hindi name, in any spelling the catalogue accepts', () => {
    expect(presetHsnFor('Wheat')).toBe('1001');
    expect(presetHsnFor(' wheat ')).toBe('1001');
    expect(presetHsnFor('गेहूँ')).toBe('1001');
    expect(presetHsnFor('गेहूं')).toBe('1001');
    expect(presetHsnFor('Mustard')).toBe('');
  });

  it("reads a crop's own code, the preset for crops stored before, and none once cleared", () => {
    expect(hsnOfCrop({ cropName: 'Wheat' })).toBe('1001');
    expect(hsnOfCrop({ cropName: 'Wheat', hsnCode: '10019910' })).toBe('10019910');
    expect(hsnOfCrop({ cropName: 'Wheat', hsnCode: '' })).toBe('');
    expect(hsnOfCrop({ cropName: 'Chickpea' })).toBe('');
  });
});
