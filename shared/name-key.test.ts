import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogueNameKey, foldLookalikes, sameCatalogueName } from './name-key';

/** Names of ASCII, look-alikes of other scripts, letters whose case folds oddly, fullwidth and Devanagari letters. */
const mixedName = fc.string({
  maxLength: 30,
  unit: fc.constantFrom(...Array.from('aZ09 -.Whеat ВАRLEY вгдж ГЕЖ ßẞ ΣσςΑα ıİ Ｗｈ ﬁ गेहूँ क्ष'), '\u200d', '\u200b'),
});

describe('catalogueNameKey', () => {
  it.each([
    ['Whеat', 'Cyrillic е'],
    ['Wheаt', 'Cyrillic а'],
    ['WHEАT', 'Cyrillic capital А'],
    ['Whe\u03b1t', 'Greek α'],
    ['W\u200bheat', 'a zero-width space'],
    ['Wh\u200de\u200cat', 'a zero-width joiner and non-joiner'],
    ['W\u2060he\ufeffat\u00ad', 'a word joiner, a byte-order mark and a soft hyphen'],
    ['Ｗｈｅａｔ', 'fullwidth letters'],
    ['𝐖𝐡𝐞𝐚𝐭', 'mathematical bold letters'],
    ['Wheat.', 'a trailing full stop'],
    ['"Wheat"!', 'quotes and an exclamation mark'],
    ['  W h-e_a t  ', 'spaces, a hyphen and an underscore'],
    ['Whe\u00a0at', 'a no-break space'],
    ['W\u202eheat', 'a right-to-left override'],
    ['W\u0000heat', 'a NUL'],
    ['wHEAT', 'another case'],
  ])('%j (%s) reads as Wheat', (name) => {
    expect(catalogueNameKey(name)).toBe('wheat');
    expect(sameCatalogueName(name, 'Wheat')).toBe(true);
  });

  it('keeps the rule matching a registration crop to the catalogue: spaces, hyphens and case ignored', () => {
    expect(catalogueNameKey(' Chick-Pea ')).toBe('chickpea');
    expect(catalogueNameKey('MUSTARD')).toBe('mustard');
  });

  it('keeps the keys of plain ASCII names as they were before (lower case, no spaces or hyphens)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9 -]{0,30}$/), (name) => {
        expect(catalogueNameKey(name)).toBe(name.toLowerCase().replace(/[\s-]+/g, ''));
      }),
    );
  });

  it('catches look-alike capitals of other scripts, folded with the case', () => {
    expect(catalogueNameKey('Ιndia')).toBe('india'); // Greek capital Iota
    expect(catalogueNameKey('Іndia')).toBe('india'); // Cyrillic capital I
    expect(catalogueNameKey('ВАRLEY')).toBe('barley'); // Cyrillic В and А
    expect(catalogueNameKey('Ρ\u03bftato')).toBe('potato'); // Greek Ρ and ο
    expect(catalogueNameKey('Weißkohl')).toBe(catalogueNameKey('WEISSKOHL'));
    expect(catalogueNameKey('вarley')).toBe('barley'); // the small letter of В, as the key folds case
    expect(catalogueNameKey('Νut')).toBe('nut'); // Greek capital Nu
  });

  it('keeps ASCII look-alikes apart: digits and letters of variety codes are typed as they are', () => {
    expect(catalogueNameKey('PBW 550')).not.toBe(catalogueNameKey('PBW 55O'));
    expect(catalogueNameKey('Corn')).not.toBe(catalogueNameKey('Com'));
  });

  it('keeps names that differ in letters apart', () => {
    expect(catalogueNameKey('Wheat')).not.toBe(catalogueNameKey('Wheat 2'));
    expect(catalogueNameKey('Whéat')).not.toBe(catalogueNameKey('Wheat'));
    expect(catalogueNameKey('गेहूँ')).not.toBe(catalogueNameKey('गेहूं'));
  });

  it('keeps Devanagari names whole, without their joiners', () => {
    expect(catalogueNameKey(' गेहूँ ')).toBe('गेहूँ');
    expect(catalogueNameKey('क्\u200dष')).toBe('क्ष');
    expect(catalogueNameKey('सरसों।')).toBe('सरसों');
  });

  it('is empty for a name of punctuation, spaces and invisible characters alone', () => {
    expect(catalogueNameKey('. - \u200b')).toBe('');
  });

  it('does not change when zero-width, format or control characters are put anywhere', () => {
    const invisible = fc.constantFrom(
      '\u200b',
      '\u200c',
      '\u200d',
      '\u2060',
      '\ufeff',
      '\u00ad',
      '\u200e',
      '\u200f',
      '\u202a',
      '\u202e',
      '\u2066',
      '\u2069',
      '\u061c',
      '\u0000',
      '\u0007',
      '\u009f',
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 30 }), mixedName),
        fc.array(fc.tuple(fc.nat(), invisible), { maxLength: 6 }),
        (name, inserts) => {
          const chars = Array.from(name);
          for (const [at, c] of inserts) chars.splice(at % (chars.length + 1), 0, c);
          expect(catalogueNameKey(chars.join(''))).toBe(catalogueNameKey(name));
        },
      ),
    );
  });

  it('does not change with the case of the name, or with spaces and punctuation around its words', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 30 }), mixedName),
        fc.constantFrom(' ', '-', '.', ',', '  ', '\u00a0', '\u3000'),
        (name, gap) => {
          expect(catalogueNameKey(name.toUpperCase())).toBe(catalogueNameKey(name.toLowerCase()));
          expect(catalogueNameKey(`${gap}${name.split(' ').join(gap)}${gap}`)).toBe(catalogueNameKey(name));
        },
      ),
    );
  });

  it('is stable: the key of a key is the key', () => {
    // Found by the property below: the space held the dot above (from İ folded) and the virama apart.
    expect(catalogueNameKey(catalogueNameKey('İ ्'))).toBe(catalogueNameKey('İ ्'));
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 30 }), mixedName), (name) => {
        const key = catalogueNameKey(name);
        expect(catalogueNameKey(key)).toBe(key);
      }),
    );
  });
});

describe('foldLookalikes', () => {
  it('reads Cyrillic and Greek look-alikes as Latin letters and leaves the rest', () => {
    expect(foldLookalikes('Сорта')).toBe('Copta');
    expect(foldLookalikes('ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ')).toBe('ABEZHIKMNOPTYX');
    expect(foldLookalikes('аеорсух')).toBe('aeopcyx');
    expect(foldLookalikes('Дж गेहूँ')).toBe('Дж गेहूँ');
    expect(foldLookalikes('Νν')).toBe('Nv');
  });
});
