import * as z from 'zod';

const Kind = z.enum(['correction', 'erasure']);
const Status = z.enum(['open', 'done', 'refused']);

/** A request about the farmer's data, as the farmer and the admins see it. */
export const DataRequestReply = z.strictObject({
  id: z.string(),
  kind: Kind,
  /** What the farmer wrote (12-digit runs redacted). */
  details: z.string(),
  status: Status,
  createdAt: z.string(),
  registration: z.strictObject({ id: z.number(), year: z.number() }),
  farmerID: z.number().nullable(),
  /** The farmer's name as registered (admins' list). */
  name: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  note: z.string().nullable(),
  /** What an erasure done removed, in words. */
  erased: z.string().nullable(),
});
export type DataRequestReply = z.infer<typeof DataRequestReply>;

export const DataRequestListReply = z.strictObject({ items: z.array(DataRequestReply) });
export type DataRequestListReply = z.infer<typeof DataRequestListReply>;

/**
 * Everything held about the farmer, reachable from the letter: the farmer record (Aadhaar and mobile masked),
 * the registrations, the bills, the consent and the requests.
 */
export const MyDataReply = z.strictObject({
  farmer: z.strictObject({
    farmerID: z.number().nullable(),
    name: z.string(),
    fatherName: z.string(),
    aadhaar: z.string(),
    mobile: z.string(),
    address: z.string(),
    category: z.string(),
    gender: z.string(),
  }),
  registrations: z.array(
    z.strictObject({
      id: z.number(),
      year: z.number(),
      crop: z.string(),
      cropHi: z.string().nullable(),
      status: z.string(),
      registeredOn: z.string().nullable(),
      appointmentDate: z.string().nullable(),
      billedOn: z.string().nullable(),
      cancelledOn: z.string().nullable(),
      expiredOn: z.string().nullable(),
      scanHeld: z.boolean(),
      scanDeletedOn: z.string().nullable(),
    }),
  ),
  bills: z.array(
    z.strictObject({
      invoiceNumber: z.string(),
      date: z.string(),
      kg: z.number(),
      amount: z.number(),
      registrationID: z.number(),
      status: z.enum(['issued', 'cancelled']),
      /** The credit note that cancelled the bill. */
      creditNoteNumber: z.string().nullable(),
    }),
  ),
  consent: z.strictObject({ consentAt: z.string(), noticeVersion: z.string().nullable() }).nullable(),
  requests: z.array(DataRequestReply),
});
export type MyDataReply = z.infer<typeof MyDataReply>;

/** The closing of one year's scans: where it stands. */
export const SeasonCloseReply = z.strictObject({
  year: z.number(),
  status: z.enum(['running', 'done']),
  deleted: z.number(),
  startedAt: z.string(),
  startedBy: z.string(),
  finishedAt: z.string().nullable(),
});
export type SeasonCloseReply = z.infer<typeof SeasonCloseReply>;

export const RetentionReply = z.strictObject({
  scanRetentionDays: z.number(),
  /** Scans waiting for their day (billed, expired or cancelled registrations). */
  waiting: z.number(),
  seasons: z.array(SeasonCloseReply),
});
export type RetentionReply = z.infer<typeof RetentionReply>;
