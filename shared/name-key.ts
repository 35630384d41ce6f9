/**
 * The comparison key of a catalogue name (docs/decisions/0038-catalogue-names.md): two names with the same key
 * read as the same name, and the catalogue holds one crop per key. In order:
 *  1. Unicode NFKC: fullwidth `Ｗ`, ligatures, superscripts, circled and mathematical letters become the plain ones;
 *  2. invisible characters go: controls, format characters (zero-width space, joiner and non-joiner, word joiner,
 *     byte-order mark, bidirectional marks, soft hyphen) and the other default-ignorable code points;
 *  3. letters of another script that look like Latin ones become those Latin letters (the table below), and
 *     case is folded (`ß`, `ẞ` and `ss`, `ς` and `σ`, dotless `ı` and `i` match);
 *  4. spaces, hyphens and all other punctuation go (`Chick-pea`, `chick pea` and `Chickpea.` match).
 * The key is only compared and stored as a uniqueness claim; the name is shown as it was typed.
 */

/**
 * Letters of the Greek, Cyrillic and Armenian scripts, and Latin letters outside ASCII, that look like an ASCII
 * letter or digit: the entries of Unicode's confusables.txt (UTS #39, 13.0) from those blocks whose prototype
 * is ASCII letters or digits. Each entry is the code point (4 hex digits) followed by what it reads as. Capital forms
 * that look like a capital I read as `I` (Unicode's prototype is `l`): the key folds case and leaves ASCII as it
 * is, so `Ιndia` (Greek Iota) must meet `India` there. ASCII itself is not mapped (`0` and `O`, `1` and `l`,
 * `rn` and `m` stay apart): variety codes such as `HD 2967` are typed in ASCII, and keys of names stored before
 * this rule stay what they were.
 */
const LOOKALIKES = [
  // Latin Extended-B, IPA extensions, small capitals
  '0184b 018Dg 0196l 01A6R 01A72 01B73 01BC5 01BDs 01C0l 01C1ll 01C7LJ 01C8Lj 01C9lj 01CANJ 01CBNj 01CCnj 01F1DZ',
  '01F2Dz 01F3dz 021C3 02228 02238 0251a 0261g 0263y 0269i 026Ai 026Fw 028Bu 028Fy 02A3dz 02A6ts 02AAls 02ABlz',
  '1D04c 1D0Fo 1D11o 1D1Cu 1D20v 1D21w 1D22z 1D26r 1D6Bue',
  // Greek
  '037Ai 037FJ 0391A 0392B 0395E 0396Z 0397H 0399I 039AK 039CM 039DN 039FO 03A1P 03A4T 03A5Y 03A7X 03B1a 03B3y',
  '03B9i 03BDv 03BFo 03C1p 03C3o 03C5u 03D2Y 03DCF 03E82 03F1p 03F2c 03F3j 03F9C 03FAM',
  // Cyrillic
  '0405S 0406I 0408J 0410A 0412B 0415E 04173 041AK 041CM 041DH 041EO 0420P 0421C 0422T 0423Y 0425X 042Bbl 042Cb',
  '042EIO 0430a 04316 0433r 0435e 043Eo 0440p 0441c 0443y 0445x 0455s 0456i 0458j 0461w 0474V 0475v 04AEY 04AFy',
  '04BBh 04BDe 04C0I 04CFi 04D4AE 04D5ae 04E03 0501d 050CG 051Bq 051CW 051Dw',
  // Armenian
  '054DU 054FS 0555O 0561w 0563q 0566q 0570h 0578n 057Cn 057Du 0581g 0584f 0585o',
];

const LOOKALIKE_OF = new Map<string, string>(
  LOOKALIKES.join(' ')
    .split(' ')
    .map((entry) => [String.fromCodePoint(Number.parseInt(entry.slice(0, 4), 16)), entry.slice(4)]),
);
// The key folds case, so a capital's small letter reads as the capital does (`в` as `b`, since `В` reads `B`),
// unless the small letter looks like something else itself (Greek `ν` reads `v`, its capital `Ν` reads `N`).
// Over a copy of the entries, as the loop adds to the map.
for (const [letter, reads] of Array.from(LOOKALIKE_OF)) {
  const small = letter.toLowerCase();
  if (small !== letter && !LOOKALIKE_OF.has(small)) LOOKALIKE_OF.set(small, reads.toLowerCase());
}

/** What the key drops: controls, format characters and other default-ignorables (step 2). */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** What the key drops: spaces, separators and punctuation, hyphens included (step 5). */
const SPACING_AND_PUNCTUATION = /[\s\p{Z}\p{P}]/gu;
/** Characters outside ASCII: only they can be look-alikes (step 3). */
const NON_ASCII = /[^\u0000-\u007f]/gu;

/** The Latin letters a name reads as: `Whеat` with a Cyrillic е reads `Wheat`. */
export const foldLookalikes = (text: string): string => text.replace(NON_ASCII, (c) => LOOKALIKE_OF.get(c) ?? c);

/** Unicode case folding, as near as JavaScript has it: `ẞ` and `ß` to `ss`, final `ς` to `σ`. */
const foldCase = (text: string): string => text.toLowerCase().toUpperCase().toLowerCase().replaceAll('ς', 'σ');

/** The comparison key of a catalogue name; '' when the name has no letter or digit. */
export function catalogueNameKey(name: string): string {
  const visible = name.normalize('NFKC').replace(INVISIBLE, '');
  // Look-alikes are read before the case is folded (a capital Greek `Ν` reads `N`) and after (`Г` folds to `г`,
  // which reads `r` as typed in small letters would).
  // Normalized again once the spaces are gone: marks they held apart meet (`İ ्` folds to i, dot above, virama)
  // and take their canonical order, so that the key of a key is the key.
  return foldLookalikes(foldCase(foldLookalikes(visible)))
    .normalize('NFKC')
    .replace(SPACING_AND_PUNCTUATION, '')
    .normalize('NFKC');
}

/** True when two catalogue names read as the same name. */
export const sameCatalogueName = (a: string, b: string): boolean => catalogueNameKey(a) === catalogueNameKey(b);
