import { describe, expect, it } from 'vitest';
import { inLanguage } from './bilingual';

describe('inLanguage', () => {
  it('takes the side of the page’s language from a Hindi / English pair', () => {
    const shift = 'सुबह 10 से दोपहर 1 बजे / Morning 10 am – 1 pm';
    expect(inLanguage(shift, 'hi')).toBe('सुबह 10 से दोपहर 1 बजे');
    expect(inLanguage(shift, 'en')).toBe('Morning 10 am – 1 pm');
    expect(inLanguage('Closed / बंद', 'hi')).toBe('बंद');
  });

  it('finds the pair after a slash inside the Hindi side', () => {
    const m = 'फ़ाइल GIF / PNG होनी चाहिए / The file must be a GIF or PNG.';
    expect(inLanguage(m, 'hi')).toBe('फ़ाइल GIF / PNG होनी चाहिए');
    expect(inLanguage(m, 'en')).toBe('The file must be a GIF or PNG.');
  });

  it('leaves a text that is no pair as it is', () => {
    for (const text of ['पिता / पति का नाम', 'Gate 2, Kushmaur', 'बीज भंडार, गेट 2', '', 'A / B'])
      expect(inLanguage(text, 'hi')).toBe(text);
  });
});
