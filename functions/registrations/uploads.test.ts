import { describe, expect, it } from 'vitest';
import {
  jpegWithComment,
  PDF_ACTIONS,
  PDF_DODGES,
  PDF_OPEN_AT_PAGE,
  PDF_URI_LINK,
  pdfWith,
  pngWithText,
} from '@test/fixtures/hostile-files';
import { SAMPLE_PDF, SAMPLE_PNG } from '@test/fixtures/registration-helpers';
import { hostileContent, sniff, type FileKind } from './uploads';

const kindOf = (data: Buffer): FileKind => {
  const k = sniff(data.subarray(0, 16));
  if (!k) throw new Error('fixture of no allowed kind');
  return k;
};
const verdict = (data: Buffer) => hostileContent(data, kindOf(data));

/** A small deterministic generator (mulberry32): the same "random" photos on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('hostile content in an allowed kind of file', () => {
  it('refuses a PDF naming each action that opens, fetches or plays something else', () => {
    for (const [action, pdf] of Object.entries(PDF_ACTIONS)) expect(verdict(pdf), action).toBe('pdf-active-content');
    expect(verdict(PDF_URI_LINK)).toBe('pdf-active-content');
    // Written with #xx escapes, the name is the same.
    expect(verdict(pdfWith('/OpenAction << /S /G#6FToR /F (other.pdf) >>'))).toBe('pdf-active-content');
  });

  it('refuses the actions hidden where a reader and a naive check disagree', () => {
    // Seen (the action, once its stream is decoded) or refused as unreadable (a predicted object stream).
    for (const [how, pdf] of Object.entries(PDF_DODGES))
      expect(['pdf-active-content', 'pdf-unsupported'], how).toContain(verdict(pdf));
  });

  it('reads names inside stream data only with what makes them an action, so image bytes do not trip it', () => {
    const inData = (bytes: string) => pdfWith('', [`<< /Length ${bytes.length} >>\nstream\n${bytes}\nendstream`]);
    for (const innocent of ['xx/JS\x01yy', '/URI\x7f', 'q/XFA\x00Q', 'ab/JSx('])
      expect(verdict(inData(innocent)), innocent).toBeUndefined();
    for (const hostile of ['/S /URI', '/URI (https://evil.example/)', '/JS <616c657274>', '/XFA [', '/Launch\x00']) {
      expect(verdict(inData(hostile)), hostile).toBe('pdf-active-content');
    }
  });

  it('refuses SVG and on…= event handlers inside a tag', () => {
    for (const markup of [
      '<svg onload=alert(1)>',
      '<SVG/onload=alert(1)>',
      '<img src=x onerror=alert(1)>',
      '<img/src=x/onerror=alert(1)>',
      '<body onpageshow="alert(1)">',
      '<a href="#" onmouseover = "alert(1)">x</a>',
      "<div\tstyle='x'\tonclick='alert(1)'>",
    ]) {
      expect(verdict(pngWithText(markup)), markup).toBe('markup');
      expect(verdict(jpegWithComment(markup)), markup).toBe('markup');
    }
  });

  it('accepts the genuine samples, and words like "on=" outside a tag', () => {
    expect(verdict(SAMPLE_PNG)).toBeUndefined();
    expect(verdict(SAMPLE_PDF)).toBeUndefined();
    expect(verdict(PDF_OPEN_AT_PAGE)).toBeUndefined();
    for (const text of ['Scanned on=2024-05-01', 'a<b and c>d, mode onboard=1', 'x < y onload=1', '<> onerror=1']) {
      expect(verdict(jpegWithComment(text)), text).toBeUndefined();
    }
  });

  it('accepts the XMP metadata cameras and scanners write', () => {
    const xmp =
      '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 5.6">' +
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" ' +
      'xmlns:tiff="http://ns.adobe.com/tiff/1.0/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" tiff:Orientation="1" ' +
      'xmp:CreatorTool="Scanner 2.1" xmp:ModifyDate="2024-05-01T10:00:00+05:30" xmpMM:DocumentID="uuid:1"/>' +
      '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>';
    expect(verdict(jpegWithComment(xmp))).toBeUndefined();
    expect(verdict(pngWithText(xmp))).toBeUndefined();
  });

  it('does not trip on the random-looking bytes of compressed photos (40 files of 500 KB)', () => {
    const next = seeded(20240501);
    for (let i = 0; i < 40; i++) {
      const body = Buffer.alloc(500 * 1024 - 600);
      for (let j = 0; j < body.length; j++) body[j] = Math.floor(next() * 256);
      // Keep the ZIP check out of it (its signature in random data is a separate, older rule).
      body.forEach((b, j) => (b === 0x50 && body[j + 1] === 0x4b ? (body[j + 1] = 0) : undefined));
      const jpeg = Buffer.concat([jpegWithComment('Made by a phone camera'), body, Buffer.from([0xff, 0xd9])]);
      expect(verdict(jpeg), `file ${i}`).toBeUndefined();
    }
  });
});
