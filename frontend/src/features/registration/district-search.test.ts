import { describe, expect, it } from 'vitest';
import { OTHER_NAMES, UP_DISTRICTS } from '@shared/districts';
import { districtLabel, districtSearch, searchKey } from './district-search';

/** The district field's search (docs/product-rules.md#the-district-is-found-by-typing-its-name). */
const search = districtSearch(UP_DISTRICTS, OTHER_NAMES);
const found = (typed: string) => search(typed).map((d) => d.en);

describe('the district search', () => {
  it('finds a district by the beginning of its name, in Latin or Hindi letters, case and spaces aside', () => {
    expect(found('kanpur')).toEqual(['Kanpur Dehat', 'Kanpur Nagar']);
    expect(found('KANPUR  nagar')).toEqual(['Kanpur Nagar']);
    expect(found('कानपुर')).toEqual(['Kanpur Dehat', 'Kanpur Nagar']);
    expect(found('लखन')).toEqual(['Lucknow']);
    expect(found('Lucknow')).toEqual(['Lucknow']);
  });

  it('puts names that begin with what was typed first, then those with a word that does, then the rest', () => {
    const ba = found('ba');
    const first = ba.findIndex((d) => !/^ba/i.test(d));
    expect(first).toBeGreaterThan(5);
    expect(ba.slice(first).some((d) => /^ba/i.test(d))).toBe(false);
    // Raebareli holds 'ba' inside a word: after every name that begins with it.
    expect(ba.indexOf('Raebareli')).toBeGreaterThanOrEqual(first);
    // A word of the name: Kanpur Nagar for 'nagar', and Bhadohi by its other name, Sant Ravidas Nagar.
    expect(found('nagar')).toEqual(expect.arrayContaining(['Kanpur Nagar', 'Ambedkar Nagar', 'Bhadohi']));
  });

  it('takes the spellings that vary for one sound', () => {
    expect(found('gazipur')).toEqual(['Ghazipur']);
    expect(found('lakimpur')).toEqual(['Lakhimpur Kheri']);
    expect(found('sravasti')).toEqual(['Shravasti']);
    expect(found('shravasti')).toEqual(['Shravasti']);
    expect(found('rai bareli')).toEqual(['Raebareli']);
    expect(found('balia')).toEqual(['Ballia']);
  });

  it('takes Devanagari written with or without the nukta, and a nasal either way', () => {
    expect(found('अलीगढ')).toEqual(['Aligarh']);
    expect(found('बाँदा')).toEqual(['Banda']);
    expect(found('अंबेडकर')).toEqual(['Ambedkar Nagar']);
  });

  it('finds today’s district by a former name', () => {
    expect(found('Allahabad')).toEqual(['Prayagraj']);
    expect(found('faizabad')).toEqual(['Ayodhya']);
    expect(found('Noida')).toEqual(['Gautam Buddha Nagar']);
  });

  it('lists every district for nothing typed, and none for a name of no district', () => {
    expect(search('')).toHaveLength(UP_DISTRICTS.length);
    expect(search('  -. ')).toHaveLength(UP_DISTRICTS.length);
    expect(found('xyzzy')).toEqual([]);
    expect(found('<script>')).toEqual([]);
  });

  it('compares each script by its own key, and labels a district in the page’s language first', () => {
    expect(searchKey('Ghazi-pur')).toBe(searchKey('gazipur'));
    expect(searchKey('अलीगढ़')).toBe(searchKey('अलीगढ'));
    const lucknow = UP_DISTRICTS.find((d) => d.en === 'Lucknow')!;
    expect(districtLabel(lucknow, 'hi')).toBe('लखनऊ (Lucknow)');
    expect(districtLabel(lucknow, 'en')).toBe('Lucknow (लखनऊ)');
  });
});
