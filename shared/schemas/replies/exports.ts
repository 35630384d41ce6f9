import * as z from 'zod';

/**
 * An export job (202 from GET /api/export/{kind} when the file is written to storage, and
 * GET /api/export/jobs/{id}): its progress, and once done a link to the file valid for a few minutes.
 */
export const ExportJobReply = z.strictObject({
  id: z.string(),
  kind: z.string(),
  format: z.enum(['csv', 'xlsx']),
  status: z.enum(['running', 'done', 'failed']),
  rowsDone: z.number(),
  /** Known once the list's matches are counted. */
  rowsTotal: z.number().optional(),
  fileName: z.string(),
  /** The list's read cap stopped the search: the file holds only what was read (narrow the dates). */
  partial: z.boolean().optional(),
  /** Done only. */
  url: z.string().optional(),
  expiresAt: z.string().optional(),
  /** Failed only: what went wrong, for the person who asked. */
  message: z.string().optional(),
});
export type ExportJobReply = z.infer<typeof ExportJobReply>;
