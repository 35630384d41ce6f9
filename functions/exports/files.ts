import { stringify } from 'csv-stringify/sync';
import type { ExportFormat, ExportKind } from '@shared/schemas/exports';
import type { Cell } from './columns';
import { xlsxWorkbook } from './xlsx';

/**
 * The two file formats of the exports (docs/decisions/0027-exports.md): CSV for any program, XLSX for Excel.
 * Both take a header row and rows of cells.
 */
export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** 'registrations-2026-11-26.csv': the kind and the India day it was made. */
export function exportFileName(kind: ExportKind, format: ExportFormat, day: string): string {
  return `${kind}-${day}.${format}`;
}

/**
 * A spreadsheet reads a text cell starting with one of these as a formula (CSV injection); such a cell gets a
 * leading apostrophe, which Excel and LibreOffice show as text and do not evaluate.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function guardFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** RFC 4180 CSV in UTF-8 with a byte-order mark (so that Excel reads Hindi) and CRLF line ends. */
export function toCsv(headers: readonly string[], rows: readonly (readonly Cell[])[]): Buffer {
  const text = stringify([headers, ...rows.map((r) => r.map((c) => (typeof c === 'string' ? guardFormula(c) : c)))], {
    bom: true,
    record_delimiter: 'windows',
    // The library quotes a field holding the record delimiter (CRLF) but not a lone LF or CR, which Excel reads
    // as a new row: RFC 4180 wants every line break inside quotes.
    quoted_match: /[\r\n]/,
    cast: { number: (n) => String(n) },
  });
  return Buffer.from(text, 'utf8');
}

/**
 * An XLSX workbook of one sheet (xlsx.ts). Text goes in as text cells, which Excel never evaluates, so it is written
 * as stored (no apostrophe); numbers as numbers. The header row is bold and frozen.
 */
export async function toXlsx(sheet: string, headers: readonly string[], rows: readonly (readonly Cell[])[]): Promise<Buffer> {
  return xlsxWorkbook(sheet, [headers, ...rows]);
}
