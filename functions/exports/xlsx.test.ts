import { readSheet } from 'read-excel-file/node';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { columnName, sheetName, xlsxWorkbook, xmlText } from './xlsx';

/** The zip's entries by name, inflated (the local headers in order). */
function entries(zip: Buffer): Map<string, string> {
  const out = new Map<string, string>();
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const name = zip.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const start = at + 30 + nameLength;
    out.set(name, inflateRawSync(zip.subarray(start, start + size)).toString('utf8'));
    at = start + size;
  }
  return out;
}

describe('xlsx workbook', () => {
  it('reads back as written: text, Hindi, numbers, empty cells, markup and formula-like text as text', async () => {
    const rows = [
      ['Name', 'नाम', 'Amount'],
      ['A & B <x> "q"', 'किसान', 1250.5],
      [null, '', 0],
      ['=1+1', 'x\u0001y', -2],
    ];
    expect(await readSheet(xlsxWorkbook('Registrations', rows))).toEqual([
      ['Name', 'नाम', 'Amount'],
      ['A & B <x> "q"', 'किसान', 1250.5],
      [null, null, 0],
      ['=1+1', 'xy', -2],
    ]);
  });

  it("makes the header row bold and frozen, and names the sheet within Excel's rules", () => {
    const files = entries(xlsxWorkbook('a/b:c?*[d]'.repeat(5), [['H'], ['v']]));
    expect(files.get('xl/worksheets/sheet1.xml')).toContain(
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>',
    );
    expect(files.get('xl/worksheets/sheet1.xml')).toContain('<c r="A1" s="1" t="inlineStr">');
    expect(files.get('xl/styles.xml')).toContain('<font><b/>');
    expect(sheetName('a/b:c?*[d]'.repeat(5))).toBe('a b c   d a b c   d a b c   d a');
    expect(files.get('xl/workbook.xml')).toContain('<sheet name="a b c   d a b c   d a b c   d a" sheetId="1"');
  });

  it('names columns past Z and escapes XML', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(xmlText(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});
