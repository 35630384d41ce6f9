import type { District } from '@shared/districts';

/**
 * The district field's search (./DistrictField.tsx): a farmer types a few letters of the district's name in Hindi
 * or in Latin letters, as they would write it, and gets the districts whose names hold them.
 *  - Latin: case, spaces, dots and hyphens do not count, nor the spellings that vary between people for one
 *    sound (sh/s, ph/f, w/v, z/j, q/k, an h after a consonant, ee/i, oo/u, a doubled letter): 'gazipur' finds
 *    Ghazipur, 'lakimpur' Lakhimpur Kheri, 'shravasti' and 'sravasti' Shravasti, 'rai bareli' Raebareli.
 *  - Devanagari: spaces, the nukta and the two ways of writing a nasal (चंद्रबिंदु or अनुस्वार, or a half
 *    nasal consonant) do not count: 'अलीगढ' finds अलीगढ़, 'बाँदा' बांदा, 'अंबेडकर' अम्बेडकर नगर.
 *  - Former names still in use find today's district ('Allahabad': Prayagraj, 'Faizabad': Ayodhya).
 * Names that begin with what was typed come first, then those with a word that does, then the rest, each in the
 * list's order.
 */
const DEVANAGARI = /[\u0900-\u097f]/;

function latinKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/ph/g, 'f')
    .replace(/([kgcjtdpbsr])h/g, '$1')
    .replace(/w/g, 'v')
    .replace(/z/g, 'j')
    .replace(/q/g, 'k')
    .replace(/ck/g, 'k')
    .replace(/ee|ii|ey/g, 'i')
    .replace(/oo|ou/g, 'u')
    .replace(/ae|ai/g, 'e')
    .replace(/y/g, 'i')
    .replace(/(.)\1+/g, '$1');
}

function devanagariKey(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\u093c/g, '') // nukta
    .replace(/\u0901/g, '\u0902') // chandrabindu as anusvara
    .replace(/[\u0919\u091e\u0923\u0928\u092e]\u094d(?=[\u0915-\u0939])/g, '\u0902') // a half nasal before a consonant
    .replace(/[^\u0900-\u097f]/g, '');
}

/** The key a typed text or a name is compared by, in its own script. */
export const searchKey = (text: string): string => (DEVANAGARI.test(text) ? devanagariKey(text) : latinKey(text));

interface Indexed {
  district: District;
  /** Each name's key, and each of its words' keys (a name "begins" at any of its words). */
  names: { whole: string; words: string[] }[];
}

function index(district: District, otherNames: readonly string[]): Indexed {
  const names = [district.en, district.hi, ...otherNames].map((name) => ({
    whole: searchKey(name),
    words: name
      .split(/[\s-]+/)
      .map(searchKey)
      .filter(Boolean),
  }));
  return { district, names };
}

/** A search over these districts (and their other names: [other name, district's English name]). */
export function districtSearch(
  districts: readonly District[],
  otherNames: readonly (readonly [string, string])[] = [],
): (typed: string) => District[] {
  const indexed = districts.map((d) =>
    index(
      d,
      otherNames.filter(([, now]) => now === d.en).map(([old]) => old),
    ),
  );
  return (typed) => {
    const key = searchKey(typed);
    if (!key) return [...districts];
    const rank = (i: Indexed) =>
      i.names.some((n) => n.whole.startsWith(key))
        ? 0
        : i.names.some((n) => n.words.some((w) => w.startsWith(key)))
          ? 1
          : i.names.some((n) => n.whole.includes(key))
            ? 2
            : 3;
    return indexed
      .map((i) => ({ i, r: rank(i) }))
      .filter((x) => x.r < 3)
      .sort((a, b) => a.r - b.r)
      .map((x) => x.i.district);
  };
}

/** A district as the field shows it: its name in the page's language, the other in brackets. */
export const districtLabel = (d: District, lang: string): string => (lang === 'en' ? `${d.en} (${d.hi})` : `${d.hi} (${d.en})`);
