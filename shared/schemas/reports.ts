import * as z from 'zod';

/** GET /api/reports (admin): counts of a year's registrations and bills by one grouping (docs/decisions/0028-reports.md). */

export const REPORT_GROUPINGS = ['district', 'crop', 'category', 'gender'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** The longest range one report reads (one Query per day). */
export const REPORT_MAX_DAYS = 366;

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

/** Year, and an India day range within it (the whole year when left out). */
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
  .transform((q) => ({ ...q, from: q.from ?? `${q.year}-01-01`, to: q.to ?? `${q.year}-12-31` }))
  .superRefine((q, ctx) => {
    const inYear = (d: string) => d.startsWith(`${q.year}-`);
    if (!inYear(q.from)) ctx.addIssue({ code: 'custom', path: ['from'], message: `from must be a day of ${q.year}` });
    if (!inYear(q.to)) ctx.addIssue({ code: 'custom', path: ['to'], message: `to must be a day of ${q.year}` });
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must not be after to' });
    else if (daysBetween(q.from, q.to) > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${REPORT_MAX_DAYS} days` });
  });
export type ReportQuery = z.output<typeof ReportQuery>;
