import { constants, inflateRawSync } from 'node:zlib';

/**
 * What a PDF scan must not carry (docs/decisions/0037-pdf-scans.md). A PDF is accepted only when every object
 * a reader could act on is written in the plain file or in a Flate stream this check has decoded, and none of
 * them names active content. Two refusals:
 *  - 'pdf-active-content': a name of active content (JavaScript, an action that opens, fetches or plays
 *    something else, embedded files, XFA, RichMedia) in the file or in any decoded Flate stream, also behind
 *    #xx name escapes;
 *  - 'pdf-unsupported': anything that cannot be vouched for, whatever it holds: object streams and
 *    cross-reference streams (/ObjStm, /XRef, /XRefStm, or a startxref or /Prev that points at an object
 *    instead of a classic xref table), encryption (/Encrypt), a filter other than FlateDecode (image filters
 *    excepted, as the last of a chain), a /Filter whose value is not a plain name or array of names, a Flate
 *    stream that does not decode or decodes to more than the caps, a stream keyword not followed by an end of
 *    line, a file with no object or no %%EOF.
 * Every check errs towards refusing: names inside strings and comments count, and where the file could be
 * read two ways (where a stream starts, what a dictionary holds) each way is read.
 */
export type PdfVerdict = 'pdf-active-content' | 'pdf-unsupported' | undefined;

const PDF_ACTIVE = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'GoToR',
  'GoToE',
  'URI',
  'SubmitForm',
  'ImportData',
  'Named',
  'GoTo3DView',
  'Rendition',
  'Movie',
  'Sound',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
]);
/** Names that mean objects live somewhere this check does not read, or cannot be read at all. */
const PDF_UNREADABLE = new Set(['ObjStm', 'XRef', 'XRefStm', 'Encrypt']);
/** Filters whose output a reader never parses as objects (pictures), allowed only at the end of a chain. */
const IMAGE_FILTERS = new Set(['DCTDecode', 'JPXDecode', 'CCITTFaxDecode', 'JBIG2Decode']);

/** PDF white space and delimiters (ISO 32000-1, 7.2.2): a name ends at any of them, NUL included. */
const WS = '\\x00\\t\\n\\f\\r ';
const DELIMITER = `${WS}/<>\\[\\]()%{}`;
const PDF_NAME = new RegExp(`/[^${DELIMITER}]*`, 'g');
const LEADING_WS = new RegExp(`^[${WS}]+`);
/** A stream keyword or an object header ("12 0 obj"), each a whole token. */
const STREAM_OR_OBJ = new RegExp(`(?<![^${DELIMITER}])(?:\\d+[${WS}]+\\d+[${WS}]+obj|stream)(?![^${DELIMITER}])`, 'g');
const STARTXREF = new RegExp(`(?<![^${DELIMITER}])startxref[${WS}]+(\\d+)`, 'g');

/** One Flate stream decodes to at most this; all of them together to at most MAX_INFLATED_TOTAL. */
export const MAX_INFLATED = 16 * 1024 * 1024;
export const MAX_INFLATED_TOTAL = 48 * 1024 * 1024;

/** A name as a reader reads it: #xx escapes decoded (an invalid escape stays as written, as readers keep it). */
export const pdfName = (raw: string) => raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** Every name in `text`, decoded, with where it ends. */
function* names(text: string): Generator<{ name: string; index: number; end: number }> {
  for (const m of text.matchAll(PDF_NAME)) yield { name: pdfName(m[0].slice(1)), index: m.index, end: m.index + m[0].length };
}

/** True when `text` (read as objects) names active content anywhere. */
function namesActiveContent(text: string): boolean {
  for (const n of names(text)) if (PDF_ACTIVE.has(n.name)) return true;
  return false;
}

/**
 * The same where the bytes may be binary data (image bytes spell a short name by chance now and then): names
 * of five letters or more count anywhere; the short ones (JS, URI, XFA) only with what makes them an action
 * or a form: a value after them ("/URI (…)", "/JS <…>", "/XFA [") or "/S" before.
 */
