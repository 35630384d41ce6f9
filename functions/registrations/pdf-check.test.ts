import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { PACKED_ACTIONS, PDF_OPEN_AT_PAGE, PDF_PACKED_ACTIONS, pdfWith, pdfWithPackedAction } from '@test/fixtures/hostile-files';
import { MAX_INFLATED, pdfVerdict } from './pdf-check';

const FIXTURES = join(__dirname, '../../test/fixtures');
const SAMPLE_PDF = readFileSync(join(FIXTURES, 'aadhaar-sample.pdf'));
const SAMPLE_PNG = readFileSync(join(FIXTURES, 'aadhaar-sample.png'));
const latin1 = (s: string) => Buffer.from(s, 'latin1');

/** A PDF (pdfWith) with one more object: a stream whose dictionary holds `dict` and whose data is `data`. */
function pdfWithStream(dict: string, data: Buffer, { catalog = '', afterKeyword = '\n' } = {}): Buffer {
  const marker = '@@DATA@@';
  const pdf = pdfWith(catalog, [`<< ${dict} /Length ${data.length} >>\nstream${afterKeyword}${marker}\nendstream`]);
  const at = pdf.indexOf(marker);
  // The data goes in as bytes: the objects before it keep their offsets, the xref table moves.
  const out = Buffer.concat([pdf.subarray(0, at), data, pdf.subarray(at + marker.length)]);
  const xref = out.lastIndexOf('\nxref\n') + 1;
  return Buffer.concat([out.subarray(0, out.lastIndexOf('startxref\n')), latin1(`startxref\n${xref}\n%%EOF\n`)]);
}
const flateStream = (content: string, dict = '') => pdfWithStream(`/Filter /FlateDecode ${dict}`, deflateSync(latin1(content)));

/** A PDF made by jsPDF, the way a phone or an office app writes a simple one (with a picture). */
function jspdfScan(compress: boolean): Buffer {
  const doc = new jsPDF({ compress, unit: 'pt', format: [298, 420] });
  doc.text('AADHAAR SCAN', 30, 40);
  doc.addImage(SAMPLE_PNG, 'PNG', 20, 60, 200, 120);
  return Buffer.from(doc.output('arraybuffer'));
}

describe('PDF scans: accepted', () => {
  it('accepts plain PDFs: the sample, "open at page 1", jsPDF output compressed or not', () => {
    expect(pdfVerdict(SAMPLE_PDF)).toBeUndefined();
    expect(pdfVerdict(PDF_OPEN_AT_PAGE)).toBeUndefined();
    expect(pdfVerdict(jspdfScan(false))).toBeUndefined();
    expect(pdfVerdict(jspdfScan(true))).toBeUndefined();
  });

  it('accepts Flate content and picture streams (a JPEG picture behind Flate too)', () => {
    expect(pdfVerdict(flateStream('BT /F1 14 Tf 30 380 Td (AADHAAR SCAN) Tj ET'))).toBeUndefined();
    const picture = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 0x41), Buffer.from([0xff, 0xd9])]);
    expect(pdfVerdict(pdfWithStream('/Type /XObject /Subtype /Image /Filter /DCTDecode', picture))).toBeUndefined();
    expect(pdfVerdict(pdfWithStream('/Subtype /Image /Filter [/FlateDecode /DCTDecode]', deflateSync(picture)))).toBeUndefined();
    expect(
      pdfVerdict(
        pdfWithStream('/Subtype /Image /Filter /FlateDecode /DecodeParms << /Predictor 15 /Columns 4 >>', deflateSync(picture)),
      ),
    ).toBeUndefined();
  });
});

describe('PDF scans: random picture bytes', () => {
  /** A small deterministic generator (mulberry32): the same "random" pictures on every run. */
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

  it('does not trip on the random-looking bytes of pictures, raw (JPEG) or Flate (20 files)', () => {
    const next = seeded(20240502);
    for (let i = 0; i < 20; i++) {
      const bytes = Buffer.alloc(240 * 1024);
      for (let j = 0; j < bytes.length; j++) bytes[j] = Math.floor(next() * 256);
      const jpeg = pdfWithStream('/Type /XObject /Subtype /Image /Filter /DCTDecode', bytes);
      expect(pdfVerdict(jpeg), `JPEG ${i}`).toBeUndefined();
      const flate = pdfWithStream('/Type /XObject /Subtype /Image /Filter /FlateDecode', deflateSync(bytes));
      expect(pdfVerdict(flate), `Flate ${i}`).toBeUndefined();
    }
  });
});

