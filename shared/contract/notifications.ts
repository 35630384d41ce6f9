import {
  OptOutReply,
  OptOutRequest,
  OutboxIdParam,
  OutboxQuery,
  OutboxReply,
  RegistrationMessagesParam,
  RegistrationMessagesQuery,
  RegistrationMessagesReply,
  RemindersRunQuery,
  RemindersRunReply,
  ResendReply,
  TemplatePut,
  TemplateReply,
  TemplatesReply,
} from '../schemas/notifications';
import { LetterCodeParam } from '../schemas/registration';
import type { AreaContract } from './types';

export const notificationsContract = {
  'GET /api/notifications/outbox': { query: OutboxQuery, reply: OutboxReply },
  'POST /api/notifications/outbox/{id}/resend': { params: OutboxIdParam, reply: ResendReply },
  'GET /api/notifications/templates': { reply: TemplatesReply },
  'PUT /api/notifications/templates': { body: TemplatePut, reply: TemplateReply },
  'POST /api/notifications/reminders/run': { query: RemindersRunQuery, reply: RemindersRunReply },
  'POST /api/notifications/opt-out': { body: OptOutRequest, reply: OptOutReply },
  'POST /svsregistration/{code}/sms-opt-out': { params: LetterCodeParam, reply: OptOutReply },
  'GET /api/notifications/registrations/{id}': {
    params: RegistrationMessagesParam,
    query: RegistrationMessagesQuery,
    reply: RegistrationMessagesReply,
  },
} as const satisfies AreaContract<'notifications'>;
