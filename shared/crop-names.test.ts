import { describe, expect, it } from 'vitest';
import { cropLabel } from './crop-names';

describe('cropLabel', () => {
  it('gives the Hindi name on Hindi pages and the English one on English pages', () => {
    const wheat = { cropName: 'Wheat', cropNameHi: 'गेहूँ' };
    expect(cropLabel(wheat, 'hi')).toBe('गेहूँ');
    expect(cropLabel(wheat, 'en')).toBe('Wheat');
  });

  it('falls back to the English name when the Hindi one is empty or missing', () => {
    expect(cropLabel({ cropName: 'Barley', cropNameHi: '' }, 'hi')).toBe('Barley');
    expect(cropLabel({ cropName: 'Barley' }, 'hi')).toBe('Barley');
    expect(cropLabel({ cropName: 'Barley', cropNameHi: null }, 'hi')).toBe('Barley');
  });
});