describe('PDF scans: the object streams of the report', () => {
  it('refuses the three reported PDFs', () => {
    for (const [what, pdf] of Object.entries(PDF_PACKED_ACTIONS)) expect(pdfVerdict(pdf), what).toBeDefined();
    // Hex data is not decoded: refused for what it is. The Flate one is decoded and its action seen.
    expect(pdfVerdict(pdfWithPackedAction(PACKED_ACTIONS.JavaScript, 'hex'))).toBe('pdf-unsupported');
    expect(pdfVerdict(pdfWithPackedAction(PACKED_ACTIONS.JavaScript, 'flate-decoy'))).toBe('pdf-active-content');
  });

  it('refuses each packed action (JavaScript, Launch, URI, GoToR) either way it is packed', () => {
    for (const [action, object] of Object.entries(PACKED_ACTIONS)) {
      for (const how of ['hex', 'flate-decoy'] as const)
        expect(pdfVerdict(pdfWithPackedAction(object, how)), `${action} ${how}`).toBeDefined();
    }
  });

  it('refuses an object stream holding nothing active, compressed or not', () => {
    const objects = '6 0 << /Type /Annot /Subtype /Text /Contents (note) >>';
    expect(pdfVerdict(flateStream(objects, '/Type /ObjStm /N 1 /First 4'))).toBe('pdf-unsupported');
    expect(pdfVerdict(pdfWithStream('/Type /ObjStm /N 1 /First 4', latin1(objects)))).toBe('pdf-unsupported');
    expect(pdfVerdict(pdfWithStream('/Type /Obj#53tm /N 1 /First 4', latin1(objects)))).toBe('pdf-unsupported');
  });
});

describe('PDF scans: the class, not the samples', () => {
  const unsupported: Record<string, Buffer> = {
    'an ASCIIHex stream': pdfWithStream('/Filter /ASCIIHexDecode', latin1('48 65 6C 6C 6F>')),
    'an ASCII85 stream': pdfWithStream('/Filter /ASCII85Decode', latin1('87cURD]i,"Ebo80~>')),
    'an LZW stream': pdfWithStream('/Filter /LZWDecode', latin1('\x80\x0b\x60\x50')),
    'a run-length stream': pdfWithStream('/Filter /RunLengthDecode', latin1('\x04hello\x80')),
    'an abbreviated filter name': pdfWithStream('/Filter /AHx', latin1('48 65>')),
    'an abbreviated filter under /F': pdfWithStream('/F /AHx', latin1('48 65>')),
    'a filter behind #xx escapes': pdfWithStream('/Filter /ASCIIHex#44ecode', latin1('48 65>')),
    'a filter given by reference': pdfWithStream('/Filter 9 0 R', deflateSync(latin1('q Q'))),
    'a filter array with hex in it': pdfWithStream('/Filter [/ASCIIHexDecode /FlateDecode]', latin1('78 9C>')),
    'a picture filter before Flate': pdfWithStream('/Filter [/DCTDecode /FlateDecode]', deflateSync(latin1('x'))),
    'a Flate stream that does not decode': pdfWithStream('/Filter /FlateDecode', latin1('not deflate data at all')),
    'a Flate stream with a broken body': pdfWithStream('/Filter /FlateDecode', Buffer.from([0x78, 0x9c, 0xff, 0xff, 0xff, 0xff])),
    'a Flate stream whose keyword is followed by a space': pdfWithStream('/Filter /FlateDecode', deflateSync(latin1('q Q')), {
      afterKeyword: ' \n',
    }),
    'a Flate stream decoding to more than the cap': pdfWithStream(
      '/Filter /FlateDecode',
      deflateSync(Buffer.alloc(MAX_INFLATED + 1)),
    ),
    encryption: latin1(
      pdfWith('').toString('latin1').replace('/Root 1 0 R', '/Root 1 0 R /Encrypt << /Filter /Standard /V 1 >>'),
    ),
    'a hybrid file (/XRefStm)': latin1(pdfWith('').toString('latin1').replace('/Root 1 0 R', '/Root 1 0 R /XRefStm 9')),
    'a startxref pointing at an object (a cross-reference stream with no /Type)': latin1(
      pdfWith('')
        .toString('latin1')
        .replace(/startxref\n\d+/, 'startxref\n15'),
    ),
    'a /Prev pointing at an object': latin1(pdfWith('').toString('latin1').replace('/Root 1 0 R', '/Root 1 0 R /Prev 15')),
    'no object at all': latin1('%PDF-1.4\n%%EOF\n'),
    'no %%EOF': latin1(pdfWith('').toString('latin1').replace('%%EOF', '')),
  };
  for (const [what, pdf] of Object.entries(unsupported)) {
    it(`refuses ${what}`, () => expect(pdfVerdict(pdf)).toBe('pdf-unsupported'));
  }

  it('keeps "/Prev 5 0 R" of an outline item apart from a trailer /Prev', () => {
    expect(pdfVerdict(pdfWith('', ['<< /Title (Page 1) /Parent 2 0 R /Prev 5 0 R /Dest [3 0 R /Fit] >>']))).toBeUndefined();
  });

  it('reads every Flate stream: an action in a content stream, one with a bad checksum; refuses a truncated one', () => {
    expect(pdfVerdict(flateStream('<< /S /Launch /F (cmd.exe) >>'))).toBe('pdf-active-content');
    const packed = deflateSync(latin1(`${'q Q '.repeat(50)}<< /S /JavaScript /JS (app.alert\\(1\\)) >>${' q Q'.repeat(200)}`));
    // Cut short, it runs into "endstream" and what follows: it cannot be read whole, so it is refused.
    expect(pdfVerdict(pdfWithStream('/Filter /FlateDecode', packed.subarray(0, packed.length - 20)))).toBe('pdf-unsupported');
    const badSum = Buffer.from(packed);
    badSum.writeUInt32BE(0, badSum.length - 4);
    expect(pdfVerdict(pdfWithStream('/Filter /FlateDecode', badSum))).toBe('pdf-active-content');
  });

  it('reads a Flate stream from a stream keyword spelt in a string of its dictionary, and from the real one', () => {
    const packed = deflateSync(latin1('<< /S /URI /URI (https://evil.example/) >>'));
    expect(pdfVerdict(pdfWithStream('/Filter /FlateDecode /Note (stream\n1 0 )', packed))).toBe('pdf-active-content');
    expect(pdfVerdict(pdfWithStream('/Note (stream\n1 0 ) /Filter /FlateDecode', packed))).toBe('pdf-active-content');
  });

  it('refuses a Flate stream whose action hides behind name escapes', () => {
    expect(pdfVerdict(flateStream('<< /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>'))).toBe('pdf-active-content');
  });
});

