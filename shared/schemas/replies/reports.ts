import * as z from 'zod';
import { REPORT_GROUPINGS } from '../reports';

/** The figures of one row: counts of events on the range's days; grams and paise are net of credit notes. */
export const ReportFigures = z.strictObject({
  registrations: z.number(),
  confirmed: z.number(),
  waitlisted: z.number(),
  billed: z.number(),
  noShows: z.number(),
  cancelled: z.number(),
  grams: z.number(),
  cashPaise: z.number(),
  onlinePaise: z.number(),
});
export type ReportFigures = z.infer<typeof ReportFigures>;

/** The figures' names, in the order of the columns. */
export const REPORT_FIGURES = ReportFigures.keyof().options;

export const emptyReportFigures = (): ReportFigures => Object.fromEntries(REPORT_FIGURES.map((f) => [f, 0])) as ReportFigures;

export const ReportRow = ReportFigures.extend({
  /** The grouping's value as stored: the crop id, the district, the category or the gender. */
  key: z.string(),
  /** What a reader sees: the crop's name (the district, category or gender as stored otherwise). */
  label: z.string(),
  /** The crop's Hindi name, when it has one. */
  labelHi: z.string().optional(),
});
export type ReportRow = z.infer<typeof ReportRow>;

/** GET /api/reports */
export const ReportReply = z.strictObject({
  year: z.number(),
  from: z.string(),
  to: z.string(),
  by: z.enum(REPORT_GROUPINGS),
  /** Largest registrations first, then by label. */
  rows: z.array(ReportRow),
  total: ReportFigures,
});
export type ReportReply = z.infer<typeof ReportReply>;
