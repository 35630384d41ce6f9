import type { ReportFigures } from '@shared/schemas/replies/reports';
import { REPORT_COLUMNS, valueOf } from './report-figures';

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break; a cell a spreadsheet would read as
 * a formula (starting with = + - @ or a tab) gets a leading apostrophe.
 */
function cell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table as CSV: a header row, one row per value of the grouping, the totals row; plain numbers (kg, rupees). */
export function reportCsv(
  headers: readonly string[],
  rows: readonly { label: string; figures: ReportFigures }[],
  total: { label: string; figures: ReportFigures },
): string {
  const lines = [...rows, total].map((r) => [r.label, ...REPORT_COLUMNS.map((c) => valueOf(r.figures, c))]);
  return [headers, ...lines].map((l) => l.map(cell).join(',')).join('\r\n') + '\r\n';
}
