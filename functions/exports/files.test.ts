import { describe, expect, it } from 'vitest';
import { exportFileName, guardFormula, toCsv } from './files';

describe('the CSV of an export', () => {
  it('starts with a byte-order mark, ends lines with CRLF and quotes as RFC 4180 asks', () => {
    const csv = toCsv(
      ['Name', 'Qty'],
      [
        ['राम, "बाबू"', 2],
        ['गीता\nरानी', null],
        ['किशन\r\nसिंह', 0],
      ],
    ).toString('utf8');
    expect(csv).toBe('\ufeffName,Qty\r\n"राम, ""बाबू""",2\r\n"गीता\nरानी",\r\n"किशन\r\nसिंह",0\r\n');
  });

  it('keeps a spreadsheet from reading a text cell as a formula', () => {
    for (const s of ['=1+1', '+91', '-5', '@SUM(A1)', '\t=x']) expect(guardFormula(s)).toBe(`'${s}`);
    for (const s of ['राम', '1+1', 'a=b']) expect(guardFormula(s)).toBe(s);
    const csv = toCsv(['a', 'n'], [['=HYPERLINK("x")', -3]]).toString('utf8');
    // Numbers are numbers: a negative amount stays one.
    expect(csv).toBe('\ufeffa,n\r\n"\'=HYPERLINK(""x"")",-3\r\n');
  });

  it('names the file by kind and day', () => {
    expect(exportFileName('registrations', 'xlsx', '2026-11-26')).toBe('registrations-2026-11-26.xlsx');
  });
});
