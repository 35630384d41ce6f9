import { AnnouncementIdParam, AnnouncementInput, BlockIdParam, BlockInput, CmsListQuery } from '@shared/schemas/cms';
import { defineArea } from '../lib/handler';
import { json } from '../lib/http';
import * as home from './service';

/** `?includeInactive` alone (no value) also asks for inactive records; `=true` / `=1` too. */
const includeInactive = (flag: boolean, event: { queryStringParameters?: Record<string, string | undefined> }) =>
  flag || event.queryStringParameters?.includeInactive === '';

const saved = <T>(r: home.SaveResult<T>) => json(r.record, r.created ? 201 : 200);

export const handler = defineArea('cms', {
  'GET /api/cms/blocks': {
    query: CmsListQuery,
    handle: ({ query, event }) => home.listBlocks(includeInactive(query.includeInactive, event)),
  },
  'POST /api/cms/blocks': {
    body: BlockInput,
    handle: async ({ body, caller, audit }) => saved(await home.saveBlock(body.blockID, body, caller!, audit)),
  },
  'PUT /api/cms/blocks/{blockID}': {
    params: BlockIdParam,
    body: BlockInput,
    handle: async ({ params, body, caller, audit }) =>
      saved(await home.saveBlock(home.resolveId(params.blockID, body.blockID, 'blockID'), body, caller!, audit)),
  },

  'GET /api/cms/announcements': {
    query: CmsListQuery,
    handle: ({ query, event }) => home.listAnnouncements(includeInactive(query.includeInactive, event)),
  },
  'POST /api/cms/announcements': {
    body: AnnouncementInput,
    handle: async ({ body, caller, audit }) => saved(await home.saveAnnouncement(body.announcementID, body, caller!, audit)),
  },
  'PUT /api/cms/announcements/{announcementID}': {
    params: AnnouncementIdParam,
    body: AnnouncementInput,
    handle: async ({ params, body, caller, audit }) =>
      saved(
        await home.saveAnnouncement(
          home.resolveId(params.announcementID, body.announcementID, 'announcementID'),
          body,
          caller!,
          audit,
        ),
      ),
  },
});
