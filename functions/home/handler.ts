import { defineArea } from '../lib/handler';
import { ContentSlugParam } from '@shared/schemas/cms';
import { json } from '../lib/http';
import * as home from './service';
import { getSitePage } from './site-pages';

/** Anonymous visitors all get the same summary: the CDN and browsers may keep it for a minute. */
const SUMMARY_CACHE = 'public, max-age=60';
/** The notice and the required pages: an edit shows within half a minute, like the public settings. */
const PAGE_CACHE = 'public, max-age=30';

export const handler = defineArea('home', {
  'GET /api/home/summary': {
    handle: async () => json(await home.getHomeSummary(), 200, { 'cache-control': SUMMARY_CACHE }),
  },

  'GET /api/home/pages/{slug}': {
    params: ContentSlugParam,
    handle: async ({ params }) => json(await getSitePage(params.slug), 200, { 'cache-control': PAGE_CACHE }),
  },
});
