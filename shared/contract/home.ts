import { ContentSlugParam } from '../schemas/cms';
import { HomeSummaryReply, SitePageReply } from '../schemas/replies/cms';
import type { AreaContract } from './types';

export const homeContract = {
  'GET /api/home/summary': { reply: HomeSummaryReply },
  'GET /api/home/pages/{slug}': { params: ContentSlugParam, reply: SitePageReply },
} as const satisfies AreaContract<'home'>;
