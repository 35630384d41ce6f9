import { call } from '@web/lib/api';
import type { OutboxItemReply, OutboxQuery, OutboxReply, TemplatePut, TemplatesReply } from '@shared/schemas/notifications';

/** The notifications area's calls (docs/decisions/0041-sms-notifications.md). */
export type OutboxFilters = Partial<Pick<OutboxQuery, 'status' | 'kind' | 'day'>> & { mobile?: string };

export const listOutbox = (f: OutboxFilters, signal?: AbortSignal): Promise<OutboxReply> =>
  call('GET /api/notifications/outbox', { query: { ...f, take: 200 }, signal });

export const resendMessage = async (id: string): Promise<OutboxItemReply> =>
  (await call('POST /api/notifications/outbox/{id}/resend', { params: { id } })).item;

export const listTemplates = (signal?: AbortSignal): Promise<TemplatesReply> =>
  call('GET /api/notifications/templates', { signal });

export const saveTemplate = (body: TemplatePut) => call('PUT /api/notifications/templates', { body });
