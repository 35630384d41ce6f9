import type { ReportFigures, ReportRow } from '@shared/schemas/replies/reports';
import type { ReportGrouping } from '@shared/schemas/reports';
import { cropLabel } from '@shared/crop-names';

/** The table's columns in order; the chart draws any one of them. */
export const REPORT_COLUMNS = [
  'registrations',
  'confirmed',
  'waitlisted',
  'billed',
  'noShows',
  'cancelled',
  'kg',
  'cash',
  'online',
] as const;
export type ReportColumn = (typeof REPORT_COLUMNS)[number];

/** A column's value in its unit: counts, kg, or rupees. */
export function valueOf(f: ReportFigures, c: ReportColumn): number {
  if (c === 'kg') return f.grams / 1000;
  if (c === 'cash') return f.cashPaise / 100;
  if (c === 'online') return f.onlinePaise / 100;
  return f[c];
}

/** As India writes numbers (1,20,000); kg and rupees with up to two decimals. */
export function valueText(f: ReportFigures, c: ReportColumn): string {
  const v = valueOf(f, c);
  return v.toLocaleString('en-IN', { maximumFractionDigits: c === 'kg' || c === 'cash' || c === 'online' ? 2 : 0 });
}

type Translate = (key: 'reports.genders.male' | 'reports.genders.female' | 'reports.categories.GEN') => string;

/** What a row is called: the crop in the page's language; a category or gender as the form shows it. */
export function rowLabel(row: ReportRow, by: ReportGrouping, language: string, t: Translate): string {
  if (by === 'crop') return cropLabel({ cropName: row.label, cropNameHi: row.labelHi }, language);
  if (by === 'gender') {
    if (row.key === 'पुरुष') return t('reports.genders.male');
    if (row.key === 'महिला') return t('reports.genders.female');
  }
  if (by === 'category' && row.key === 'GEN') return t('reports.categories.GEN');
  return row.label;
}
