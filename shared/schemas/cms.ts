import * as z from 'zod';
import { blankIfMissing, queryBool } from './common';

/**
 * Content of the home page: blocks (the 'about' section and the highlight cards) and announcements.
 * The CMS function validates with these schemas and the admin forms validate with the same ones, so a
 * message a staff member sees in the form is the message the server would give.
 */

export const BLOCK_LIMITS = {
  slug: 64,
  title: 200,
  body: 5000,
  imageUrl: 1000,
  sortOrderMin: -99999,
  sortOrderMax: 99999,
} as const;
export const ANNOUNCEMENT_LIMITS = { title: 200, message: 2000 } as const;

export const BLOCK_REQUIRED = 'Slug and Title are required';
export const ANNOUNCEMENT_REQUIRED = 'Title & Message required';

// null and undefined read as '' (blankIfMissing), so that a missing field fails with the plain "required" message.
const requiredString = (max: number, required: string, label: string) =>
  blankIfMissing(z.string({ error: required }).trim().min(1, required).max(max, `${label}: at most ${max} characters`));

const optionalString = (max: number, label: string) =>
  blankIfMissing(z.string({ error: `${label} must be text` }).max(max, `${label}: at most ${max} characters`));

/** 0, absent, null or '' mean "create"; any other whole number is the record to update. */
const recordId = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : v),
    z.coerce
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(0, `${label} must not be negative`)
      .max(1e12, `${label} is too large`),
  );

/** Image addresses a visitor's browser may load: http(s) URLs or a path on this site. */
export function isSafeImageUrl(value: string): boolean {
  if (value === '') return true;
  if (/[\s\\<>"'`]/.test(value) || /[\u0000-\u001f\u007f]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

export const IMAGE_URL_MESSAGE = 'Image URL must start with http://, https:// or / (a path on this site)';

const imageUrl = blankIfMissing(
  z
    .string({ error: 'Image URL must be text' })
    .trim()
    .max(BLOCK_LIMITS.imageUrl, `Image URL: at most ${BLOCK_LIMITS.imageUrl} characters`)
    .refine(isSafeImageUrl, IMAGE_URL_MESSAGE),
);

const isActive = z.preprocess(
  (v) => (v === undefined || v === null ? true : v),
  z.boolean({ error: 'isActive must be true or false' }),
);

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;

export const BlockInput = z.object({
  blockID: recordId('blockID'),
  slug: requiredString(BLOCK_LIMITS.slug, BLOCK_REQUIRED, 'Slug').pipe(
    z
      .string()
      .transform((s) => s.toLowerCase())
      .refine((s) => SLUG_PATTERN.test(s), 'Slug: letters, digits, - and _ only (no spaces)'),
  ),
  title: requiredString(BLOCK_LIMITS.title, BLOCK_REQUIRED, 'Title'),
  body: optionalString(BLOCK_LIMITS.body, 'Body'),
  imageUrl,
  sortOrder: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : v),
    z.coerce
      .number({ error: 'Sort order must be a number' })
      .int('Sort order must be a whole number')
      .min(BLOCK_LIMITS.sortOrderMin, `Sort order must be at least ${BLOCK_LIMITS.sortOrderMin}`)
      .max(BLOCK_LIMITS.sortOrderMax, `Sort order must be at most ${BLOCK_LIMITS.sortOrderMax}`),
  ),
  isActive,
  /** The Hindi text, where the block has one (the notice and the required pages, shared/site-pages.ts). */
  titleHi: optionalString(BLOCK_LIMITS.title, 'Hindi title'),
  bodyHi: optionalString(BLOCK_LIMITS.body, 'Hindi body'),
});
/** What a form holds / a client sends. */
export type BlockInputRaw = z.input<typeof BlockInput>;
export type BlockInput = z.output<typeof BlockInput>;

export { SEVERITIES, type Severity } from './replies/cms';
import { SEVERITIES } from './replies/cms';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** A date and time with its zone (e.g. 2025-06-01T09:30:00.000Z), stored in UTC ISO form. */
const dateTime = (label: string) =>
  z
    .string({ error: `${label} must be a date and time` })
    .trim()
    .refine((v) => ISO_DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)), `${label} must be a date and time`)
    .transform((v) => new Date(v).toISOString());

export const AnnouncementInput = z
  .object({
    announcementID: recordId('announcementID'),
    title: requiredString(ANNOUNCEMENT_LIMITS.title, ANNOUNCEMENT_REQUIRED, 'Title'),
    message: requiredString(ANNOUNCEMENT_LIMITS.message, ANNOUNCEMENT_REQUIRED, 'Message'),
    severity: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? 'info' : v),
      z.enum(SEVERITIES, { error: 'Severity must be info, success, warn or danger' }),
    ),
    /** Absent: now for a new announcement, unchanged for an existing one. */
    startAt: z.preprocess((v) => (v === null || v === '' ? undefined : v), dateTime('Start time').optional()),
    /** Empty end time means "no end" and is sent as null. */
    endAt: z.preprocess((v) => (v === undefined || v === '' ? null : v), dateTime('End time').nullable()),
    isActive,
  })
  .superRefine((a, ctx) => {
    if (a.startAt && a.endAt && a.endAt <= a.startAt) {
      ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'End time must be after the start time' });
    }
  });
export type AnnouncementInputRaw = z.input<typeof AnnouncementInput>;
export type AnnouncementInput = z.output<typeof AnnouncementInput>;

export const CmsListQuery = z.object({ includeInactive: queryBool });

/** GET /api/home/pages/{slug}: a slug of shared/site-pages.ts CONTENT_SLUGS (any other answers 404). */
export const ContentSlugParam = z.object({
  slug: z.string().trim().toLowerCase().max(BLOCK_LIMITS.slug, 'No such page'),
});

export const BlockIdParam = z.object({ blockID: recordId('blockID') });
export const AnnouncementIdParam = z.object({ announcementID: recordId('announcementID') });

export type { BlockResponse, AnnouncementResponse, HomeSummaryResponse, SitePageResponse } from './replies/cms';
