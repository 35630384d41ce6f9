import * as z from 'zod';
import { DLT_ID_PATTERN, normaliseMobile, SMS_KINDS, templateProblems, type SmsKind } from '../sms-templates';

/** The notifications area's requests and replies (docs/decisions/0041-sms-notifications.md). */
export const OUTBOX_STATUSES = ['pending', 'sent', 'delivered', 'failed', 'held', 'opted-out'] as const;
export const OUTBOX_TAKE_MAX = 200;

const day = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}: a date as YYYY-MM-DD`)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
      message: `${label}: not a calendar date`,
    });

/** A mobile typed any way (+91, spaces, a leading 0): the 10 digits, or refused. */
const typedMobile = z
  .string({ error: 'mobile must be text' })
  .max(20, 'mobile: at most 20 characters')
  .transform((v, ctx) => {
    const m = normaliseMobile(v);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: 'mobile: a 10-digit Indian mobile number / 10 अंकों का मोबाइल नंबर' });
      return z.NEVER;
    }
    return m;
  });

/** GET /api/notifications/outbox?status=&kind=&day=&mobile=&take= (admin): the day's items, newest first. */
export const OutboxQuery = z.object({
  status: z.enum(OUTBOX_STATUSES, { error: `status must be one of ${OUTBOX_STATUSES.join(', ')}` }).optional(),
  kind: z.enum(SMS_KINDS, { error: `kind must be one of ${SMS_KINDS.join(', ')}` }).optional(),
  /** India day the items were written (today when absent). */
  day: day('day').optional(),
  mobile: typedMobile.optional(),
  take: z.coerce
    .number({ error: 'take must be a number' })
    .int('take must be a whole number')
    .min(1, 'take must be at least 1')
    .max(OUTBOX_TAKE_MAX, `take: at most ${OUTBOX_TAKE_MAX}`)
    .default(50),
});
export type OutboxQuery = z.infer<typeof OutboxQuery>;

export const OutboxItemReply = z.strictObject({
  /** `<year>.<registration id10>.<event>` */
  id: z.string(),
  kind: z.enum(SMS_KINDS),
  /** 10 digits for admins, the last four (XXXXXX1234) for other staff. */
  mobile: z.string(),
  templateId: z.string().nullable(),
  language: z.enum(['hi', 'en']),
  status: z.enum(OUTBOX_STATUSES),
  tries: z.number(),
  messageId: z.string().nullable(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  registrationId: z.number(),
  year: z.number(),
  createdOn: z.string(),
  holdUntil: z.string().nullable(),
  /** Resent once already (a failed item is resent at most once). */
  resent: z.boolean(),
});
export type OutboxItemReply = z.infer<typeof OutboxItemReply>;

export const OutboxReply = z.strictObject({
  day: z.string(),
  items: z.array(OutboxItemReply),
  /** The day's items by status (all kinds and mobiles). */
  counts: z.record(z.enum(OUTBOX_STATUSES), z.number()),
});
export type OutboxReply = z.infer<typeof OutboxReply>;

export const OutboxIdParam = z.object({
  id: z.string().regex(/^\d{4}\.\d{10}\.[a-z-]{3,20}$/, 'id: an outbox id (<year>.<number>.<event>)'),
});

export const ResendReply = z.strictObject({ success: z.literal(true), item: OutboxItemReply });
export type ResendReply = z.infer<typeof ResendReply>;

/** GET /api/notifications/registrations/{id}?year= (staff): the messages of one registration. */
export const RegistrationMessagesQuery = z.object({
  year: z.coerce.number({ error: 'year must be a number' }).int().min(2000).max(3000),
});
export const RegistrationMessagesParam = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive').max(1e9),
});
export const RegistrationMessagesReply = z.strictObject({ items: z.array(OutboxItemReply) });
export type RegistrationMessagesReply = z.infer<typeof RegistrationMessagesReply>;

const templateText = z.strictObject({
  dltTemplateId: z
    .string({ error: 'dltTemplateId must be text' })
    .trim()
    .regex(DLT_ID_PATTERN, 'dltTemplateId: the 19-digit DLT template ID'),
  text: z.string({ error: 'text must be text' }).max(500, 'text: at most 500 characters'),
});

/** PUT /api/notifications/templates (super_admin): one template, both languages; refused unless DLT could match it. */
export const TemplatePut = z
  .strictObject({
    kind: z.enum(SMS_KINDS, { error: `kind must be one of ${SMS_KINDS.join(', ')}` }),
    hi: templateText,
    en: templateText,
  })
  .superRefine((t, ctx) => {
    for (const lang of ['hi', 'en'] as const) {
      for (const problem of templateProblems(t.kind as SmsKind, lang, t[lang]))
        ctx.addIssue({ code: 'custom', path: [lang, 'text'], message: problem });
    }
  });
export type TemplatePut = z.infer<typeof TemplatePut>;

export const TemplateReply = z.strictObject({
  kind: z.enum(SMS_KINDS),
  variables: z.array(z.string()),
  hi: z.strictObject({ dltTemplateId: z.string(), text: z.string() }),
  en: z.strictObject({ dltTemplateId: z.string(), text: z.string() }),
  updatedOn: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type TemplateReply = z.infer<typeof TemplateReply>;

export const TemplatesReply = z.strictObject({
  templates: z.array(TemplateReply),
  /** Paise per message part (the setting SMS_PRICE_PER_PART_PAISE). */
  pricePerPartPaise: z.number(),
  /** The institute's DLT entity ID and sender ID, as the sender uses them. */
  entityId: z.string(),
  senderId: z.string(),
});
export type TemplatesReply = z.infer<typeof TemplatesReply>;

/** POST /api/notifications/reminders/run?date= (admin): the day the job runs as (today in India when absent). */
export const RemindersRunQuery = z.object({ date: day('date').optional() });
export const RemindersRunReply = z.strictObject({
  date: z.string(),
  /** Day-before reminders written (for appointments on date + 1). */
  reminders: z.number(),
  /** Last-day-to-collect warnings written (last day = date). */
  lastDay: z.number(),
  /** Held items whose quiet hours ended, handed to the sender. */
  released: z.number(),
});
export type RemindersRunReply = z.infer<typeof RemindersRunReply>;

/** POST /api/notifications/opt-out (admin). */
export const OptOutRequest = z.strictObject({ mobile: typedMobile });
export const OptOutReply = z.strictObject({ success: z.literal(true), message: z.string() });
export type OptOutReply = z.infer<typeof OptOutReply>;
