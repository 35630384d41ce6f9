import * as z from 'zod';
import { MSG_NO_FIELDS } from './no-fields';
import { redactDigitRuns } from '../redact';

/**
 * The farmer's data (docs/decisions/0023-records.md, section 4): the farmer's own view and requests from the
 * letter, the admins' queue of requests, and the closing of a season's scans.
 */

/**
 * POST /svsregistration/{code}/my-data: nothing in the body; the farmer session of the registration's mobile
 * is what opens it (docs/decisions/0043-farmer-one-time-codes.md).
 */
export const MyDataInput = z.strictObject({}, { error: MSG_NO_FIELDS }).optional();
export type MyDataInput = z.infer<typeof MyDataInput>;

export const DATA_REQUEST_KINDS = ['correction', 'erasure'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];
export const DATA_REQUEST_STATUSES = ['open', 'done', 'refused'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];
export const DATA_REQUEST_DETAILS_MAX = 1000;

export const MSG_DETAILS_EMPTY = 'क्या गलत है, यह लिखें / Write what is wrong';
const MSG_KIND = 'सुधार या मिटाना चुनें / Choose correction or erasure';
const MSG_DETAILS_LONG = `अधिकतम ${DATA_REQUEST_DETAILS_MAX} अक्षर / At most ${DATA_REQUEST_DETAILS_MAX} characters`;

/** POST /svsregistration/{code}/data-requests (farmer session): a correction says what is wrong; an erasure may say why. */
export const DataRequestInput = z
  .strictObject(
    {
      kind: z.enum(DATA_REQUEST_KINDS, { error: MSG_KIND }),
      details: z
        .string({ error: MSG_DETAILS_EMPTY })
        .trim()
        .max(DATA_REQUEST_DETAILS_MAX, MSG_DETAILS_LONG)
        .optional()
        .default(''),
    },
    { error: MSG_KIND },
  )
  .refine((r) => r.kind !== 'correction' || r.details.length > 0, { message: MSG_DETAILS_EMPTY, path: ['details'] });
export type DataRequestInput = z.input<typeof DataRequestInput>;

export const DATA_REQUEST_ID_RE = /^DR[0-9a-z]{8,20}$/;
export const DataRequestIdParam = z.object({ id: z.string().regex(DATA_REQUEST_ID_RE, 'Not a request number') });

export const DataRequestListQuery = z.object({
  status: z
    .enum([...DATA_REQUEST_STATUSES, 'all'])
    .optional()
    .default('open'),
});
export type DataRequestListQuery = z.infer<typeof DataRequestListQuery>;

export const ResolveDataRequestInput = z
  .strictObject({
    outcome: z.enum(['done', 'refused'], { error: 'Choose done or refused' }),
    note: z
      .string({ error: 'Note must be text' })
      .trim()
      .max(500, 'Note: at most 500 characters')
      .transform(redactDigitRuns)
      .optional()
      .default(''),
  })
  .refine((r) => r.outcome !== 'refused' || r.note.length > 0, {
    message: 'Give the reason for refusing',
    path: ['note'],
  });
export type ResolveDataRequestInput = z.input<typeof ResolveDataRequestInput>;

/** POST /api/retention/close-season: deletes every Aadhaar scan of the year. */
export const CloseSeasonInput = z.strictObject({
  year: z.number({ error: 'Year must be a number' }).int('Whole number').min(2000, 'Year from 2000').max(2100, 'Year up to 2100'),
});
export type CloseSeasonInput = z.infer<typeof CloseSeasonInput>;

export type {
  MyDataReply,
  DataRequestReply,
  DataRequestListReply,
  SeasonCloseReply,
  RetentionReply,
} from './replies/records';
