import * as z from 'zod';

export const AuditEntryReply = z.strictObject({
  eventId: z.string(),
  at: z.string(),
  action: z.string(),
  userID: z.number(),
  userName: z.string(),
  roles: z.array(z.string()),
  sourceIp: z.string(),
  subjectType: z.string(),
  subjectId: z.union([z.number(), z.string()]),
  subjectYear: z.number().optional(),
  summary: z.string().optional(),
  changes: z.array(z.strictObject({ field: z.string(), before: z.string(), after: z.string() })).optional(),
});
export type AuditEntryResponse = z.infer<typeof AuditEntryReply>;

/** One page of the window's entries that pass the filters, newest first, and how many pass in all. */
export const AuditReply = z.strictObject({
  from: z.string(),
  to: z.string(),
  total: z.number(),
  skip: z.number(),
  take: z.number(),
  items: z.array(AuditEntryReply),
});
export type AuditPage = z.infer<typeof AuditReply>;
