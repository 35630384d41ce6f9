import * as z from 'zod';

/** GET /api/reports (admin): counts of a year's registrations and bills by one grouping (docs/decisions/0028-reports.md). */

export const REPORT_GROUPINGS = ['district', 'crop', 'category', 'gender'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/**
 * The days a year's registrations are reported over: their season, from 1 January of the year to 30 June of the
 * next (18 months). A registration's events are counted under its own year (docs/decisions/0028-reports.md), and a
 * Rabi season's registrations, made in November, are billed into January and later: a report of the year must reach
 * into the next one (docs/product-rules.md#a-years-report-covers-its-season-into-the-next-year).
 */
export const REPORT_SEASON_MONTHS = 18;
export function reportSeason(year: number): { first: string; last: string } {
  return { first: `${year}-01-01`, last: `${year + 1}-06-30` };
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (s: string) => {
  const t = DAY_RE.test(s) ? Date.parse(`${s}T00:00:00Z`) : Number.NaN;
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
};
const day = (name: string) =>
  z
    .string({ error: `${name} must be a day YYYY-MM-DD` })
    .refine(isCalendarDay, `${name} must be a calendar day YYYY-MM-DD (an India day)`);

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Year, and an India day range within its season (the whole season when left out). */
export const ReportQuery = z
  .object({
    year: z.coerce
      .number({ error: 'year must be a number' })
      .int('year must be a whole number')
      .min(2000, 'year must be 2000 or later')
      .max(2100, 'year must be 2100 or earlier'),
    from: day('from').optional(),
    to: day('to').optional(),
    by: z.enum(REPORT_GROUPINGS, { error: 'by must be district, crop, category or gender' }),
  })
  .transform((q) => {
    const season = reportSeason(q.year);
    return { ...q, from: q.from ?? season.first, to: q.to ?? season.last };
  })
  .superRefine((q, ctx) => {
    const { first, last } = reportSeason(q.year);
    const season = `a report of ${q.year}'s registrations covers at most their season of ${REPORT_SEASON_MONTHS} months`;
    if (q.from < first || q.from > last)
      ctx.addIssue({ code: 'custom', path: ['from'], message: `from must be a day from ${first} to ${last} (${season})` });
    if (q.to < first || q.to > last)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `to must be a day from ${first} to ${last} (${season})` });
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must not be after to' });
  });
export type ReportQuery = z.output<typeof ReportQuery>;