function namesActiveContentInData(text: string): boolean {
  for (const { name, index, end } of names(text)) {
    if (!PDF_ACTIVE.has(name)) continue;
    if (name.length >= 5) return true;
    const after = text.slice(end, end + 16).replace(LEADING_WS, '');
    const before = text.slice(Math.max(0, index - 16), index);
    if (/^[(<[0-9]/.test(after) || new RegExp(`/S[${WS}]*$`).test(before)) return true;
  }
  return false;
}

function namesUnreadable(text: string): boolean {
  for (const n of names(text)) if (PDF_UNREADABLE.has(n.name)) return true;
  return false;
}

/**
 * The value after a key at `from`: the filter names when it is a name or an array of names only, null when it
 * is anything else (an indirect reference, a comment, a string...).
 */
function nameChain(text: string, from: number): string[] | null {
  const rest = text.slice(from, from + 400).replace(LEADING_WS, '');
  const single = new RegExp(`^/[^${DELIMITER}]*`).exec(rest);
  if (single) return [pdfName(single[0].slice(1))];
  const array = new RegExp(`^\\[((?:[${WS}]*/[^${DELIMITER}]*)*)[${WS}]*\\]`).exec(rest);
  if (!array) return null;
  return [...array[1].matchAll(PDF_NAME)].map((m) => pdfName(m[0].slice(1)));
}

/** A chain of filters this check can vouch for: Flate, then at most one image filter at the end. */
function chainAllowed(chain: string[]): boolean {
  if (chain.length === 0) return false;
  return chain.every((f, i) => f === 'FlateDecode' || (IMAGE_FILTERS.has(f) && i === chain.length - 1));
}

/**
 * The filter chains a dictionary text names: every /Filter must be a chain of names (anything else: null),
 * and /F holding a name or names counts too (some readers take /F for /Filter on any stream).
 */
function filtersIn(text: string): string[][] | null {
  const chains: string[][] = [];
  for (const { name, end } of names(text)) {
    if (name !== 'Filter' && name !== 'F') continue;
    const chain = nameChain(text, end);
    if (chain) chains.push(chain);
    else if (name === 'Filter') return null;
  }
  return chains;
}

/**
 * Inflates a Flate stream as a reader does: the zlib header checked, the data read up to its end or up to
 * where it stops (a truncated stream still shows what it holds), no checksum. Undefined when it cannot be.
 */
function inflateStream(data: Buffer, limit: number): Buffer | undefined {
  if (data.length < 2 || (data[0] & 0x0f) !== 8 || ((data[0] << 8) | data[1]) % 31 !== 0 || (data[1] & 0x20) !== 0) {
    return undefined;
  }
  try {
    return inflateRawSync(data.subarray(2), { maxOutputLength: limit, finishFlush: constants.Z_SYNC_FLUSH });
  } catch {
    return undefined;
  }
}

/** True when a cross-reference offset points at something other than a classic table ("xref"). */
function notATable(text: string, offset: number): boolean {
  return !new RegExp(`^[${WS}]*xref[${WS}]`).test(text.slice(offset, offset + 64));
}

export function pdfVerdict(data: Buffer): PdfVerdict {
  const text = data.toString('latin1');
  let unsupported = false;

  // 1. The file as written. Where a stream's data starts and ends is what a reader and this check could
  //    disagree on (comments and strings may spell "stream"), so nothing is skipped: the bytes between stream
  //    keywords are read with the rule for binary data, the rest with the plain one.
  let outside = '';
  let last = 0;
  for (const m of text.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    outside += text.slice(last, m.index);
    last = m.index + m[0].length;
    if (namesActiveContentInData(m[1])) return 'pdf-active-content';
  }
  outside += text.slice(last);
  if (namesActiveContent(outside)) return 'pdf-active-content';

  // 2. Every stream, from each stream keyword: the filters its object's dictionary names (from the object's
  //    header to the keyword, so a keyword spelt inside a string of that dictionary is a stream start too);
  //    Flate data is decoded and read like the file.
  let inflated = 0;
  let objectStart = 0;
  for (const m of text.matchAll(STREAM_OR_OBJ)) {
    if (m[0] !== 'stream') {
      objectStart = m.index;
      continue;
    }
    const chains = filtersIn(text.slice(objectStart, m.index));
    if (chains === null || chains.some((c) => !chainAllowed(c))) {
      unsupported = true;
      continue;
    }
    if (!chains.some((c) => c[0] === 'FlateDecode')) continue;
    const eol = /^(?:\r\n|\r|\n)/.exec(text.slice(m.index + 6, m.index + 8));
    if (!eol) {
      unsupported = true;
      continue;
    }
    const decoded = inflateStream(data.subarray(m.index + 6 + eol[0].length), MAX_INFLATED);
    if (decoded === undefined || (inflated += decoded.length) > MAX_INFLATED_TOTAL) {
      unsupported = true;
      continue;
    }
    const plain = decoded.toString('latin1');
    if (namesActiveContentInData(plain)) return 'pdf-active-content';
    if (namesUnreadable(plain)) unsupported = true;
  }
  if (unsupported) return 'pdf-unsupported';

  // 3. The structure: no object or cross-reference streams, no encryption, filters only as allowed (also
  //    in dictionaries no stream keyword follows), cross-references only as classic tables.
  if (namesUnreadable(text)) return 'pdf-unsupported';
  const allFilters = filtersIn(outside);
  if (allFilters === null || allFilters.some((c) => !chainAllowed(c))) return 'pdf-unsupported';
  for (const { name, end } of names(text)) {
    if (name !== 'Filter') continue;
    const chain = nameChain(text, end);
    if (chain === null || !chainAllowed(chain)) return 'pdf-unsupported';
  }
  for (const m of text.matchAll(STARTXREF)) if (notATable(text, Number(m[1]))) return 'pdf-unsupported';
  for (const { name, end } of names(outside)) {
    if (name !== 'Prev') continue;
    const prev = new RegExp(`^[${WS}]*(\\d+)(?![${WS}]*\\d+[${WS}]+R)(?![0-9])`).exec(outside.slice(end, end + 40));
    if (prev && notATable(text, Number(prev[1]))) return 'pdf-unsupported';
  }
  if (!/(?<![^\x00\t\n\f\r ()<>[\]{}/%])\d+[\x00\t\n\f\r ]+\d+[\x00\t\n\f\r ]+obj/.test(text) || !text.includes('%%EOF')) {
    return 'pdf-unsupported';
  }
  return undefined;
}