describe('PDF scans: generated spellings (property)', () => {
  const ACTIONS = ['JavaScript', 'Launch', 'GoToR', 'GoToE', 'SubmitForm', 'ImportData', 'Rendition', 'RichMedia', 'URI', 'JS'];
  const STRUCTURE = ['ObjStm', 'XRefStm', 'XRef', 'Encrypt'];
  /** A name with any of its characters written as #xx (upper or lower case hex). */
  const escaped = (name: string) =>
    fc.array(fc.tuple(fc.boolean(), fc.boolean()), { minLength: name.length, maxLength: name.length }).map((how) =>
      Array.from(name)
        .map((ch, i) => {
          const [escape, upper] = how[i];
          if (!escape) return ch;
          const hex = ch.charCodeAt(0).toString(16).padStart(2, '0');
          return `#${upper ? hex.toUpperCase() : hex}`;
        })
        .join(''),
    );
  /** PDF white space between tokens, NUL and form feed included. */
  const space = fc
    .array(fc.constantFrom(' ', '\t', '\n', '\r', '\r\n', '\f', '\0'), { minLength: 1, maxLength: 4 })
    .map((s) => s.join(''));
  const action = fc.constantFrom(...ACTIONS).chain((name) => fc.tuple(escaped(name), space, space));
  const place = fc.constantFrom('catalog', 'object', 'flate');

  it('refuses every escaped, spaced spelling of an action, in the catalog, an object or a Flate stream', () => {
    fc.assert(
      fc.property(action, place, ([name, s1, s2], where) => {
        const dict = `<<${s1}/S${s1}/${name}${s2}/URI${s2}(https://evil.example/)${s1}/JS${s2}(x)>>`;
        const pdf =
          where === 'catalog'
            ? pdfWith(`/OpenAction${s1}${dict}`)
            : where === 'object'
              ? pdfWith('/OpenAction 5 0 R', [dict])
              : flateStream(dict);
        expect(pdfVerdict(pdf)).toBe('pdf-active-content');
      }),
      { numRuns: 300 },
    );
  });

  it('refuses every escaped spelling of an object stream, cross-reference stream or encryption', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STRUCTURE).chain(escaped), space, fc.boolean(), (name, s, inFlate) => {
        const dict = `<<${s}/Type${s}/${name}${s}/N 1 /First 4${s}>>`;
        const pdf = inFlate ? flateStream(dict) : pdfWith('', [dict]);
        expect(pdfVerdict(pdf)).toBe('pdf-unsupported');
      }),
      { numRuns: 200 },
    );
  });

  it('accepts plain PDFs with benign names and any white space', () => {
    const benign = fc.constantFrom(
      'PageMode /UseNone',
      'PageLayout /SinglePage',
      'Lang (hi-IN)',
      'ViewerPreferences << /DisplayDocTitle true >>',
    );
    fc.assert(
      fc.property(benign, space, (entry, s) => {
        expect(pdfVerdict(pdfWith(`/${entry.replace(' ', s)}`))).toBeUndefined();
        expect(pdfVerdict(flateStream(`BT${s}/F1 12 Tf${s}(${entry})${s}Tj ET`))).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });
});
