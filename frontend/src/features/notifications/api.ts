import { PRIVATE_QUERY_HEADER } from '@shared/private-query';
import { call } from '@web/lib/api';
import type { OutboxItemReply, OutboxQuery, OutboxReply, TemplatePut, TemplatesReply } from '@shared/schemas/notifications';

/** The notifications area's calls (docs/decisions/0041-sms-notifications.md). */
export type OutboxFilters = Partial<Pick<OutboxQuery, 'status' | 'kind' | 'day'>> & { mobile?: string };

/** A mobile is personal data: it travels in the private-query header, never in the URL (shared/private-query.ts). */
export const listOutbox = ({ mobile, ...open }: OutboxFilters, signal?: AbortSignal): Promise<OutboxReply> =>
  call('GET /api/notifications/outbox', {
    query: { ...open, take: 200 },
    headers: mobile ? { [PRIVATE_QUERY_HEADER]: new URLSearchParams({ mobile }).toString() } : undefined,
    signal,
  });

export const resendMessage = async (id: string): Promise<OutboxItemReply> =>
  (await call('POST /api/notifications/outbox/{id}/resend', { params: { id } })).item;

export const listTemplates = (signal?: AbortSignal): Promise<TemplatesReply> =>
  call('GET /api/notifications/templates', { signal });

export const saveTemplate = (body: TemplatePut) => call('PUT /api/notifications/templates', { body });
