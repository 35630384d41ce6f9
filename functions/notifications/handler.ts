import { kolkataDate } from '@shared/india-time';
import {
  OptOutRequest,
  OutboxIdParam,
  OutboxQuery,
  RegistrationMessagesParam,
  RegistrationMessagesQuery,
  RemindersRunQuery,
  TemplatePut,
} from '@shared/schemas/notifications';
import { LetterCodeParam } from '@shared/schemas/registration';
import { maskMobile, normaliseMobile } from '@shared/sms-templates';
import { isAdmin } from '../lib/caller-roles';
import { notFound } from '../lib/errors';
import { defineArea } from '../lib/handler';
import { getRegistrationByCode } from '../registrations/registration-entity';
import { optOut } from './optout-store';
import { releaseAndSettle, writeReminders } from './reminders';
import { listOutbox, listTemplates, messagesOfRegistration, putTemplate, resend, toReply } from './service';

/** The notifications area (docs/decisions/0041-sms-notifications.md): the outbox, templates, reminders, opt-outs. */
export const handler = defineArea('notifications', {
  'GET /api/notifications/outbox': {
    query: OutboxQuery,
    handle: ({ query }) => listOutbox(query),
  },
  'POST /api/notifications/outbox/{id}/resend': {
    params: OutboxIdParam,
    handle: async ({ params, caller, audit }) => {
      const item = await resend(params.id, `${caller!.userID}`);
      await audit.write({ type: 'sms', id: params.id, year: item.year }, { summary: `message ${params.id} resent` });
      return { success: true as const, item: toReply(item, 'admin') };
    },
  },
  'GET /api/notifications/templates': {
    handle: () => listTemplates(),
  },
  'PUT /api/notifications/templates': {
    body: TemplatePut,
    handle: async ({ body, caller, audit }) => {
      const { before, after } = await putTemplate(body, caller!.name);
      await audit.write(
        { type: 'sms-template', id: body.kind },
        {
          summary: `SMS template ${body.kind} changed`,
          fields: (['hi', 'en'] as const).flatMap((l) => [
            { field: `${l}.dltTemplateId`, before: before[l].dltTemplateId, after: body[l].dltTemplateId },
            { field: `${l}.text`, before: before[l].text, after: body[l].text },
          ]),
        },
      );
      return after;
    },
  },
  'POST /api/notifications/reminders/run': {
    query: RemindersRunQuery,
    handle: async ({ query, audit }) => {
      const date = query.date ?? kolkataDate();
      const { reminders, lastDay } = await writeReminders(date);
      const { released } = await releaseAndSettle();
      await audit.write(
        { type: 'sms', id: `reminders ${date}` },
        { summary: `reminder job for ${date}: ${reminders} reminders, ${lastDay} last-day warnings` },
      );
      return { date, reminders, lastDay, released };
    },
  },
  'POST /api/notifications/opt-out': {
    body: OptOutRequest,
    handle: async ({ body, audit }) => {
      await optOut(body.mobile, 'admin');
      // The log keeps the last four digits only (a mobile is personal data).
      await audit.write(
        { type: 'sms-opt-out', id: maskMobile(body.mobile) },
        { summary: 'mobile added to the SMS opt-out list' },
      );
      return { success: true as const, message: 'No more SMS to this mobile except bills' };
    },
  },
  'POST /svsregistration/{code}/sms-opt-out': {
    params: LetterCodeParam,
    handle: async ({ params, audit }) => {
      const reg = await getRegistrationByCode(params.code);
      const mobile = reg && !reg.personalDataErasedOn ? normaliseMobile(reg.mobileNumber) : undefined;
      if (!reg || !mobile) throw notFound('पत्र नहीं मिला / Letter not found');
      await optOut(mobile, 'farmer');
      await audit.write(
        { type: 'sms-opt-out', id: maskMobile(mobile), year: reg.year },
        { summary: `registration ${reg.id}: farmer opted out of SMS` },
      );
      return {
        success: true as const,
        message: 'अब आपको बिल के अलावा कोई SMS नहीं भेजा जाएगा / You will get no more SMS except your bill',
      };
    },
  },
  'GET /api/notifications/registrations/{id}': {
    params: RegistrationMessagesParam,
    query: RegistrationMessagesQuery,
    handle: ({ params, query, caller }) => messagesOfRegistration(query.year, params.id, isAdmin(caller) ? 'admin' : 'staff'),
  },
});
