import * as z from 'zod';

/**
 * Exports of the staff lists (GET /api/export/{kind}): the list's own filters in the query beside the format.
 * The filters are checked by the list's own schema on the server (functions/exports/sources.ts).
 */
export const EXPORT_KINDS = ['registrations', 'invoices', 'today', 'day-close'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const ExportKindParam = z.object({
  kind: z.enum(EXPORT_KINDS, { error: `kind must be one of: ${EXPORT_KINDS.join(', ')}` }),
});

/** The query's own parameters; every other one is a filter of the list. */
export const EXPORT_OWN_PARAMS = ['format', 'async'] as const;

export const ExportQuery = z.looseObject({
  format: z.enum(EXPORT_FORMATS, { error: 'format must be csv or xlsx' }),
  /** 1: run as a job even when the file would fit a direct answer. */
  async: z
    .enum(['0', '1', 'true', 'false'], { error: 'async must be 1 or 0' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});
export type ExportQuery = z.output<typeof ExportQuery>;

/** An export job's id: 22 characters of base64url (16 random bytes). */
export const EXPORT_JOB_ID_RE = /^[A-Za-z0-9_-]{22}$/;
export const ExportJobParam = z.object({ id: z.string().max(64) });

export type { ExportJobReply } from './replies/exports';
