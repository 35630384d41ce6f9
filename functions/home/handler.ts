import { defineArea } from '../lib/handler';
import {
  AnnouncementIdParam,
  AnnouncementInput,
  BlockIdParam,
  BlockInput,
  CmsListQuery,
  ContentSlugParam,
} from '@shared/schemas/cms';
import { json } from '../lib/http';
import * as home from './service';
import { getSitePage } from './site-pages';

/** Anonymous visitors all get the same summary: the CDN and browsers may keep it for a minute. */
const SUMMARY_CACHE = 'public, max-age=60';
/** The notice and the required pages: an edit shows within half a minute, like the public settings. */
const PAGE_CACHE = 'public, max-age=30';

/** `?includeInactive` alone (no value) also asks for inactive records; `=true` / `=1` too. */
const includeInactive = (flag: boolean, event: { queryStringParameters?: Record<string, string | undefined> }) =>
  flag || event.queryStringParameters?.includeInactive === '';

const saved = <T>(r: home.SaveResult<T>) => json(r.record, r.created ? 201 : 200);

export const handler = defineArea('home', {
  'GET /api/home/summary': {
    handle: async () => json(await home.getHomeSummary(), 200, { 'cache-control': SUMMARY_CACHE }),
  },

  'GET /api/home/pages/{slug}': {
    params: ContentSlugParam,
    handle: async ({ params }) => json(await getSitePage(params.slug), 200, { 'cache-control': PAGE_CACHE }),
  },

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
