/**
 * The corpus the redaction (redact.ts) is held to, for tests only: Aadhaar numbers written every way a person, a
 * form or a copy-paste might write them. Every grouping below with every separator below (the same one between
 * all groups, then all of them in turn), in ASCII, Devanagari and full-width digits. Each variant holds a number
 * of its own, so a leak names its variant. The redaction's unit test (redact.test.ts) and the handlers' log test
 * (test/integration/log-redaction.test.ts) use it.
 */

/** Between two groups: up to five characters that are not digits (the redaction's bound, shared/redact.ts). */
export const SEPARATORS = [
  ' ',
  '-',
  '.',
  '_',
  '/',
  '+',
  ':',
  ',',
  'a',
  'O',
  'x',
  '\t',
  '\n',
  '\u00a0',
  '\u2013',
  '\u2014',
  ' - ',
  '   ',
  ', ',
  ' \u2013 ',
  '...',
  ' x ',
  ' / ',
  ' | ',
  '; ',
  '\u00b7',
  '--',
  '  -  ',
  'abcde',
  ' and ',
  '(',
  ') (',
  '"',
  "' '",
  '*#',
  '\u0906',
  '\u{1F642}',
] as const;

export const GROUPINGS = [
  [4, 4, 4],
  [3, 3, 3, 3],
  [2, 2, 2, 2, 2, 2],
  [6, 6],
  [4, 8],
  [1, 11],
  [4, 4, 2, 2],
  [5, 3, 4],
] as const;

export type DigitScript = 'ascii' | 'devanagari' | 'fullwidth';

export interface AadhaarVariant {
  /** The number in ASCII digits. */
  aadhaar: string;
  /** The number as written. */
  text: string;
  script: DigitScript;
}

const SCRIPT_ZERO: Record<DigitScript, number> = { ascii: 0x30, devanagari: 0x966, fullwidth: 0xff10 };

export function inScript(digits: string, script: DigitScript): string {
  return Array.from(digits)
    .map((d) => String.fromCodePoint(SCRIPT_ZERO[script] + Number(d)))
    .join('');
}

/** Every decimal digit of the scripts above as its ASCII digit (for reading a line back). */
export function asciiDigits(text: string): string {
  return text.replace(/[\u0966-\u096f\uff10-\uff19]/g, (d) => {
    const cp = d.codePointAt(0)!;
    return String(cp - (cp >= 0xff10 ? 0xff10 : 0x966));
  });
}

/** A distinct twelve-digit number for each index, first digit 2–9 as Aadhaar numbers have. */
export function aadhaarFor(i: number): string {
  return `${2 + (i % 8)}${String((i * 7_919_113 + 104_729) % 100_000_000_000).padStart(11, '0')}`;
}

function grouped(digits: string, grouping: readonly number[], separatorAt: (k: number) => string): string {
  let out = '';
  let at = 0;
  grouping.forEach((size, k) => {
    if (k > 0) out += separatorAt(k - 1);
    out += digits.slice(at, at + size);
    at += size;
  });
  return out;
}

/** The corpus: groupings × separators, then each grouping with all separators in turn; scripts in rotation. */
export function aadhaarVariants(): AadhaarVariant[] {
  const out: AadhaarVariant[] = [];
  const scripts: DigitScript[] = ['ascii', 'ascii', 'devanagari', 'ascii', 'fullwidth'];
  const add = (grouping: readonly number[], separatorAt: (k: number) => string) => {
    const i = out.length;
    const aadhaar = aadhaarFor(i);
    const script = scripts[i % scripts.length];
    out.push({ aadhaar, script, text: grouped(inScript(aadhaar, script), grouping, separatorAt) });
  };
  for (const grouping of GROUPINGS) for (const sep of SEPARATORS) add(grouping, () => sep);
  GROUPINGS.forEach((grouping, g) => {
    for (let start = 0; start < SEPARATORS.length; start += 3) {
      add(grouping, (k) => SEPARATORS[(start + k * 7 + g) % SEPARATORS.length]);
    }
  });
  add([12], () => '');
  return out;
}

/**
 * The digits of a text as a reader would join them: every script's digits as ASCII, after percent-decoding, with
 * a space wherever more than eight non-digits stand between two digits (wider than the redaction's bound).
 */
export function digitsInClear(text: string): string {
  const decoded = text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
  return asciiDigits(decoded)
    .split(/\D{9,}/)
    .map((cluster) => cluster.replace(/\D/g, ''))
    .join(' ');
}

/** Whether the number stands in the text in clear: its twelve digits in order with up to eight non-digits between. */
export function showsInClear(text: string, aadhaar: string): boolean {
  return digitsInClear(text).includes(aadhaar);
}
